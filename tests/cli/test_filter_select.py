"""Issue 16: ``gamerec filter`` selects records from many files into one output, and ``ls``
takes the same selectors. Each selector is tested by the records it keeps (their content
hashes, in order), on an archive of every encoding built here."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli, error_line, json_lines

import gamerec
from gamerec.bots import simulate
from gamerec.format.binary import content_hash
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.record import Meta, Record

BAD = FIXTURES / "blackball" / "bad"


def _games() -> list[Record]:
    """Eight distinct records with known headers."""
    bb = list(simulate("blackball", 3, 6, seed=3))
    fo = list(simulate("forest", 3, 2, seed=4))
    metas = [
        Meta(event="Club night", site="Hall", date="2024-03-09", tags={"table": "1"}),
        Meta(event="Club night", site="Pub", date="2024-03-16", round="2"),
        Meta(event="Open", site="Hall", date="2023-12-30"),
        Meta(),
        Meta(event="Open", date="2024.04.01", tags={"scorer": "Trevor"}),
        Meta(event="club night", date="2024"),
    ]
    names = [["Ann", "Bob", "Cy"], ["Bob", "Ann", "Dee"], ["Cy", "Dee", "Eve"]]
    out = []
    for i, r in enumerate(bb + fo):
        out.append(msgspec.structs.replace(r, meta=metas[i % len(metas)], players=names[i % len(names)]))
    return out


@pytest.fixture
def archive(tmp_path: Path) -> tuple[list[Path], list[Record]]:
    """The records spread over a binary file, a JSON Lines file and a text notation file."""
    games = _games()
    files = [tmp_path / "a.grec", tmp_path / "b.jsonl", tmp_path / "c.gtxt"]
    write_records(games[:3], files[0])
    write_records(games[3:5], files[1])
    write_records(games[5:], files[2])
    return files, games


def _hashes(path: Path) -> list[str]:
    return [content_hash(e.record) for e in read_file(path) if e.record is not None]


def _kept(archive: tuple[list[Path], list[Record]], out: Path, *args: str) -> list[int]:
    """The positions (in the archive) of the records ``filter ARGS`` keeps, in order."""
    files, games = archive
    r = cli("filter", *files, "-o", out, *args)
    assert r.exit_code in (0, 1), r.stderr
    if r.exit_code == 1:
        assert not out.exists()
        return []
    index = {content_hash(g): i for i, g in enumerate(games)}
    return [index[h] for h in _hashes(out)]


@pytest.mark.parametrize(
    ("args", "kept"),
    [
        ((), [0, 1, 2, 3, 4, 5, 6, 7]),
        (("--game", "forest"), [6, 7]),
        (("-g", "forest", "-g", "blackball"), [0, 1, 2, 3, 4, 5, 6, 7]),
        (("--player", "Eve"), [2, 5]),
        (("--player", "Ann@0"), [0, 3, 6]),
        (("--player", "Ann", "--player", "Dee"), [1, 4, 7]),
        (("--player", "A*@1"), [1, 4, 7]),
        (("--event", "Club night"), [0, 1, 6, 7]),
        (("--event", "[Cc]lub*"), [0, 1, 5, 6, 7]),
        (("--site", "Hall"), [0, 2, 6]),
        (("--site", "Hall", "--site", "Pub"), [0, 1, 2, 6, 7]),
        (("--date-from", "2024-03-10"), [1, 4, 5, 7]),
        (("--date-to", "2024-03"), [0, 1, 2, 5, 6, 7]),
        (("--date-from", "2024-01", "--date-to", "2024-03-31"), [0, 1, 5, 6, 7]),
        (("--tag", "scorer=Trevor"), [4]),
        (("--tag", "table=1"), [0, 6]),
        (("--tag", "round=2"), [1, 7]),
        (("--game", "forest", "--not"), [0, 1, 2, 3, 4, 5]),
        (("--event", "Open", "--player", "Cy", "--not"), [0, 1, 3, 4, 5, 6, 7]),
        (("--deals", "..3"), [6, 7]),
        (("--deals", "13"), [0, 1, 2, 3, 4, 5]),
        (("--deals", "4.."), [0, 1, 2, 3, 4, 5]),
        (("--deals", "14.."), []),
    ],
)
def test_each_header_selector_keeps_its_records(
    archive: tuple[list[Path], list[Record]], tmp_path: Path, args: tuple[str, ...], kept: list[int]
) -> None:
    assert _kept(archive, tmp_path / "out.grec", *args) == kept


def test_forest_has_fewer_deals_than_blackball() -> None:
    """(the --deals cases above rest on this)"""
    games = _games()
    assert {len(g.deals) for g in games[:6]} == {13}
    assert max(len(g.deals) for g in games[6:]) <= 3


def test_hash_prefix_selects_one_record(archive: tuple[list[Path], list[Record]], tmp_path: Path) -> None:
    _, games = archive
    h = content_hash(games[4])
    assert _kept(archive, tmp_path / "o.grec", "--hash", h[:8].upper()) == [4]
    assert _kept(archive, tmp_path / "p.grec", "--hash", h[:6], "--hash", content_hash(games[0])[:6]) == [
        0,
        4,
    ]


def test_dedupe_keeps_the_first_of_each_content_hash(tmp_path: Path) -> None:
    games = _games()
    again = [msgspec.structs.replace(g, meta=Meta(event="copy")) for g in games[:3]]  # same content
    write_records(games, tmp_path / "a.grec")
    write_records(again, tmp_path / "b.json")
    r = cli("filter", tmp_path / "a.grec", tmp_path / "b.json", "--dedupe", "-o", tmp_path / "o.gtxt")
    assert r.exit_code == 0, r.stderr
    assert "3 duplicates left out" in r.stderr
    out = list(read_file(tmp_path / "o.gtxt"))
    assert [content_hash(e.record) for e in out if e.record] == [content_hash(g) for g in games]
    assert all(e.record is not None and e.record.meta.event != "copy" for e in out)  # the first kept
    r = cli("filter", tmp_path / "a.grec", tmp_path / "b.json", "--count")
    assert r.stdout == "11\n"


def test_status_rule_and_winner_verify(tmp_path: Path) -> None:
    games = FIXTURES / "blackball" / "games"
    files = [BAD / "revoke.json", BAD / "claim-wrong.json", BAD / "incomplete.json", games]
    r = cli("filter", *files, "--status", "illegal", "--count")
    assert r.exit_code == 0 and r.stdout == "1\n"
    r = cli("filter", *files, "--status", "mismatch", "--status", "incomplete", "--count")
    assert r.stdout == "2\n"
    r = cli("filter", *files, "--rule", "follow-suit", "-o", tmp_path / "fs.json")
    assert r.exit_code == 0, r.stderr
    assert len(_hashes(tmp_path / "fs.json")) == 1
    r = cli("filter", *files, "--rule", "must-trump", "--count")
    assert (r.exit_code, r.stdout) == (1, "0\n")
    valid = cli("filter", *files, "--status", "valid", "--count").stdout
    assert valid == "3\n"
    wins: dict[str, int] = {}
    for path in sorted(games.iterdir()):
        for e in read_file(path):
            assert e.record is not None
            sheet = gamerec.verify(e.record).scores
            assert sheet is not None
            for side in sheet.winners:
                for seat in sheet.members[side]:
                    wins[e.record.players[seat]] = wins.get(e.record.players[seat], 0) + 1
    assert wins
    for name, n in wins.items():
        assert cli("filter", games, "--winner", name, "--count").stdout == f"{n}\n"
    assert cli("filter", *files, "--winner", "Nobody", "--count").stdout == "0\n"


def test_count_prints_only_the_number(archive: tuple[list[Path], list[Record]]) -> None:
    files, _ = archive
    r = cli("filter", *files, "--game", "forest", "--count")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "2\n", "")
    r = cli("filter", *files, "--game", "blackball", "--event", "Open", "--not", "--count")
    assert r.stdout == "6\n"


def test_no_match_writes_nothing_and_exits_1(
    archive: tuple[list[Path], list[Record]], tmp_path: Path
) -> None:
    files, _ = archive
    r = cli("filter", *files, "--player", "Zed", "-o", tmp_path / "none.grec")
    assert r.exit_code == 1
    assert "no record of 8 matched; nothing written" in r.stderr
    assert not (tmp_path / "none.grec").exists()


def test_output_form_by_suffix_or_to_and_stdout(
    archive: tuple[list[Path], list[Record]], tmp_path: Path
) -> None:
    files, games = archive
    r = cli("filter", *files, "--game", "forest", "-o", "-", "--to", "jsonl")
    assert r.exit_code == 0
    assert r.stdout_bytes.count(b"\n") == 2 and r.stdout_bytes.startswith(b"{")
    r = cli("filter", *files, "--game", "forest", "-o", "-")
    assert r.stdout_bytes.startswith(b"\x89GREC")
    for name in ("o.json", "o.gtxt", "o.grec", "o.jsonl"):
        assert cli("filter", *files, "--game", "forest", "-o", tmp_path / name).exit_code == 0
        assert _hashes(tmp_path / name) == [content_hash(g) for g in games[6:8]]


def test_binary_records_are_copied_frame_for_frame(tmp_path: Path) -> None:
    src = FIXTURES / "forest" / "tournament.grec"
    r = cli("filter", src, "-o", tmp_path / "all.grec")
    assert r.exit_code == 0
    assert (tmp_path / "all.grec").read_bytes() == src.read_bytes()


def test_header_selectors_do_not_decode_bodies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path: a selection by header fields into a binary output decodes no body."""
    import gamerec.archives.select as sel

    def boom(*_: object) -> None:
        raise AssertionError("a body was decoded")

    monkeypatch.setattr(sel, "decode_binary", boom)
    src = FIXTURES / "blackball" / "tournament.grec"
    r = cli(
        "filter",
        src,
        "--player",
        "Bot 1",
        "--deals",
        "13",
        "--event",
        "simulated*",
        "-o",
        tmp_path / "o.grec",
    )
    assert r.exit_code == 0
    assert cli("filter", src, "--game", "forest", "--count").exit_code == 1
    # --hash decides identity, so it computes the hash from the body (issue 31, F2)
    monkeypatch.undo()
    assert cli("ls", src, "--hash", "fabf").stdout.count("\n") == 2


