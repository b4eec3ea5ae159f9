"""Batches: verify many records, in order, in one process or several (the duplicates and
standings of a batch are in :mod:`gamerec.tables.standings`).

Records are read undecoded (:func:`gamerec.format.read.raw_records`) and decoded and verified
where the work is done, so only bytes travel to other processes and verdicts come back.
At most a few chunks per process are in flight at any time: memory stays flat however
many records a batch holds, and verdicts come out in input order, the same as in one
process.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from functools import partial
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

import msgspec

from ..errors import InputError
from ..format.binary import content_hash
from ..format.paths import Paths, expand_paths
from ..format.progress import OnProgress, ProgressTally, input_size
from ..format.read import RawRecord, decode_raw, raw_records
from .verdicts import Verdict, entry_verdict

if TYPE_CHECKING:  # multiprocessing is imported when worker processes start (start-up)
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext
    from multiprocessing.process import BaseProcess

__all__ = [
    "MAX_JOBS",
    "ChunkWork",
    "WorkerLost",
    "Workers",
    "content_hash",
    "default_jobs",
    "map_chunks",
    "max_jobs",
    "verify_batch",
]


#: The most processes a batch may use, unless the machine has more cores than that.
MAX_JOBS = 64


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def max_jobs() -> int:
    """The most processes a batch may use: :data:`MAX_JOBS`, or the cores this process may
    use if there are more."""
    return max(MAX_JOBS, default_jobs())


class WorkerLost(InputError):
    """A worker process died (killed, perhaps by the kernel when memory ran out) before it
    sent back the verdicts of its chunk: the batch stops there."""


def _verify_raw(raw: RawRecord, scores: bool = True) -> Verdict:
    verdict = entry_verdict(decode_raw(raw))
    if not scores:
        verdict.scores = None
    return verdict


# verdicts cross from the workers as MessagePack: several times faster than pickling Structs
_chunk_encoder = msgspec.msgpack.Encoder()
_chunk_decoder = msgspec.msgpack.Decoder(list[Verdict])


def _verify_chunk(raws: list[RawRecord], scores: bool) -> bytes:
    return _chunk_encoder.encode([_verify_raw(r, scores) for r in raws])


#: the work done on a chunk of records in a worker process (or in this one): bytes back
ChunkWork = Callable[[list[RawRecord]], bytes]


def _check_jobs(jobs: int) -> None:
    if type(jobs) is not int or not 1 <= jobs <= max_jobs():
        raise InputError(f"jobs {jobs!r}: a batch uses 1 to {max_jobs()} processes")


def verify_batch(
    paths: Paths,
    jobs: int = 1,
    chunk: int = 256,
    on_file: Callable[[str], None] | None = None,
    scores: bool = True,
    on_progress: OnProgress | None = None,
) -> Iterator[Verdict]:
    """A verdict, with its content hash, for every record of every file, directory or
    glob named, in input order; up to ``jobs`` processes share the work (at most
    :func:`max_jobs`; one for each chunk of ``chunk`` records, started when there is work
    for them, none when the batch is a single chunk). Without ``scores`` the verdicts leave
    out their score sheets (less to send between processes). ``on_progress`` (see
    :mod:`gamerec.format.progress`) hears of each verdict once the next one is asked for,
    with the bytes of the records verified so far and of all the files; ``on_file`` of
    each file as its reading starts.

    A worker process that dies (killed, say, when memory runs out) raises
    :class:`WorkerLost` naming the records it had, once the verdicts before them are given:
    the batch stops there."""
    _check_jobs(jobs)
    files = expand_paths(paths)
    tally = ProgressTally(on_progress, input_size(files)) if on_progress is not None else None
    sizes: deque[int] = deque()  # of the records read and not yet given (read ahead for workers)

    def raws() -> Iterator[RawRecord]:
        for f in files:
            if on_file is not None:
                on_file(f)
            for raw in raw_records([f]):
                if tally is not None:
                    sizes.append(raw.size)
                yield raw

    def verdicts() -> Generator[Verdict]:
        source = raws()
        if jobs == 1:
            for raw in source:
                yield _verify_raw(raw, scores)
            return
        blocks = iter(lambda: list(islice(source, chunk)), [])
        first = next(blocks, [])
        second = next(blocks, [])
        if not second:  # a single chunk: no process to start
            for raw in first:
                yield _verify_raw(raw, scores)
            return
        with _Workers(jobs, partial(_verify_chunk, scores=scores)) as workers:
            for done in workers.run(chain([first, second], blocks)):
                yield from _chunk_decoder.decode(done)

    if tally is None:
        yield from verdicts()
        return
    with contextlib.closing(verdicts()) as given:  # its workers stop with it
        for v in given:  # in input order, one for each record read
            tally.add(sizes.popleft())  # (it is verified: counted before it is shown)
            yield v


def map_chunks(
    files: list[str],
    work: ChunkWork,
    jobs: int,
    chunk: int = 256,
    on_progress: OnProgress | None = None,
    lost: str = "not done",
) -> Iterator[bytes]:
    """What ``work`` makes of each chunk of ``chunk`` records (undecoded) of ``files``
    (already expanded), in input order, done by up to ``jobs`` worker processes (none for
    a single chunk), a few chunks ahead; ``work`` must be a function of a module (or a
    :func:`functools.partial` of one) for the workers to be given it. ``on_progress`` hears
    of each chunk's records and bytes as its result is given. A worker process
    that dies raises :class:`WorkerLost`: ``"FILE: records A-B: " + lost + ": a worker
    process died ..."``, once the results before it are given."""
    _check_jobs(jobs)
    tally = ProgressTally(on_progress, input_size(files)) if on_progress is not None else None
    sizes: deque[tuple[int, int]] = deque()  # the bytes and records of each chunk read, not yet given

    def read() -> Iterator[list[RawRecord]]:
        source = raw_records(files)
        for block in iter(lambda: list(islice(source, chunk)), []):
            if tally is not None:
                sizes.append((sum(r.size for r in block), len(block)))
            yield block

    def results() -> Generator[bytes]:
        blocks = read()
        first = next(blocks, [])
        second = next(blocks, [])
        if not second:  # a single chunk (or none): no process to start
            if first:
                yield work(first)
            return
        with _Workers(jobs, work, lost) as workers:
            yield from workers.run(chain([first, second], blocks))

    with contextlib.closing(results()) as given:  # its workers stop with it
        for done in given:
            if tally is not None:  # (its records are done: counted before they are shown)
                tally.add(*sizes.popleft())
            yield done


