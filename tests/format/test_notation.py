"""The text notation (.gtxt): lossless round trips, comments and notes, quoting, errors
with line and column, and the CLI reading and writing it."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_record
from gamerec.errors import FormatError
from gamerec.format.binary import encode_binary
from gamerec.format.notation import format_action, format_record, parse_action
from gamerec.format.notation_read import parse_records
from gamerec.format.read import read_bytes, read_file
from gamerec.games import GAMES, get_game
from gamerec.record import Bid, Cards, Claim, Meta, Pass, Play, Pledge, Provenance, Record

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SMALL = """\
# a family game, typed up from the score sheet
gamerec: 1
game: blackball
players: Ann, Bo, Cy
rule hook: true
event: Family night   # a comment after a value
deal 1: dealer 0
hand 0: QS
hand 1: 4C
hand 2: AH
stock: 7H
1 bid 0
2 bid 1 ; sure of the ace # and this stays in the note
0 bid 1
1 play 4C  # a comment after an action
2 play AH
0 play QS
claim totals: 10 11 0
"""


def fixture_records() -> list[tuple[str, Record]]:
    out = []
    for path in sorted(FIXTURES.glob("*/games/*.json")):
        for e in read_file(path):
            assert e.record is not None
            out.append((f"{path.parent.parent.name}/{path.name}", e.record))
    return out


@pytest.mark.parametrize(("name", "record"), fixture_records(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_hand_worked_game_round_trips_byte_identical(name: str, record: Record) -> None:
    text = format_record(record)
    (back,) = parse_records(text)
    assert encode_binary(back) == encode_binary(record)
    assert verify_record(back, name, 0).status == verify_record(record, name, 0).status


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tournaments_round_trip_through_the_cli(game: str, tmp_path: Path) -> None:
    src = FIXTURES / game / "tournament.grec"
    text = tmp_path / "t.gtxt"
    back = tmp_path / "back.grec"
    assert cli("convert", str(src), "-o", str(text)).exit_code == 0
    assert text.read_text().startswith("gamerec: 1\n")
    r = cli("validate", str(text))
    assert r.exit_code == 0, r.stderr
    assert cli("convert", str(text), "-o", str(back)).exit_code == 0
    assert back.read_bytes() == src.read_bytes()


names_st = st.text(min_size=1, max_size=12)
notes_st = st.none() | st.text(max_size=20)
# one short simulated record per game, cut to two deals of a few actions: the strings vary
SAMPLES = {
    game: msgspec.structs.replace(
        r,
        deals=[msgspec.structs.replace(d, actions=d.actions[:12]) for d in r.deals[:2]],
    )
    for game in sorted(GAMES)
    for (r,) in [list(simulate(game, 2 if game == "black-swan-taroc" else 3, 1, 7))]
}


@FAST
@given(st.sampled_from(sorted(GAMES)), st.data())
def test_any_names_notes_and_metadata_round_trip(game: str, data: st.DataObject) -> None:
    record = SAMPLES[game]
    deals = []
    for d in record.deals:
        actions = [msgspec.structs.replace(a, note=data.draw(notes_st)) for a in d.actions]
        deals.append(msgspec.structs.replace(d, actions=actions))
    record = msgspec.structs.replace(
        record,
        players=[data.draw(names_st) for _ in record.players],
        meta=Meta(
            event=data.draw(st.none() | st.text(max_size=15)),
            site=data.draw(st.none() | st.text(max_size=15)),
            tags=data.draw(st.dictionaries(names_st, st.text(max_size=10), max_size=3)),
        ),
        provenance=Provenance(
            data.draw(names_st),
            data.draw(st.none() | st.integers(-(2**63), 2**63 - 1)),
            data.draw(st.dictionaries(names_st, st.text(max_size=10), max_size=2)),
        ),
        deals=deals,
        claim=data.draw(
            st.none()
            | st.builds(
                Claim,
                st.none() | st.lists(st.lists(st.integers(-999, 999), max_size=3), max_size=3),
                st.none() | st.lists(st.integers(-999, 999), max_size=3),
            )
        ),
    )
    text = format_record(record)
    (back,) = parse_records(text)
    assert encode_binary(back) == encode_binary(record), text


def test_comments_are_ignored_and_notes_kept() -> None:
    (record,) = parse_records(SMALL)
    assert record.players == ["Ann", "Bo", "Cy"]
    assert record.meta.event == "Family night"
    actions = record.deals[0].actions
    assert actions[1] == Bid(2, 1, "sure of the ace # and this stays in the note")
    assert actions[3].note is None
    assert record.claim == Claim(None, [10, 11, 0])
    # one round of the thirteen: legal so far
    assert verify_record(record, "small", 0).status == "incomplete"


def test_awkward_values_are_quoted_and_read_back() -> None:
    record = Record(
        game="blackball",
        players=["Smith, J", " lead", "#1", '"Q"', "a #b", "tab\there"],
        meta=Meta(event="Spring; round 2", date="2026-03-01", tags={"a:b": "x  # y"}),
    )
    text = format_record(record)
    assert 'players: "Smith, J", " lead", "#1", "\\"Q\\"", "a #b", "tab\\there"' in text
    assert "event: Spring; round 2" in text
    (back,) = parse_records(text)
    assert back.players == record.players
    assert back.meta == record.meta


def test_rule_values_bare_words_and_json() -> None:
    text = format_record(
        Record(game="forest", players=["A", "B", "C"], rules={"targets": {"4": 50}, "hand_size": 5})
    )
    assert 'rule targets: {"4":50}' in text
    assert "rule hand_size: 5" in text
    (back,) = parse_records(text)
    assert back.rules == {"targets": {"4": 50}, "hand_size": 5}
    (bb,) = parse_records("gamerec: 1\ngame: blackball\nplayers: A, B\nrule schedule: 7-1-7\n")
    assert bb.rules == {"schedule": "7-1-7"}


def test_several_records_in_one_file_and_from_bytes() -> None:
    two = SMALL + "\n" + SMALL.replace("Family night", "Second")
    records = parse_records(two)
    assert [r.meta.event for r in records] == ["Family night", "Second"]
    entries = list(read_bytes(two.encode(), "two.gtxt"))
    # the second record starts at its gamerec: line (after a blank line and a comment)
    assert [e.where for e in entries] == ["line 1", f"line {SMALL.count(chr(10)) + 3}"]
    assert all(e.record is not None for e in entries)


def test_each_game_action_syntax() -> None:
    bb, bs, taroc = get_game("blackball"), get_game("black-swan-2012"), get_game("black-swan-taroc")
    assert parse_action(bb, "2 play 10h") == Play(2, bb.deck.parse("TH"))
    assert parse_action(bb, "0 bid 3 ;  keen ") == Bid(0, 3, "keen")
    assert parse_action(bs, "1 play JK 5S 6S") == Cards(1, [52, bs.deck.parse("5S"), bs.deck.parse("6S")])
    assert parse_action(taroc, "3 pass BS") == Pass(3, taroc.deck.parse("BS"))
    assert parse_action(taroc, "3 pledge Pearl") == Pledge(3, 2)
    for game, action in [(bb, Bid(1, 2, "a; b")), (bs, Cards(0, [1, 2])), (taroc, Pledge(1, 0))]:
        assert parse_action(game, format_action(game, action)) == action
    assert format_action(taroc, Pledge(1, 0)) == "1 pledge feather"


@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        ("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 1: dealer 0\nhand 0: QS\nhand 1: 4X\n",
         "line 6, column 9", "hand 1: expected a French card code, got '4X'"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 1: dealer 0\nhand 0: QS\nhand 1: 4C\n"
         "stock: 7H\n1 bud 0\n", "line 8, column 3",
         "expected an action of blackball (bid, play), got 'bud'"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 1: dealer 0\nhand 0: QS\nhand 1: 4C\n1 bid\n",
         "line 7, column 6", "expected the tricks (a whole number), got nothing"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 2: dealer 0\n",
         "line 4, column 6", "expected 'deal 1:'"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 1: first 0\n",
         "line 4, column 9", "expected 'dealer SEAT'"),
        ("gamerec: 1\ngame: bridge\n", "line 2, column 7", "unknown game 'bridge'"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\nhue: 3\n", "line 4, column 1", "got key 'hue'"),
        ("gamerec: 1\ngame: blackball\nplayers: \"A, B\n", "line 3, column 10",
         "the quoted string is not closed"),
        ("game: blackball\n", "line 1, column 1", "expected 'gamerec: 1' to begin a record"),
        ("gamerec: 1\ngame: blackball\nplayers: A, B\n1 bid 0\n", "line 4, column 1", "outside a deal"),
        ("gamerec: 1\ngame: blackball\nplayers: A,, B\n", "line 3, column 12",
         "expected a player name, got nothing"),
    ],
)  # fmt: skip
def test_parse_errors_say_line_column_and_what_was_expected(text: str, where: str, says: str) -> None:
    with pytest.raises(FormatError) as info:
        parse_records(text)
    assert info.value.code == "format.text"
    assert info.value.message.startswith(where + ": "), info.value.message
    assert says in info.value.message


def test_unknown_version_is_refused() -> None:
    with pytest.raises(FormatError) as info:
        parse_records("gamerec: 2\ngame: blackball\n")
    assert info.value.code == "format.version"
    assert "unknown format version 2" in info.value.message


def test_cli_reports_a_text_error_with_file_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "typed.gtxt"
    bad.write_text("gamerec: 1\ngame: blackball\nplayers: A, B\ndeal 1: dealer 0\nhand 0: QS\nhand 1: ZZ\n")
    r = cli("validate", str(bad))
    assert r.exit_code == 2
    assert r.stdout.strip() == "1 record: 1 unreadable"
    line = r.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line == (
        f"{bad}: record 1: unreadable: line 6, column 9: hand 1: expected a French card code, got 'ZZ' "
        "[format.text]"
    )


def test_convert_writes_text_to_stdout_and_reads_it_from_stdin() -> None:
    src = FIXTURES / "blackball" / "games" / "family-3p.json"
    r = cli("convert", str(src), "-o", "-", "--to", "text")
    assert r.exit_code == 0
    assert r.stdout.startswith("gamerec: 1\ngame: blackball\n")
    back = cli("validate", "-", input=r.stdout)
    assert back.exit_code == 0, back.stderr


def test_a_file_of_comments_only_holds_no_records() -> None:
    (entry,) = read_bytes(b"# nothing yet\n\n", "empty.gtxt")
    assert entry.error is not None and entry.error.code == "format.empty"


def test_the_example_games_in_the_docs_are_valid_records() -> None:
    text = (FIXTURES.parent / "docs" / "notation.md").read_text()
    blocks = re.findall(r"```gtxt\n(.*?)```", text, re.S)
    games = set()
    for block in blocks:
        (record,) = parse_records(block)
        assert verify_record(record, "notation.md", 0).status == "valid"
        games.add(record.game)
    assert games == set(GAMES)