def test_unreadable_record_stops_filter_and_writes_nothing(tmp_path: Path) -> None:
    """...and says so, and what to do (it said neither)."""
    corrupt = BAD / "corrupt-frame.grec"
    r = cli("filter", FIXTURES / "blackball" / "games", corrupt, "-o", tmp_path / "o.grec")
    assert r.exit_code == 2
    line = error_line(r)
    assert "corrupt-frame.grec: record 2: unreadable" in line
    hint = (
        f"nothing written: salvage the file first (gamerec salvage {corrupt} -o KEPT.grec)"
        " or give --skip-unreadable"
    )
    assert line.endswith(hint), line
    assert not (tmp_path / "o.grec").exists()
    r = cli("filter", FIXTURES / "blackball" / "games", corrupt, "--count")
    assert r.exit_code == 2 and r.stdout == ""
    assert error_line(r).endswith(hint.replace("nothing written", "no count"))
    r = cli("split", corrupt, "--by", "game", "-o", tmp_path / "parts")
    assert r.exit_code == 2 and error_line(r).endswith(hint)


def test_skip_unreadable_leaves_them_out_and_says_each(tmp_path: Path) -> None:
    """A selection by header (`--game forest`) was stopped by a damaged file of another
    game: the desk had to salvage each file by hand before any selection worked."""
    corrupt = BAD / "corrupt-frame.grec"
    games = FIXTURES / "blackball" / "games"
    out = tmp_path / "o.grec"
    r = cli("filter", games, corrupt, "--skip-unreadable", "-o", out)
    # written, and exit 2 as every command gives when some input could not be read (it was
    # 0: found by trying the product, against `gamerec --help`'s exit codes)
    assert r.exit_code == 2, r.stderr
    *unread, summary = r.stderr.splitlines()
    assert unread and all(": unreadable: " in x and x.startswith(str(corrupt)) for x in unread)
    total = len(list(read_file(out)))
    n = len(unread)
    assert summary == f"{total} of {total + n} records matched; {n} unreadable left out; wrote them to {out}"
    r = cli("filter", games, corrupt, "--skip-unreadable", "--count")
    assert r.exit_code == 2 and r.stdout == f"{total}\n"


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (("--deals", "5..x"), "--deals"),
        (("--deals", "9..3"), "--deals"),
        (("--date-from", "March"), "--date-from"),
        (("--date-to", "2024-3-1"), "--date-to"),
        # dates that are no day were taken as text: --date-from 2024-13-45 matched nothing
        (("--date-from", "2024-13-45"), "--date-from"),
        (("--date-to", "2024-02-31"), "--date-to"),
        (("--date-from", "2016-00-00"), "--date-from"),
        (("--date-from", "２０２４"), "--date-from"),  # fullwidth digits
        (("--hash", "xyz"), "--hash"),
        (("--tag", "novalue"), "--tag"),
        (("--status", "unreadable"), "--status"),
        (("--rule", "no-such-rule"), "--rule"),
        (("--player", ""), "--player"),
        (("--count", "-o", "x.grec"), "--output"),
        ((), "--output"),
    ],
)
def test_bad_selector_values_are_usage_errors(
    archive: tuple[list[Path], list[Record]], args: tuple[str, ...], flag: str
) -> None:
    files, _ = archive
    r = cli("filter", *files, *args)
    assert r.exit_code == 2
    assert f"'{flag}'" in error_line(r)