# -- worker processes -----------------------------------------------------------------------
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


#: how often (seconds) a worker looks whether its parent is still there
_PARENT_CHECK = 0.25


def _worker(
    conn: Connection, work: Callable[[list[Any]], bytes], parent: int, inherited: tuple[Connection, ...] = ()
) -> None:
    """A worker process: do ``work`` on the chunks the parent sends (verify them, say),
    send back what it makes of each (bytes).
    Ctrl-C is the parent's to handle; SIGTERM and SIGHUP (unless the parent ignores them)
    end it at once and silently, and it leaves quietly when the parent is gone (never a
    traceback), whatever it is doing.

    ``inherited``: the parent's ends of the workers' pipes, this one's among them, which a
    forked worker holds too; it closes them, so that its pipe breaks when the parent dies
    (else a large result would wait for ever to be sent). Should another process hold them
    still (one the caller forked), the worker also ends within :data:`_PARENT_CHECK`
    seconds of ``parent`` being gone, letting go of the caller's standard output and files."""
    for signum in _SIGNALS:
        if signum == signal.SIGINT:
            signal.signal(signum, signal.SIG_IGN)
        elif signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    for end in inherited:
        end.close()
    import threading

    threading.Thread(target=_watch_parent, args=(parent,), name="gamerec-parent", daemon=True).start()
    try:
        while True:
            block = conn.recv()
            if block is None:
                return
            try:
                done = work(block)
            except Exception as e:  # a bug: the parent raises it
                _send_error(conn, e)
                continue
            conn.send_bytes(_DONE)
            conn.send_bytes(done)  # as it is: no pickling of a large result
    except (OSError, EOFError):  # the parent is gone
        return


def _watch_parent(parent: int) -> None:
    """In a worker: end the process as soon as ``parent`` is gone (it has another parent by
    then), whatever the worker is doing (sending a result no one reads, say)."""
    while os.getppid() == parent:
        time.sleep(_PARENT_CHECK)
    os._exit(0)


# each reply is two messages: what it is, then the result's bytes or the exception pickled
_DONE, _FAILED = b"d", b"f"


def _send_error(conn: Connection, e: Exception) -> None:
    conn.send_bytes(_FAILED)
    try:
        conn.send(e)
    except OSError:
        raise
    except Exception:  # an exception that cannot be pickled: its type and message
        conn.send(RuntimeError(f"{type(e).__name__}: {e}"))


def _span(block: list[RawRecord]) -> str:
    """Where a chunk's records are: ``a.grec: records 1-256`` (or across files)."""
    a, b = block[0], block[-1]
    if a.source == b.source:
        if a.index == b.index:
            return f"{a.source}: record {a.index + 1}"
        return f"{a.source}: records {a.index + 1}-{b.index + 1}"
    return f"{a.source}: record {a.index + 1} to {b.source}: record {b.index + 1}"


def _death(process: BaseProcess) -> str:
    process.join(1.0)
    code = process.exitcode
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}" if code is not None else "gone"


class _Worker:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.seq: int | None = None  # the chunk it works on
        self.block: list[Any] = []


