"""What ``gamerec ls`` shows of each record, read from the header alone where the
encoding allows."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from ..errors import FormatError
from .binary import content_hash, decode_binary, decode_header
from .paths import Paths, expand_paths
from .progress import OnProgress
from .read import TOO_DEEP, decode_raw, raw_records

__all__ = ["Listing", "list_records"]


class Listing(msgspec.Struct):
    """What ``gamerec ls`` shows of a record, read from its header alone where the
    encoding allows (binary); ``error`` says why a record could not be read."""

    source: str
    index: int
    where: str
    game: str | None = None
    players: list[str] = []
    date: str | None = None
    event: str | None = None
    deals: int = 0
    actions: int = 0
    hash: str | None = None
    error: str | None = None


def list_records(paths: Paths, on_progress: OnProgress | None = None) -> Iterator[Listing]:
    """A :class:`Listing` per record of the files, directories or globs named. Binary
    records are listed from their headers without decoding their deals; a header that
    carries no content hash has it computed from the record. ``on_progress``: see
    :mod:`gamerec.format.progress`."""
    for raw in raw_records(expand_paths(paths), on_progress):
        base = (raw.source, raw.index, raw.where)
        if raw.kind == "error":
            err = raw.error
            yield Listing(*base, error=f"{err.message} [{err.code}]" if err else "unreadable")
            continue
        try:
            if raw.kind == "binary":
                h = decode_header(raw.header)
                digest = h.hash.hex() if h.hash else content_hash(decode_binary(raw.header, raw.body))
                yield Listing(*base, h.game, h.players, h.meta.date, h.meta.event, h.deals, h.actions, digest)
            else:  # JSON or the text notation: the record is decoded whole
                entry = decode_raw(raw)
                if entry.record is None:
                    assert entry.error is not None
                    raise entry.error
                r = entry.record
                yield Listing(
                    *base,
                    r.game,
                    r.players,
                    r.meta.date,
                    r.meta.event,
                    len(r.deals),
                    r.action_count,
                    content_hash(r),
                )
        except RecursionError:
            yield Listing(*base, error=f"{TOO_DEEP} [format.limit]")
        except FormatError as e:
            yield Listing(*base, error=f"{e.message} [{e.code}]")