def test_filter_never_overwrites_an_input_or_an_existing_file(
    archive: tuple[list[Path], list[Record]], tmp_path: Path
) -> None:
    files, _ = archive
    before = files[0].read_bytes()
    r = cli("filter", *files, "-o", files[0], "--force")
    assert r.exit_code == 2 and "is also the input" in error_line(r)
    assert files[0].read_bytes() == before
    (tmp_path / "old.grec").write_bytes(b"x")
    assert cli("filter", *files, "-o", tmp_path / "old.grec").exit_code == 2
    assert (tmp_path / "old.grec").read_bytes() == b"x"
    assert cli("filter", *files, "-o", tmp_path / "old.grec", "-f").exit_code == 0


def test_ls_takes_the_same_selectors(archive: tuple[list[Path], list[Record]]) -> None:
    files, games = archive
    records, summary = json_lines(cli("ls", *files, "--json", "--player", "Eve").stdout)
    assert [r["hash"] for r in records] == [content_hash(games[2]), content_hash(games[5])]
    assert summary == {"records": 8, "listed": 2, "unreadable": 0}  # records: every one read
    records, _ = json_lines(cli("ls", *files, "--json", "--event", "Open", "--not", "--dedupe").stdout)
    assert len(records) == 6
    r = cli("ls", *files, "--deals", "x")
    assert r.exit_code == 2 and "'--deals'" in error_line(r)
    records, _ = json_lines(
        cli("ls", FIXTURES / "blackball" / "bad", "--json", "--status", "mismatch").stdout
    )
    assert [r["source"].rsplit("/", 1)[-1] for r in records] == ["claim-wrong.json"]


