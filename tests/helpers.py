"""The helpers the tests share (``from helpers import ...`` works from every folder of tests/:
tests/conftest.py puts tests/ on the path). Paths to the checkout and the fixtures are
conftest's (``from conftest import ROOT, FIXTURES``).

- ``cli(...)``: the gamerec command line run in-process through typer's CliRunner, with
  ``error_line`` and ``stderr_lines`` to read what it said on stderr.
- ``json_lines(...)``: the records and summary of ``--json`` output (JSON Lines).
- ``rejects(...)``: a game state refuses an action with a given rule id.
- ``bot_moves_as_rng_choice(...)``: a bot plays a game, held at every turn to the action
  ``rng.choice(state.legal_actions())`` would choose.
- ``illegal_rule_ids(game)``: the rule ids an illegal verdict on a record of a game may carry,
  from the errors registry (gamerec/errors.py).
- ``import_graph()`` and ``cycles()``: the graph of the library's imports, read from its
  source.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from typer.testing import CliRunner, Result

from gamerec.cli import app
from gamerec.engine import GameState
from gamerec.errors import RULES, Illegal, StockMissing
from gamerec.games import GAMES
from gamerec.record import Action

# -- the command line ------------------------------------------------------------------------
# rich decides colour and width from the environment at print time: no colour, wide lines
ENV = {"FORCE_COLOR": None, "TTY_COMPATIBLE": "0", "NO_COLOR": "1", "COLUMNS": "140"}
# GAMEREC_DEBUG=1: an unexpected exception escapes the CLI's safety net (exit 3), so a test
# sees it with its traceback
RUNNER = CliRunner(env={**ENV, "GAMEREC_DEBUG": "1"})
EXIT_INTERNAL = 3


def cli(*args: str | Path, input: bytes | str | None = None, runner: CliRunner = RUNNER) -> Result:
    """Run ``gamerec ARGS``; an exception that escapes the CLI, or an internal error (exit
    3), fails the test with its traceback (the runner would otherwise swallow it)."""
    result = runner.invoke(app, [str(a) for a in args], input=input, prog_name="gamerec")
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        assert result.exc_info is not None
        tb = "".join(traceback.format_exception(*result.exc_info))
        raise AssertionError(f"gamerec {' '.join(map(str, args))} raised:\n{tb}")
    if runner is RUNNER and result.exit_code == EXIT_INTERNAL:
        raise AssertionError(f"gamerec {' '.join(map(str, args))}: internal error: {result.stderr}")
    return result


def error_line(result: Result) -> str:
    """The one line on stderr, checked to be one line, prefixed and no traceback."""
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.endswith("\n") and result.stderr.count("\n") == 1, repr(result.stderr)
    return result.stderr.rstrip("\n")


def json_lines(stdout: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The records and the summary of ``--json`` output in JSON Lines (docs/cli.md): one
    object per line, the last one ``{"summary": {...}}``."""
    *records, last = [json.loads(x) for x in stdout.splitlines()]
    assert list(last) == ["summary"], last
    assert all("summary" not in r for r in records)
    return records, last["summary"]


def stderr_lines(result: Result) -> list[str]:
    assert "Traceback" not in result.stderr + result.stdout
    return result.stderr.splitlines()


# -- the rules -------------------------------------------------------------------------------
def distinct_records(path: Path, count: int) -> Path:
    """``count`` different valid blackball records written to ``path`` (20 simulated games,
    each under new players' names): seconds of work for any command."""
    import msgspec

    from gamerec.bots import simulate
    from gamerec.format.write import write_records

    base = list(simulate("blackball", 4, 20, 1))
    names = ([f"P{i}-{s}" for s in "abcd"] for i in range(count))
    write_records((msgspec.structs.replace(base[i % 20], players=p) for i, p in enumerate(names)), path)
    return path


def rejects(state: GameState, action: Action, rule: str, *fragments: str) -> Illegal:
    """``action`` is refused now (can() agrees) with ``rule``, and its reason mentions every
    fragment."""
    assert not state.can(action)
    with pytest.raises(Illegal) as info:
        state.verify(action)
    err = info.value
    assert err.rule == rule, err
    for f in fragments:
        assert f in err.reason, err.reason
    return err


