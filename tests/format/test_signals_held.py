"""``gamerec.format.write.signals_held`` holds SIGINT, SIGTERM and SIGHUP for its block even
when the process has other threads (a progress bar's, Dask's): the system may give a signal
sent to the process to any thread that does not block it, and Python then runs the handler
in the main thread at once. Found by the split's put-in-place test after a test that leaves
threads running: a SIGTERM in the block stopped it half way and left a file behind."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator

import pytest

from gamerec.format.write import signals_held


class Stopped(Exception):
    pass


@pytest.fixture
def other_thread() -> Iterator[None]:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_waits_for_the_block_with_other_threads_running(other_thread: None, signum: int) -> None:
    taken: list[str] = []

    def handler(_signum: int, _frame: object) -> None:
        taken.append("handler")
        raise Stopped

    before = signal.signal(signum, handler)
    try:
        with pytest.raises(Stopped), signals_held():
            os.kill(os.getpid(), signum)
            threading.Event().wait(0.05)  # (time for a handler to run, were it not held)
            taken.append("block ended")
        assert taken == ["block ended", "handler"]
    finally:
        signal.signal(signum, before)


def test_nothing_is_raised_when_no_signal_came(other_thread: None) -> None:
    with signals_held():
        pass
    assert signal.getsignal(signal.SIGTERM) is not None
