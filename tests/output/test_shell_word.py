"""``gamerec.escape.shell_word``: a word bash reads back as the same bytes, whatever they are
(issue 31: the resume hint of ``record`` must paste into a shell)."""

from __future__ import annotations

import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerec.escape import shell_word, terminal_text

pytestmark = pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="bash reads the ANSI-C quoting")


def _bash_reads(words: list[str]) -> list[bytes]:
    script = "printf '%s\\0' " + " ".join(shell_word(w) for w in words)
    return subprocess.run(
        ["/bin/bash", "-c", script], capture_output=True, check=True, timeout=10
    ).stdout.split(b"\0")[:-1]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.binary(min_size=1, max_size=12).filter(lambda b: b"\0" not in b), min_size=1, max_size=4))
def test_bash_reads_back_the_same_bytes(names: list[bytes]) -> None:
    words = [os.fsdecode(n) for n in names]
    assert _bash_reads(words) == names
    for w in words:  # and the word is inert on a terminal as it is
        assert terminal_text(shell_word(w)) == shell_word(w)


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("plain.grec", "plain.grec"),
        ("tue night; date.grec", "'tue night; date.grec'"),
        (os.fsdecode(b"n\xffx.grec"), "$'n\\xffx.grec'"),
        ("a\nb", "$'a\\x0ab'"),
        ("Ünï.grec", "'Ünï.grec'"),
    ],
)
def test_the_words(name: str, word: str) -> None:
    assert shell_word(name) == word
