"""``gamerec schema -o FOLDER`` replaces a file there only with ``--force`` (found by trying
the product: a schema file edited by hand was overwritten without a word), writes nothing
when one would be refused, leaves files that hold the same schema as they are (running it
again is no error), and says plainly that a file given for the folder is not a folder."""

from __future__ import annotations

from pathlib import Path

from helpers import cli, error_line

from gamerec.format.schema import schema_names, schema_text


def test_an_edited_schema_file_is_kept_without_force(tmp_path: Path) -> None:
    folder = tmp_path / "sch"
    assert cli("schema", "-o", folder).exit_code == 0
    mine = folder / "blackball.schema.json"
    mine.write_text('{"mine": 1}')
    stamps = {p: p.stat().st_mtime_ns for p in folder.iterdir()}
    r = cli("schema", "-o", folder)
    assert r.exit_code == 2
    assert error_line(r) == (
        f"gamerec: {mine}: exists, with other content (use --force to replace it); nothing written"
    )
    assert mine.read_text() == '{"mine": 1}'
    assert {p: p.stat().st_mtime_ns for p in folder.iterdir()} == stamps
    r = cli("schema", "-o", folder, "--force")
    assert r.exit_code == 0
    assert mine.read_text() == schema_text("blackball")


def test_running_it_again_is_no_error_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    for _ in range(2):
        r = cli("schema", "-o", tmp_path)
        assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.schema.json" for n in schema_names())


def test_a_file_for_the_folder_is_one_clear_line(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    r = cli("schema", "-o", afile)
    assert r.exit_code == 2
    assert error_line(r) == f"gamerec: {afile}: not a folder: schema writes a file per game into a folder"
    assert afile.read_text() == "x"