def bot_moves_as_rng_choice(
    game_id: str, players: int, rules: dict[str, Any], bot: Any, seed: int, limit: int
) -> list[Action]:
    """Play ``game_id`` with ``bot`` (a bot class) at every seat until the game ends or
    ``limit`` actions, checking at every turn that the bot chooses what
    ``rng.choice(legal)`` would over the seat's legal actions and leaves the generator in
    the same state (the bots make only the action they choose; the records a seed gives
    must not change). The actions played."""
    import random

    from gamerec.games import get_spec

    game = GAMES[game_id]
    seats = get_spec(game_id).seats()
    assert seats is not None
    state = game.new_state(dict(game.filled_rules(rules, players)), [f"P{i}" for i in range(players)])
    rng = random.Random(seed)
    played: list[Action] = []
    player = bot()
    while not state.finished and len(played) < limit:
        deal = game.deal(state, rng)
        state.begin_deal(deal)
        while not state.deal_over:
            twin = random.Random()
            twin.setstate(rng.getstate())
            expected = twin.choice(list(seats.offered(state)))
            got = player.act(seats.seen(state, state.to_move, deal.actions), seats.offered(state), rng)
            assert got == expected
            assert rng.getstate() == twin.getstate()
            state.apply(got)
            deal.actions.append(got)
            played.append(got)
    return played


def bot_action(game_id: str, bot: str, state: Any, rng: Any, actions: Any = ()) -> Action:
    """The action the game's bot named ``bot`` chooses for the seat to move of ``state`` (the
    deal's ``actions`` so far given: what the seat has seen played)."""
    from gamerec.games import get_spec

    seats = get_spec(game_id).seats()
    assert seats is not None
    seat = state.to_move
    action: Action = seats.bots[bot]().act(seats.seen(state, seat, actions), seats.offered(state), rng)
    return action


def bot_names(game_id: str) -> list[str]:
    """The names of the bots gamerec ships for ``game_id``."""
    from gamerec.games import get_spec

    seats = get_spec(game_id).seats()
    return [] if seats is None else sorted(seats.bots)


# -- recording with unknown hands ---------------------------------------------------------------
class Recorded:
    """A record entered as ``gamerec record --hands unknown`` reads it (:func:`record_unknown`):
    ``prompts``, each prompt's words and the line typed at it, in order; ``refused``, the
    first refusal as (deal index, the action it names, rule id), or None; ``rec``, the
    recorder (closed)."""

    def __init__(self, prompts: list[tuple[str, str]], refused: tuple[int, int | None, str] | None, rec: Any):
        self.prompts = prompts
        self.refused = refused
        self.rec = rec

    @property
    def lines(self) -> list[str]:
        return [line for _, line in self.prompts]


def record_unknown(record: Any, journal: Path) -> Recorded:
    """Enter ``record``'s deals through a recorder with unknown hands, as the plain prompt
    of ``gamerec record --hands unknown`` asks for them (the dealer when it is not fixed, the
    up-card with the deal, each stock card when the rules turn it, then each action: its
    hands are never typed), until the first refusal."""
    from gamerec.format.notation import format_action
    from gamerec.recording.recorder import Recorder, Rejected

    game = GAMES[record.game]
    deck = game.deck
    rec = Recorder.start(journal, record.game, record.players, record.rules, hands="unknown")
    prompts: list[tuple[str, str]] = []
    refused: tuple[int, int | None, str] | None = None
    try:
        for di, deal in enumerate(record.deals):
            assert rec.status() == "deal", rec.status()
            word = f"{game.deal_word} {di + 1}"
            if rec.expected_seat() is None:
                who = "dealer" if game.seat_field == "dealer" else "first player"
                prompts.append((f"{word}: {who} (seat", str(deal.dealer)))
            _, upcards = rec.deal_shape()
            if upcards:
                prompts.append((f"{game.stock_card(0)} of {word}: ", deck.codes_of(deal.stock[:upcards])))
            rec.begin_deal(deal.dealer, None, deal.stock[:upcards])
            for action in deal.actions:
                while rec.needs_stock:
                    card = deck.code(deal.stock[len(rec.deals[-1].stock)])
                    prompts.append((f"[{word}] {rec.stock_due}: ", card))
                    rec.reveal(card)
                line = format_action(game, action)
                mover = rec.to_move()
                prompts.append((f"[{word}] {record.players[mover]} (seat {mover}) to move> ", line))
                try:
                    rec.enter(line)
                except Rejected as e:
                    refused = (di, e.action, e.rule)
                    return Recorded(prompts, refused, rec)
    finally:
        rec.close()
    return Recorded(prompts, refused, rec)