def test_the_documented_count_of_forest_records_not_valid(tmp_path: Path) -> None:
    """docs/batch.md's example `--game forest --status valid --not --count` counted every
    record of another game too (`--not` negates all the selectors): 412 on the fixtures,
    where no forest record was invalid. The example now names the statuses."""
    for f in (FIXTURES / "forest" / "bad").glob("*.json"):
        if f.name != "bad-card-code.json":  # unreadable: it would stop filter
            shutil.copy(f, tmp_path / f.name)
    shutil.copytree(FIXTURES / "blackball" / "games", tmp_path / "blackball")
    lines, _ = json_lines(cli("validate", "--json", tmp_path).stdout)
    not_valid = sum(x["game"] == "forest" and x["status"] != "valid" for x in lines)
    assert not_valid > 0
    documented = ["--game", "forest", "--status", "illegal", "--status", "incomplete", "--status", "mismatch"]
    r = cli("filter", tmp_path, *documented, "--count")
    assert r.stdout.strip() == str(not_valid)
    assert (FIXTURES.parent / "docs" / "batch.md").read_text().count(" ".join(documented) + " --count") == 1


def test_ls_says_what_it_listed_and_where_a_record_is_damaged(tmp_path: Path) -> None:
    """Text `ls` printed no summary line; with a selector, `--json`'s `records` was the
    listed and unreadable ones (neither every record read nor the matches); an unreadable
    record's line left out the bytes validate names."""
    path = tmp_path / "d.grec"
    write_records(simulate("forest", 3, 5, seed=2), path)
    data = bytearray(path.read_bytes())
    data[len(data) // 3] ^= 0xFF  # one frame damaged
    path.write_bytes(bytes(data))
    damaged = error_line(cli("validate", path)).split(": unreadable: ")[1]
    assert damaged.startswith("bytes ")
    r = cli("ls", path)
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"{path}: record 2: unreadable: {damaged}",
        "4 records listed of 5 read; 1 unreadable",
    ]
    copy = tmp_path / "copy.grec"  # a second file of the same records: 4 duplicates
    shutil.copy(path, copy)
    r = cli("ls", path, copy, "--player", "Bot 1", "--dedupe", "--json")
    listed, summary = json_lines(r.stdout)
    assert summary == {"records": 10, "listed": 4, "unreadable": 2, "duplicate": 4}
    assert {x["source"] for x in listed} == {str(path)}
    r = cli("ls", path, copy, "--dedupe")
    assert r.stderr.splitlines()[-1] == "4 records listed of 10 read; 2 unreadable; 4 duplicates left out"
    r = cli("ls", path, "--game", "blackball")
    assert r.stdout == "" and r.stderr.splitlines()[-1] == "0 records listed of 5 read; 1 unreadable"
    whole = tmp_path / "w.grec"
    write_records(simulate("forest", 3, 1, seed=2), whole)
    assert cli("ls", whole).stderr == "1 record listed\n"


