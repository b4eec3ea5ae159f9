"""The registry of error codes and rule ids (gamerec/errors.py) against the code that
raises them, the known-bad fixtures that show them, and docs/errors.md that lists them."""

from __future__ import annotations

import ast
import json
import re

from conftest import FIXTURES

from gamerec.errors import FORMAT_CODES, OTHER_CODES
from gamerec.games import GAMES, rule_ids

ROOT = FIXTURES.parent
KNOWN = {**FORMAT_CODES, **rule_ids(), **OTHER_CODES}
#: the calls that raise an id, and the place of the id among their arguments (``_fault``: the
#: bots' faults, gamerec/bots/seating.py)
RAISERS = {"Illegal": 0, "Rejected": 1, "FormatError": 1, "BotFault": 0, "_fault": 5}


def raised_ids() -> dict[str, set[str]]:
    """Every id written as a constant where the code raises Illegal, Rejected or
    FormatError, with the modules it is in."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "gamerec").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name not in RAISERS:
                continue
            at = RAISERS[name]
            args = {**{i: a for i, a in enumerate(node.args)}, **{k.arg: k.value for k in node.keywords}}
            value = args.get(at, args.get("code" if name == "FormatError" else "rule"))
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.setdefault(value.value, set()).add(path.relative_to(ROOT).as_posix())
    return found


def test_every_id_the_code_raises_is_registered() -> None:
    raised = raised_ids()
    assert len(raised) > 40
    missing = {k: v for k, v in raised.items() if k not in KNOWN}
    assert not missing, f"ids raised but not in gamerec/errors.py: {missing}"


def test_every_registered_id_is_raised_somewhere() -> None:
    raised = set(raised_ids())
    # made at run time: the deal's stored seat (deal-dealer / deal-first), the claim's
    # shape, a short stock, the base codes of the error classes, the text notation's code,
    # msgspec's validation errors (FormatError.schema)
    made = {"deal-dealer", "deal-first", "claim-shape", "stock-missing", "input", "error", "format.text",
            "format.schema"}  # fmt: skip
    unused = set(KNOWN) - raised - made
    assert not unused, f"registered but never raised: {unused}"
    source = "\n".join(p.read_text() for p in (ROOT / "gamerec").rglob("*.py"))
    for rule in made:
        assert f'"{rule}"' in source or rule.startswith("deal-")


def test_every_id_in_the_known_bad_manifests_is_registered() -> None:
    for manifest in FIXTURES.glob("*/bad/expected.manifest"):
        for name, expected in json.loads(manifest.read_text()).items():
            rule = expected.get("rule")
            assert rule is None or rule in KNOWN, f"{manifest}: {name}: {rule}"


def test_docs_list_exactly_the_registered_ids() -> None:
    text = (ROOT / "docs" / "errors.md").read_text()
    listed = re.findall(r"^\| `([a-z.-]+)` \|", text, re.M)
    verdicts = {"valid", "illegal", "incomplete", "mismatch", "unreadable"}
    ids = [i for i in listed if i not in verdicts]
    assert len(ids) == len(set(ids)), "an id is listed twice"
    assert set(ids) == set(KNOWN)
    for line in text.splitlines():
        m = re.match(r"^\| `([a-z.-]+)` \| .* \| `(.*)` \|$", line)
        if m and m.group(1) not in ("input", "error", "hands-unknown") and m.group(1) not in verdicts:
            assert m.group(2).endswith(f"[{m.group(1)}]"), line


def test_the_rule_ids_of_each_game_are_in_its_rules_doc() -> None:
    """A game's rules doc names the ids its engine raises."""
    raised = raised_ids()
    for game in GAMES:
        package = f"gamerec/games/{game.replace('-', '_')}/"
        doc = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
        own = {k for k, where in raised.items() if any(w.startswith(package) for w in where) and k in KNOWN}
        assert own, game
        missing = {k for k in own | set(GAMES[game].rule_ids) if f"`{k}`" not in doc}
        assert not missing, f"docs/rules/{game}.md does not name {missing}"


def test_a_games_own_rule_ids_are_raised_by_its_rules_alone() -> None:
    """Each id a game registers as its own (``Game.rule_ids``) is raised in its package and
    nowhere else, and no two games register the same id."""
    raised = raised_ids()
    seen: dict[str, str] = {}
    for game in GAMES:
        package = f"gamerec/games/{game.replace('-', '_')}/"
        for k in GAMES[game].rule_ids:
            assert k not in seen, f"{k} registered by {seen.get(k)} and {game}"
            seen[k] = game
            assert raised.get(k) and all(w.startswith(package) for w in raised[k]), (game, k, raised.get(k))
