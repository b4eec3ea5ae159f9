"""A set of content hashes in little memory (:class:`Digests`), for ``--dedupe``: the one
thing ``gamerec ls --dedupe`` and ``gamerec filter --dedupe`` keep for each record read."""

from __future__ import annotations

__all__ = ["Digests"]


class Digests:
    """A set of content hashes (16 bytes each) in little memory, for ``--dedupe``: some 26
    bytes a hash (a ``set`` of them takes about 100). They are kept in buckets, each one
    ``bytes`` holding its hashes one after the other, found by Python's (salted) hash of
    each; the buckets double when they hold 16 hashes on average. A value of another length
    goes into a plain set."""

    __slots__ = ("_buckets", "_count", "_mask", "_other")

    def __init__(self) -> None:
        self._mask = 255
        self._buckets: list[bytes] = [b""] * (self._mask + 1)
        self._count = 0
        self._other: set[bytes] = set()

    def __len__(self) -> int:
        return self._count + len(self._other)

    def add(self, digest: bytes) -> bool:
        """Whether ``digest`` is new here (then it is kept)."""
        if len(digest) != _DIGEST:
            new = digest not in self._other
            self._other.add(digest)
            return new
        i = hash(digest) & self._mask
        bucket = self._buckets[i]
        at = bucket.find(digest)
        while at >= 0:
            if at % _DIGEST == 0:
                return False
            at = bucket.find(digest, at + 1)  # (found across two hashes: not this one)
        self._buckets[i] = bucket + digest
        self._count += 1
        if self._count > _BUCKET * self._mask:
            self._grow()
        return True

    def _grow(self) -> None:
        self._mask = mask = 2 * self._mask + 1
        old, self._buckets = self._buckets, [b""] * (mask + 1)
        new = self._buckets
        for bucket in old:
            for at in range(0, len(bucket), _DIGEST):
                digest = bucket[at : at + _DIGEST]
                new[hash(digest) & mask] += digest


_DIGEST = 16  #: the bytes of a content hash
_BUCKET = 16  #: the hashes a bucket of :class:`Digests` holds on average before they double