def test_a_copy_that_cannot_be_read_claims_no_hash(tmp_path: Path) -> None:
    """`filter --dedupe --skip-unreadable` of a record whose body is damaged (header and
    checksum intact) followed by an intact copy wrote nothing: the damaged copy claimed
    the content hash, then was skipped. The readable copy is kept."""
    from gamerec.format import container
    from gamerec.format.binary import encode_binary

    record = next(iter(simulate("forest", 3, 1, seed=4)))
    good = encode_binary(record)
    head_len, _ = container._LENS.unpack_from(good, len(container.SYNC))
    start = len(container.SYNC) + container._LENS.size + 4
    header = good[start : start + head_len]
    bad = container.frame(header, b"\xc1 not a body")
    path = tmp_path / "dupbad.grec"
    path.write_bytes(container.FILE_HEADER + bad + good)
    for out in ("d.jsonl", "d.grec"):
        r = cli("filter", path, "-o", tmp_path / out, "--skip-unreadable", "--dedupe")
        assert r.exit_code == 2, r.stderr
        assert r.stderr.splitlines()[-1].startswith("1 of 2 records matched; 1 unreadable left out")
        (entry,) = read_file(tmp_path / out)
        assert entry.record is not None and content_hash(entry.record) == content_hash(record)


TOURNAMENTS = sorted(str(p) for p in FIXTURES.glob("*/tournament.grec"))


@pytest.mark.parametrize(
    ("game", "count"), [("black*", "400"), ("f*", "100"), ("[bf]*", "500"), ("forest", "100")]
)
def test_game_takes_a_glob_as_the_other_selectors_do(game: str, count: str) -> None:
    """Found by trying the product: `filter . --game 'black*' --count` gave 0 (exit 1)
    while README says selectors take values whole or as globs."""
    r = cli("filter", *TOURNAMENTS, "--game", game, "--count")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == count


@pytest.mark.parametrize(
    ("flag", "value", "says"),
    [
        ("--status", "inc*x", "'inc*x': matches no status (one of valid,"),
        ("--rule", "zz*", "'zz*': matches no rule id (docs/errors.md lists them)"),
    ],
)
def test_a_value_no_record_could_have_is_a_usage_error(flag: str, value: str, says: str) -> None:
    """`--status` and `--rule` name closed sets: a value, or a glob, that names none is a
    usage error (`--rule 'follow*'` was `no such rule id`; `--rule zz` counted 0)."""
    for command in ("filter", "ls"):
        r = cli(command, *TOURNAMENTS, flag, value, *(["--count"] if command == "filter" else []))
        assert r.exit_code == 2
        assert f"Invalid value for '{flag}': {says}" in error_line(r)


def test_rule_and_status_take_globs(tmp_path: Path) -> None:
    games = list(simulate("forest", 3, 2, seed=4))
    bad = msgspec.structs.replace(games[1], deals=games[1].deals[:1])  # stops after round 1
    path = tmp_path / "g.json"
    shutil.copy(FIXTURES / "forest" / "bad" / "follow-colour.json", tmp_path / "f.json")
    gamerec.write([games[0], bad], path)
    r = cli("filter", path, tmp_path / "f.json", "--status", "inc*", "--count")
    assert r.stdout.strip() == "1"
    r = cli("filter", path, tmp_path / "f.json", "--rule", "follow*", "--count")
    assert r.stdout.strip() == "1"


def test_game_takes_an_id_gamerec_does_not_know(tmp_path: Path) -> None:
    """Found by review: refusing an unknown `--game` id broke selecting (or, with --not,
    dropping) records of a game gamerec does not know, whose binary headers it reads."""
    path = FIXTURES / "broken" / "binary-unknown-game.grec"  # one record of game 'bridge'
    r = cli("filter", path, "--game", "bridge", "-o", tmp_path / "b.grec")
    assert r.exit_code == 0, r.output
    assert "1 of 1 records matched" in r.stderr
    r = cli("filter", path, *TOURNAMENTS, "--not", "--game", "bridge", "--count")
    assert r.exit_code == 0 and r.stdout.strip() == "500"
    assert cli("filter", path, "--game", "br*", "--count").stdout.strip() == "1"