def _owner(description: str) -> str | None:
    """Whose rule id the registry's description gives it to: a game (``blackball: ...``,
    ``blackball, option hook: ...``), ``gamerec record`` (the recorder's refusals), or None
    for a rule of every game."""
    m = re.match(r"([a-z0-9 -]+?)(?:, [^:]*)?: ", description)
    return m.group(1) if m and (m.group(1) in GAMES or m.group(1) == "gamerec record") else None


def illegal_rule_ids(game: str) -> frozenset[str]:
    """The rule ids an *illegal* verdict on a record of ``game`` may carry, from the errors
    registry: the rules of every game and those its description gives to ``game``; not
    another game's, not the recorder's refusals, not ``stock-missing`` (an *incomplete*
    verdict's)."""
    assert game in GAMES, game
    shared = frozenset(k for k, v in RULES.items() if _owner(v) is None)
    ids = (shared | frozenset(GAMES[game].rule_ids)) - {StockMissing.code}
    assert ids, game
    return ids


# -- the library's imports -------------------------------------------------------------------
PACKAGE = ROOT / "gamerec"


def modules() -> dict[str, Path]:
    """Each module of the library by its dotted name, with its file."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module and the gamerec modules it imports (``from .x import y`` counts as an
    import of ``x``, and of ``x.y`` when that is a module)."""
    mods = modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    stem = ".".join([*base, node.module] if node.module else base)
                else:
                    stem = node.module or ""
                targets = [stem, *(f"{stem}.{a.name}" for a in node.names)]
            else:
                continue
            graph[name].update(t for t in targets if t in mods and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


# -- the command in a process of its own, and its worker processes -------------------------
#: ``gamerec`` in a fresh process
CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]
#: how long a process may take: only so that a hang fails the test instead of the suite
PROCESS_TIMEOUT = 60


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its workers), from /proc."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def start(*args: str | Path) -> subprocess.Popen[str]:
    """``gamerec ARGS`` under way, in a session of its own."""
    return subprocess.Popen(
        [*CLI, *map(str, args)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip


def wait_for_workers(proc: subprocess.Popen[str], n: int) -> list[int]:
    """The worker processes of ``proc``, once ``n`` of them run."""
    deadline = time.monotonic() + PROCESS_TIMEOUT
    while len(kids := children(proc.pid)) < n:
        assert proc.poll() is None, f"the command ended before {n} workers ran: {proc.communicate()}"
        assert time.monotonic() < deadline, "no workers started"
        time.sleep(0.005)
    return kids


def finish(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """stdout and stderr, once every process holding them (workers too) has ended."""
    try:
        return proc.communicate(timeout=PROCESS_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError("hangs") from None


def assert_gone(pids: list[int], within: float = PROCESS_TIMEOUT) -> None:
    """Each of ``pids`` ends (or is a zombie of a parent that is gone) ``within`` seconds."""
    deadline = time.monotonic() + within
    for pid in pids:
        while Path(f"/proc/{pid}").exists() and "Z" not in _state(pid):
            assert time.monotonic() < deadline, f"worker {pid} outlived its command"
            time.sleep(0.01)


@contextlib.contextmanager
def session_ended(proc: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    """``proc`` (started in a session of its own, as :func:`start` does), and at the end every
    process of its group killed, the workers it left behind too, and ``proc`` waited for."""
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"
