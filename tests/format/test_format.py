"""The record format: the binary container and the JSON forms, as docs/format.md specifies.

Layouts are checked against the spec written out here by hand (magic bytes, little-endian
lengths, zlib CRC-32, MessagePack arrays), not against gamerec's own constants.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import ROOT

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries, verify_record
from gamerec.errors import FormatError
from gamerec.format import container
from gamerec.format.binary import content_hash, decode_header, encode_binary
from gamerec.format.read import detect, read_bytes, read_file
from gamerec.format.schema import schema_names, schema_text, write_schemas
from gamerec.format.write import encode_records, write_records
from gamerec.record import Bid, Claim, Deal, Meta, Play, Provenance, Record

MAGIC = b"\x89GREC\r\n\x1a"
SYNC = b"\xc1GRF"


# -- helpers ------------------------------------------------------------------------------
def sim(n: int = 3, games: int = 1, seed: int = 5, **rules: Any) -> list[Record]:
    return list(simulate("blackball", n, games, seed, rules=rules))


def binary(records: list[Record]) -> bytes:
    return b"".join(encode_records(records, "binary"))


def entries(data: bytes) -> list[Any]:
    return list(read_bytes(data, "t"))


def one(data: bytes) -> Any:
    (e,) = entries(data)
    return e


def frames(data: bytes) -> list[tuple[int, bytes, bytes]]:
    """(offset, header, body) of every frame, parsed by hand from the spec."""
    assert data[:8] == MAGIC
    out = []
    pos = 12
    while pos < len(data):
        assert data[pos : pos + 4] == SYNC
        hlen, blen, crc = struct.unpack_from("<III", data, pos + 4)
        header = data[pos + 16 : pos + 16 + hlen]
        body = data[pos + 16 + hlen : pos + 16 + hlen + blen]
        assert zlib.crc32(data[pos + 4 : pos + 12] + header + body) == crc
        out.append((pos, header, body))
        pos += 16 + hlen + blen
    assert pos == len(data)
    return out


def small() -> Record:
    """A round-1 record of two players (incomplete, but legal so far)."""
    return Record(
        game="blackball",
        players=["Ann", "Bob"],
        meta=Meta(event="Family Olympics", date="2016-08-15", tags={"scorer": "Trevor", "table": "2"}),
        deals=[
            Deal(
                0,
                [[49], [34]],
                [0],
                [Bid(1, 1, note="feels lucky"), Bid(0, 0), Play(1, 34, note="leads TH"), Play(0, 49)],
            )
        ],
    )


JSON_DOC: dict[str, Any] = {
    "format": "gamerec",
    "version": 1,
    "game": "blackball",
    "players": ["Ann", "Bob"],
    "deals": [
        {
            "dealer": 0,
            "hands": [["QS"], ["TH"]],
            "stock": ["2C"],
            "actions": [
                {"type": "bid", "seat": 1, "tricks": 1},
                {"type": "bid", "seat": 0, "tricks": 0},
                {"type": "play", "seat": 1, "card": "TH"},
                {"type": "play", "seat": 0, "card": "QS"},
            ],
        }
    ],
}


def doc(**changes: Any) -> dict[str, Any]:
    d = json.loads(json.dumps(JSON_DOC))
    d.update(changes)
    return d


def jbytes(d: Any, indent: int | None = 2) -> bytes:
    return json.dumps(d, indent=indent).encode()


# -- the binary container -----------------------------------------------------------------
def test_file_header() -> None:
    data = binary(sim())
    assert data[:8] == b"\x89GREC\r\n\x1a"
    assert struct.unpack_from("<HH", data, 8) == (1, 0)
    assert data[:12] == container.FILE_HEADER
    assert detect(data[:12]) == "binary"


def test_frames_follow_the_spec() -> None:
    records = sim(n=4, games=3)
    data = binary(records)
    found = frames(data)
    assert found[0][0] == 12
    assert len(found) == 3
    for (_, header, body), rec in zip(found, records, strict=True):
        h = msgspec.msgpack.decode(header)
        assert h[:4] == ["gamerec", 1, "blackball", rec.players]
        assert h[4] == {"schedule": "1-7-1", "hook": False, "must_trump": False}
        assert h[7:9] == [13, rec.action_count]
        assert h[9] == bytes.fromhex(content_hash(rec))  # the content hash, 16 bytes
        b = msgspec.msgpack.decode(body)
        assert len(b) == 2 and b[1] is None
        first = b[0][0]
        assert first[0] == rec.deals[0].dealer
        assert first[1] == rec.deals[0].hands
        action = first[3][0]
        assert action == [0, rec.deals[0].actions[0].seat, rec.deals[0].actions[0].tricks, None]
        play = b[0][0][3][4]  # 4 players: the first play follows 4 bids
        assert play[0] == 1 and 0 <= play[2] < 52


def test_header_only_decode() -> None:
    records = sim(n=5, games=2, schedule="7-1-7")
    data = binary(records)
    for (_, header, _), rec in zip(frames(data), records, strict=True):
        h = decode_header(header)
        assert (h.deals, h.actions) == (14, rec.action_count)
        assert h.players == rec.players
        assert h.game == "blackball"
    # the header decodes on its own, whatever the body holds
    (_, header, _) = frames(data)[0]
    assert decode_header(header).actions == records[0].action_count
    frame = container.frame(header, b"\xc1 not a body")
    e = one(container.FILE_HEADER + frame)
    assert e.error.code == "format.msgpack"


def test_scan_gives_offsets_to_skip_records() -> None:
    data = binary(sim(games=3))
    scanned = list(container.scan(data))
    assert [(f.offset, f.end) for f in scanned] == [(o, o + 16 + len(h) + len(b)) for o, h, b in frames(data)]


def test_header_counts_must_match_the_body() -> None:
    a, b = sim(games=2, n=2), sim(games=1, n=3)
    (_, header, _) = frames(binary(a))[0]
    (_, _, body) = frames(binary(b))[0]
    e = one(container.FILE_HEADER + container.frame(header, body))
    assert e.error.code == "format.counts"
    assert str(a[0].action_count) in e.error.message
    assert str(b[0].action_count) in e.error.message


def test_container_major_version_2_is_refused() -> None:
    data = binary(sim(games=2))
    bumped = MAGIC + struct.pack("<HH", 2, 0) + data[12:]
    e = one(bumped)
    assert e.record is None
    assert e.error.code == "format.container"
    assert "version 2" in e.error.message
    assert e.error.offset == 0
    (v,) = verify_entries([e])
    assert v.status == "unreadable"


def test_container_minor_version_is_read() -> None:
    records = sim(games=2)
    data = binary(records)
    bumped = MAGIC + struct.pack("<HH", 1, 7) + data[12:]
    assert [e.record for e in entries(bumped)] == records


def test_record_version_2_is_refused_binary() -> None:
    records = sim(games=3)
    records[1] = msgspec.structs.replace(records[1], version=2)
    got = entries(binary(records))
    assert [e.record is not None for e in got] == [True, False, True]
    err = got[1].error
    assert err.code == "format.version"
    assert "unknown format version 2" in err.message
    assert err.offset == frames(binary(records))[1][0]


def test_later_header_layout_still_reports_the_version() -> None:
    # a version-2 header may lay out its fields otherwise: the version is what is reported
    header = msgspec.msgpack.encode(["gamerec", 2, {"something": "else"}])
    e = one(container.FILE_HEADER + container.frame(header, msgspec.msgpack.encode([])))
    assert e.error.code == "format.version"
    assert "2" in e.error.message


def test_not_gamerec_format_id_in_binary() -> None:
    (_, header, body) = frames(binary(sim()))[0]
    h = msgspec.msgpack.decode(header)
    h[0] = "chess"
    e = one(container.FILE_HEADER + container.frame(msgspec.msgpack.encode(h), body))
    assert e.error.code == "format.id"


def test_frames_appended_to_an_existing_file_read_back(tmp_path: Path) -> None:
    first, second, third = sim(games=3)
    path = tmp_path / "t.grec"
    write_records([first], path)
    with open(path, "ab") as f:
        f.write(encode_binary(second))
        f.write(encode_binary(third))
    got = list(read_file(path))
    assert [e.record for e in got] == [first, second, third]
    assert got[0].where == "byte 12"
    assert [v.status for v in verify_entries(got)] == ["valid"] * 3


def test_damage_in_the_middle_record_is_located_and_skipped() -> None:
    records = sim(games=3)
    data = binary(records)
    (o1, _, _), (o2, h2, _), (o3, _, _) = frames(data)
    bad = bytearray(data)
    bad[o2 + 16 + len(h2) + 5] ^= 0x40  # a byte of the middle record's body
    got = entries(bytes(bad))
    assert len(got) == 3
    assert got[0].record == records[0]
    assert got[2].record == records[2]
    assert got[1].record is None
    err = got[1].error
    assert err.code == "format.damaged"
    assert err.offset == o2
    assert "checksum" in err.message
    assert str(o2) in got[1].where and str(o3) in got[1].where
    assert [e.index for e in got] == [0, 1, 2]
    verdicts = list(verify_entries(got))
    assert [v.status for v in verdicts] == ["valid", "unreadable", "valid"]
    assert str(o2) in verdicts[1].message()
    assert (got[0].where, got[2].where) == (f"byte {o1}", f"byte {o3}")


def test_a_broken_sync_marker_resyncs_to_the_next_frame() -> None:
    records = sim(games=3)
    data = binary(records)
    (_, _, _), (o2, _, _), _ = frames(data)
    bad = bytearray(data)
    bad[o2 : o2 + 4] = b"XXXX"
    got = entries(bytes(bad))
    assert [e.record for e in got] == [records[0], None, records[2]]
    assert got[1].error.offset == o2
    assert "sync" in got[1].error.message


def test_garbage_between_frames_is_one_damaged_span() -> None:
    records = sim(games=2)
    data = binary(records)
    (_, _, _), (o2, _, _) = frames(data)
    bad = data[:o2] + b"garbage" * 10 + data[o2:]
    got = entries(bad)
    assert [e.record for e in got] == [records[0], None, records[1]]
    assert got[1].error.code == "format.damaged"
    assert got[1].error.offset == o2
    assert "70 bytes" in got[1].error.message


def test_truncation_is_reported() -> None:
    records = sim(games=2)
    data = binary(records)
    (_, _, _), (o2, _, _) = frames(data)
    for cut in (o2 + 8, o2 + 40, len(data) - 1):
        got = entries(data[:cut])
        assert [e.record for e in got] == [records[0], None], cut
        assert got[1].error.code == "format.damaged"
        assert got[1].error.offset == o2
        assert "truncated" in got[1].error.message
    # a cut exactly between frames loses nothing but the later records
    assert [e.record for e in entries(data[:o2])] == [records[0]]


def test_truncated_file_header() -> None:
    for cut in (1, 5, 8, 11):
        e = one(binary(sim())[:cut])
        assert e.error.code == "format.container", cut
        assert "truncated" in e.error.message


def test_concatenated_files_read_as_one(tmp_path: Path) -> None:
    a = sim(games=2, seed=1)
    b = sim(games=1, seed=2, n=5)
    c = sim(games=2, seed=3, schedule="7-1-7")
    data = binary(a) + binary(b) + binary(c)
    got = entries(data)
    assert [e.record for e in got] == a + b + c
    path = tmp_path / "all.grec"
    path.write_bytes(data)
    assert [e.record for e in read_file(path)] == a + b + c


def test_a_file_with_no_records_is_unreadable() -> None:
    for data in (container.FILE_HEADER, b"[]", b"\n\n", b""):
        e = one(data)
        assert e.error.code == "format.empty", data


# -- JSON ---------------------------------------------------------------------------------
def test_single_json_record() -> None:
    e = one(jbytes(JSON_DOC))
    assert e.record.players == ["Ann", "Bob"]
    assert e.record.deals[0].hands == [[49], [34]]
    assert e.record.deals[0].stock == [0]
    assert e.record.deals[0].actions[2] == Play(1, 34)
    assert verify_record(e.record).status == "incomplete"


def test_json_list_of_records() -> None:
    second = doc(players=["Cy", "Dee"])
    got = entries(jbytes([JSON_DOC, second]))
    assert [e.record.players for e in got] == [["Ann", "Bob"], ["Cy", "Dee"]]
    assert [e.where for e in got] == ["item 1", "item 2"]


def test_json_list_with_a_bad_item_goes_on() -> None:
    got = entries(jbytes([JSON_DOC, doc(version=7), JSON_DOC]))
    assert [e.record is not None for e in got] == [True, False, True]
    assert got[1].error.code == "format.version"
    assert got[1].where == "item 2"


def test_json_lines() -> None:
    lines = [json.dumps(JSON_DOC), "", json.dumps(doc(game="poker")), json.dumps(doc(players=["X", "Y"]))]
    data = ("\n".join(lines) + "\n").encode()
    assert detect(data) == "jsonl"
    got = entries(data)
    assert [e.where for e in got] == ["line 1", "line 3", "line 4"]
    assert [e.index for e in got] == [0, 1, 2]
    assert got[1].error.code == "format.game"
    assert got[2].record.players == ["X", "Y"]


def test_written_jsonl_is_one_record_a_line() -> None:
    records = sim(games=3)
    data = b"".join(encode_records(records, "jsonl"))
    assert data.count(b"\n") == 3
    assert all(json.loads(line)["format"] == "gamerec" for line in data.splitlines())
    assert [e.record for e in entries(data)] == records


def test_written_json_is_an_object_or_a_list() -> None:
    one_rec, two = sim(games=1), sim(games=2)
    assert isinstance(json.loads(b"".join(encode_records(one_rec, "json"))), dict)
    assert isinstance(json.loads(b"".join(encode_records(two, "json"))), list)


def test_encoding_is_detected_from_content_not_suffix(tmp_path: Path) -> None:
    records = sim(games=2)
    cases = {
        "binary.json": b"".join(encode_records(records, "binary")),
        "json.grec": b"".join(encode_records(records, "json")),
        "jsonl.json": b"".join(encode_records(records, "jsonl")),
        "noname": b"".join(encode_records(records, "jsonl")),
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        assert [e.record for e in read_file(path)] == records, name
    assert detect(b"  \n[") == "json"
    assert detect(b"{\n") == "json"
    assert detect(b'{"a": 1}\n') == "jsonl"
    assert detect(b"\xef\xbb\xbf{\n") == "json"
    with pytest.raises(FormatError) as info:
        detect(b"PK\x03\x04")
    assert info.value.code == "format.id"


def test_card_codes_case_insensitive_and_ten_on_input_canonical_on_output() -> None:
    d = doc()
    d["deals"][0]["hands"] = [["qs"], ["10h"]]
    d["deals"][0]["stock"] = ["2c"]
    d["deals"][0]["actions"][2]["card"] = "Th"
    d["deals"][0]["actions"][3]["card"] = " qS "
    rec = one(jbytes(d)).record
    assert rec == one(jbytes(JSON_DOC)).record
    out = json.loads(b"".join(encode_records([rec], "json")))
    deal = out["deals"][0]
    assert deal["hands"] == [["QS"], ["TH"]]
    assert deal["stock"] == ["2C"]
    assert [a.get("card") for a in deal["actions"]] == [None, None, "TH", "QS"]


@pytest.mark.parametrize(
    ("path", "value", "code", "where"),
    [
        (
            ("deals", 0, "actions", 1),
            {"type": "play", "seat": 0, "card": 53},
            "format.schema",
            "deals[0].actions[1].card",
        ),
        (("deals", 0, "actions", 2, "card"), 53, "format.schema", "deals[0].actions[2].card"),
        (("deals", 0, "actions", 3, "card"), "1S", "format.card", "deals[0].actions[3].card"),
        (("deals", 0, "hands", 1, 0), "JK", "format.card", "deals[0].hands[1][0]"),
        (("deals", 0, "hands", 1, 0), 7, "format.schema", "deals[0].hands[1][0]"),
        (("deals", 0, "stock", 0), "XX", "format.card", "deals[0].stock[0]"),
        (("deals", 0, "dealer"), "0", "format.schema", "deals[0].dealer"),
        (("deals", 0, "actions", 0, "tricks"), 1.0, "format.schema", "deals[0].actions[0].tricks"),
        (("deals", 0, "actions", 0, "seat"), True, "format.schema", "deals[0].actions[0].seat"),
        (("deals", 0, "actions", 0, "type"), "pass", "format.schema", "deals[0].actions[0].type"),
        (("players", 1), 5, "format.schema", "players[1]"),
        (("meta",), {"tags": {"k": 1}}, "format.schema", "meta.tags"),
    ],
)
def test_schema_errors_name_the_path(path: tuple[Any, ...], value: Any, code: str, where: str) -> None:
    d = doc()
    node: Any = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    for data in (jbytes(d), jbytes(d, None)):
        e = one(data)
        assert e.record is None
        assert e.error.code == code
        assert e.error.message.startswith(where), e.error.message


def test_binary_schema_errors_name_the_path() -> None:
    data = binary(sim(n=2))
    (_, header, body) = frames(data)[0]
    b = msgspec.msgpack.decode(body)
    b[0][0][3][2][2] = "AS"  # the first play's card as a string
    e = one(container.FILE_HEADER + container.frame(header, msgspec.msgpack.encode(b)))
    assert e.error.code == "format.schema"
    assert e.error.message.startswith("deals[0].actions[2].card")
    b = msgspec.msgpack.decode(body)
    b[0][1][1][0][0] = "AS"
    e = one(container.FILE_HEADER + container.frame(header, msgspec.msgpack.encode(b)))
    assert e.error.message.startswith("deals[1].hands[0][0]")


def test_missing_required_field() -> None:
    d = doc()
    del d["players"]
    e = one(jbytes(d))
    assert e.error.code == "format.schema"
    assert "players" in e.error.message


def test_unknown_game_id() -> None:
    e = one(jbytes(doc(game="poker")))
    assert e.error.code == "format.game"
    assert "poker" in e.error.message
    assert "blackball" in e.error.message


@pytest.mark.parametrize("game", [[], {}, ["blackball"]])
def test_json_game_of_any_type_is_unreadable(game: Any) -> None:
    e = one(jbytes(doc(game=game)))
    assert e.error is not None


@pytest.mark.parametrize("part", ["header", "body"])
def test_frame_with_trailing_bytes_is_unreadable(part: str) -> None:
    (_, header, _) = frames(binary(sim()))[0]
    frame = container.frame(b"\x00\x00", b"") if part == "header" else container.frame(header, b"\x00\x00")
    e = one(container.FILE_HEADER + frame)
    assert e.error.code in ("format.msgpack", "format.schema")


def test_missing_or_wrong_format_field() -> None:
    d = doc()
    del d["format"]
    e = one(jbytes(d))
    assert e.error.code == "format.id"
    assert "no format field" in e.error.message
    e = one(jbytes(doc(format="pgn")))
    assert e.error.code == "format.id"
    assert "pgn" in e.error.message


@pytest.mark.parametrize("version", [2, 0, "1", 1.0, None])
def test_unknown_version_is_refused(version: Any) -> None:
    e = one(jbytes(doc(version=version)))
    assert e.error.code == "format.version"
    if version == 2:
        assert "unknown format version 2" in e.error.message


def test_optional_fields_get_defaults() -> None:
    e = one(jbytes({"format": "gamerec", "version": 1, "game": "blackball", "players": ["A", "B"]}))
    rec = e.record
    assert (rec.rules, rec.deals, rec.claim, rec.provenance) == ({}, [], None, None)
    assert rec.meta == Meta()
    v = verify_record(rec)
    assert v.status == "incomplete"


def test_unknown_json_keys_are_ignored_but_unknown_options_are_illegal() -> None:
    rec = one(jbytes(doc(later_field={"x": 1}))).record
    assert rec == one(jbytes(JSON_DOC)).record
    rec = one(jbytes(doc(rules={"colour": "red"}))).record
    v = verify_record(rec)
    assert (v.status, v.rule) == ("illegal", "options")
    assert "colour" in (v.reason or "")


def test_binary_arrays_may_grow_and_shrink_at_the_end() -> None:
    records = sim(n=2)
    (_, header, body) = frames(binary(records))[0]
    h = msgspec.msgpack.decode(header)
    grown = container.frame(msgspec.msgpack.encode([*h, "a field of a later minor version"]), body)
    assert one(container.FILE_HEADER + grown).record == records[0]
    h[5] = ["E"]  # meta cut after event
    b = msgspec.msgpack.decode(body)
    b[0][0][3][0] = b[0][0][3][0][:3]  # the first bid without its note
    short = container.frame(msgspec.msgpack.encode(h), msgspec.msgpack.encode(b[:1]))
    rec = one(container.FILE_HEADER + short).record
    assert rec.meta == Meta(event="E")
    assert rec.claim is None
    assert rec.deals == records[0].deals


# -- writing ------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["binary", "json", "jsonl"])
def test_rules_defaults_are_filled_in_when_written(encoding: str) -> None:
    rec = small()
    assert rec.rules == {}
    partial = msgspec.structs.replace(rec, rules={"hook": True})
    data = b"".join(encode_records([rec, partial], encoding))  # type: ignore[arg-type]
    got = [e.record for e in entries(data)]
    assert got[0].rules == {"schedule": "1-7-1", "hook": False, "must_trump": False}
    assert got[1].rules == {"schedule": "1-7-1", "hook": True, "must_trump": False}


def test_defaults_filled_in_the_binary_header_itself() -> None:
    (_, header, _) = frames(binary([small()]))[0]
    assert decode_header(header).rules == {"schedule": "1-7-1", "hook": False, "must_trump": False}


def test_an_illegal_rules_block_is_written_as_it_stands() -> None:
    rec = msgspec.structs.replace(small(), rules={"hook": "yes", "colour": 1})
    for encoding in ("binary", "json", "jsonl"):
        (back,) = [e.record for e in entries(b"".join(encode_records([rec], encoding)))]  # type: ignore[arg-type]
        assert back.rules == {"hook": "yes", "colour": 1}
        assert verify_record(back).rule == "options"


def test_meta_tags_notes_provenance_and_claim_survive_round_trips(tmp_path: Path) -> None:
    rec = msgspec.structs.replace(
        small(),
        rules={"schedule": "7-1-7", "hook": True, "must_trump": False},
        meta=Meta(
            event="Family Olympics",
            site="Kitchen table",
            date="2016-08-15",
            round="3",
            table="B",
            tags={"scorer": "Trevor", "ünïcode": "♠ ok", "empty": ""},
        ),
        provenance=Provenance("hand", 42, {"k": "v"}),
        claim=Claim(deals=[[10, 11]], totals=[10, 11]),
    )
    # the round 1 deal above has 1 card each, which 7-1-7 refuses: the record stays illegal
    # but every field still survives
    grec, js, jsl = tmp_path / "a.grec", tmp_path / "a.json", tmp_path / "a.jsonl"
    write_records([rec], grec)
    (from_bin,) = [e.record for e in read_file(grec)]
    assert from_bin == rec
    write_records([from_bin], js)
    text = json.loads(js.read_text())
    assert text["meta"]["tags"] == {"scorer": "Trevor", "ünïcode": "♠ ok", "empty": ""}
    assert text["meta"]["round"] == "3"
    assert text["deals"][0]["actions"][0]["note"] == "feels lucky"
    assert "note" not in text["deals"][0]["actions"][1]
    assert text["provenance"] == {"generator": "hand", "seed": 42, "settings": {"k": "v"}}
    assert text["claim"] == {"deals": [[10, 11]], "totals": [10, 11]}
    (from_json,) = [e.record for e in read_file(js)]
    assert from_json == rec
    write_records([from_json], jsl)
    (from_jsonl,) = [e.record for e in read_file(jsl)]
    assert from_jsonl == rec
    write_records([from_jsonl], tmp_path / "b.grec")
    assert (tmp_path / "b.grec").read_bytes() == grec.read_bytes()


def test_binary_to_json_to_binary_is_byte_identical() -> None:
    records = sim(n=6, games=3, seed=9, must_trump=True)
    data = binary(records)
    for enc in ("json", "jsonl"):
        text = b"".join(encode_records([e.record for e in entries(data)], enc))  # type: ignore[arg-type]
        assert binary([e.record for e in entries(text)]) == data


def test_json_written_lays_out_one_action_a_line() -> None:
    text = b"".join(encode_records([small()], "json")).decode()
    lines = text.splitlines()
    assert '{"type": "bid", "seat": 1, "tricks": 1, "note": "feels lucky"},' in [ln.strip() for ln in lines]
    assert text.endswith("}\n")
    assert json.loads(text)["format"] == "gamerec"


# -- JSON Schema --------------------------------------------------------------------------
def test_committed_schemas_are_current() -> None:
    """Fails when schemas/ is stale: run `gamerec schema -f` and commit the result."""
    folder = ROOT / "schemas"
    committed = sorted(p.name for p in folder.glob("*.schema.json"))
    assert committed == sorted(f"{n}.schema.json" for n in schema_names()), "run `gamerec schema -f`"
    for name in schema_names():
        text = (folder / f"{name}.schema.json").read_text(encoding="utf-8")
        assert text == schema_text(name), f"schemas/{name}.schema.json is stale: run `gamerec schema -f`"


def test_write_schemas_writes_schema_text(tmp_path: Path) -> None:
    paths = write_schemas(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{n}.schema.json" for n in schema_names())
    for p in paths:
        text = p.read_text(encoding="utf-8")
        assert text == schema_text(p.name.removesuffix(".schema.json"))
        schema = json.loads(text)
        assert schema["$schema"].startswith("https://json-schema.org/")
    bb = json.loads(schema_text("blackball"))
    record = next(v for k, v in bb["$defs"].items() if k.endswith("Record"))
    assert set(record["required"]) >= {"format", "version", "game", "players"}
    assert record["properties"]["game"] == {"const": "blackball"}
    assert record["properties"]["version"] == {"const": 1}
    rules = json.dumps(bb)
    for option in ("schedule", "hook", "must_trump", "1-7-1", "7-1-7"):
        assert option in rules
