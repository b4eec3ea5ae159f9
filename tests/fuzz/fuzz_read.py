"""A coverage-guided fuzz target for every gamerec reader (atheris, libFuzzer).

Not part of the test suite (atheris is not installed by it). Run, from the repository
root, for as long as you like (see tests/fuzz/README.md):

    pip install atheris
    python tests/fuzz/fuzz_read.py -max_total_time=600 -rss_limit_mb=1024 fixtures/*/games

Each input is read as a file would be (the encoding detected from its content); every
record must decode or be refused with a documented ``format.*`` code, and a decoded one
must be judged by the rules without an exception. Anything else is a crash to report.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from gamerec.checking.verdicts import verify_record
    from gamerec.errors import FORMAT_CODES
    from gamerec.format.read import read_bytes


def test_one_input(data: bytes) -> None:
    for entry in read_bytes(data, "fuzz"):
        if entry.record is None:
            assert entry.error is not None and entry.error.code in FORMAT_CODES, entry.error
        else:
            verify_record(entry.record, "fuzz", entry.index)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