class _Workers:
    """Worker processes, started one at a time as chunks wait for one (never more than
    ``jobs``, never more than there are chunks), each given one chunk at a time to do
    ``work`` on; a few chunks per worker are read ahead. What ``work`` makes of each chunk
    (bytes: verdicts, Arrow tables) comes back in input order. A chunk lost with its worker
    is named as ``lost`` (not verified, not exported), its place by ``span`` (the records
    of a chunk, by default; the arena's chunks are of games to play, and name their own).
    """

    def __init__(
        self,
        jobs: int,
        work: Callable[[list[Any]], bytes],
        lost: str = "not verified",
        span: Callable[[list[Any]], str] = _span,
    ) -> None:
        import multiprocessing

        self.jobs = jobs
        self.work = work
        self.lost = lost
        self.span = span
        self.context: ForkContext | SpawnContext = (
            multiprocessing.get_context("fork")
            if "fork" in multiprocessing.get_all_start_methods()
            else multiprocessing.get_context("spawn")
        )
        self.workers: list[_Worker] = []

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        self.close(clean=kind is None)

    def _start(self) -> _Worker | None:
        """A new worker; None when the system refuses one and others already run (the
        batch goes on with those)."""
        ours, theirs = self.context.Pipe()
        # a forked worker would hold this process's end of its own pipe, and of the others'
        # (spawned, it holds none): it closes them
        forked = self.context.get_start_method() == "fork"
        inherited = (ours, *(w.conn for w in self.workers)) if forked else ()
        process = self.context.Process(
            target=_worker, args=(theirs, self.work, os.getpid(), inherited), daemon=True
        )
        # the signals wait until the worker has set its own handlers (not the parent's)
        blocked = hasattr(signal, "pthread_sigmask")
        if blocked:
            old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
        try:
            process.start()
            worker = _Worker(process, ours)
            self.workers.append(worker)  # before a signal waiting to be handled can strike
        except OSError as e:
            ours.close()
            if self.workers:
                self.jobs = len(self.workers)
                return None
            raise InputError(
                f"cannot start a worker process: {e.strerror or e} (--jobs 1 verifies in this process)"
            ) from None
        finally:
            theirs.close()
            if blocked:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)
        return worker

    def run(self, blocks: Iterator[list[Any]]) -> Iterator[bytes]:
        from multiprocessing.connection import wait

        waiting: deque[tuple[int, list[Any]]] = deque()  # read, not yet given out
        done: dict[int, bytes] = {}
        lost: dict[int, str] = {}  # chunk number: what was lost and why
        sent = given = 0  # chunks read; chunks whose verdicts were given
        ahead = 3 * self.jobs
        more = True
        while True:
            while given in done:
                yield done.pop(given)
                given += 1
            while more and not lost and sent - given < ahead:
                block = next(blocks, None)
                if block is None:
                    more = False
                    break
                waiting.append((sent, block))
                sent += 1
            if given in lost:
                raise WorkerLost(lost[given])
            if not more and given == sent:
                return
            if not lost:
                self._hand_out(waiting, lost)
            # after a loss, only the chunks before it are still waited for
            stop = min(lost, default=sent)
            busy = [w for w in self.workers if w.seq is not None and w.seq < stop]
            if not busy:  # every chunk before the first lost one is given: it raised above
                raise AssertionError(f"batch: nothing in flight, chunk {given} of {sent} not done")
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
            for w in busy:
                if w.conn in ready or w.process.sentinel in ready:
                    self._collect(w, done, lost)

    def _hand_out(self, waiting: deque[tuple[int, list[Any]]], lost: dict[int, str]) -> None:
        while waiting:
            idle = next((w for w in self.workers if w.seq is None), None)
            if idle is None:
                if len(self.workers) >= self.jobs:
                    return
                idle = self._start()
                if idle is None:
                    return
            seq, block = waiting.popleft()
            idle.seq, idle.block = seq, block
            try:
                idle.conn.send(block)
            except OSError:  # it died between chunks: its chunk is not done
                self._lose(idle, lost)

    def _collect(self, w: _Worker, done: dict[int, bytes], lost: dict[int, str]) -> None:
        assert w.seq is not None
        try:
            if w.conn.poll():
                if w.conn.recv_bytes() == _FAILED:
                    raise w.conn.recv()
                done[w.seq] = w.conn.recv_bytes()
                w.seq, w.block = None, []
                if w.process.is_alive():
                    return
        except (OSError, EOFError):
            pass
        if w.seq is not None:
            self._lose(w, lost)
        else:  # died idle: nothing lost
            self.workers.remove(w)
            w.conn.close()

    def _lose(self, w: _Worker, lost: dict[int, str]) -> None:
        assert w.seq is not None
        lost[w.seq] = (
            f"{self.span(w.block)}: {self.lost}: a worker process died ({_death(w.process)}), "
            "perhaps out of memory; the batch stops there (fewer --jobs use less memory)"
        )
        self.workers.remove(w)
        w.conn.close()

    def close(self, clean: bool) -> None:
        """Stop the workers: tell them when the batch is done, else end them at once."""
        for w in self.workers:
            if clean:
                with contextlib.suppress(OSError):
                    w.conn.send(None)
            elif w.process.is_alive():
                w.process.terminate()
        for w in self.workers:
            w.process.join(5.0)
            if w.process.is_alive():
                w.process.kill()
                w.process.join()
            w.conn.close()
        self.workers.clear()


#: the worker processes, for other work than a batch's (the arena's games: gamerec.bots.arena)
Workers = _Workers
