"""The files a command line names: files, directories searched for record files, and glob
patterns, each file once."""

from __future__ import annotations

import errno
import fnmatch
import glob
import os
from collections.abc import Iterable
from pathlib import Path

from ..errors import InputError
from ..escape import name_text
from .encodings import SUFFIXES

__all__ = ["RECORD_SUFFIXES", "PathLike", "Paths", "as_paths", "expand_paths"]

#: one path: a string or an :class:`os.PathLike` (a :class:`pathlib.Path`)
PathLike = str | os.PathLike[str]
#: one path, or any number of them
Paths = PathLike | Iterable[PathLike]

RECORD_SUFFIXES = tuple(SUFFIXES)


def as_paths(paths: Paths) -> list[str]:
    """``paths`` as a list of strings: one path (a string or a path object) is a list of
    one, not a sequence of characters.

    >>> as_paths("games.grec"), as_paths(Path("a.json")), as_paths(["a.grec", Path("b.gtxt")])
    (['games.grec'], ['a.json'], ['a.grec', 'b.gtxt'])
    """
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    if isinstance(paths, (bytes, bytearray)) or not isinstance(paths, Iterable):
        raise InputError(f"paths are strings or path objects (one, or many), not {type(paths).__name__}")
    out = []
    for p in paths:
        if not isinstance(p, (str, os.PathLike)):
            raise InputError(f"paths are strings or path objects, not {type(p).__name__}")
        out.append(os.fspath(p))
    return out


def refuse_empty(path: str | Path, what: str) -> None:
    """Raise :class:`InputError` for an empty name (``what``: the kind of name it should
    be): ``Path("")`` is the current folder, and an unset ``"$VAR"`` must not mean "here"."""
    if not str(path):
        raise InputError(f"'': not a {what} (an empty name)")


def expand_paths(args: Paths) -> list[str]:
    """Files named, directories searched recursively for record files (``.grec``,
    ``.json``, ``.jsonl``, ``.gtxt``) in sorted order, and glob patterns expanded (``**``
    for any depth); ``-`` is stdin.

    Symbolic links are followed, but each real directory is searched once, so that a link
    loop (``d/l1 -> .``) ends the walk rather than repeating it; and a file reached by
    several paths (named twice, or in a folder also named) is listed once: a batch never
    counts the same file's records twice. So is ``-``: standard input is read once."""
    out: list[str] = []
    seen: set[tuple[int, int]] = set()
    for arg in as_paths(args):
        if arg == "-":
            if "-" not in out:
                out.append(arg)
            continue
        refuse_empty(arg, "file or folder name")
        p = Path(arg)
        if p.is_dir():
            found = _walk(arg)
            if not found:
                raise InputError(f"{arg}: no record files (.grec, .json, .jsonl, .gtxt) in this directory")
            out.extend(f for f in found if _once(f, seen))
        elif p.exists():
            if _once(arg, seen):
                out.append(arg)
        elif glob.has_magic(arg):
            matches = _glob(arg)
            if not matches:
                raise InputError(f"{arg}: no file matches")
            for m in matches:
                for f in _walk(m) if os.path.isdir(m) else [m]:
                    if _once(f, seen):
                        out.append(f)
        else:
            raise InputError(f"{arg}: {why_missing(arg)}")
    return out


def why_missing(path: str) -> str:
    """Why ``path``, which does not name an existing file, cannot be opened: a loop of
    symbolic links, a link to nothing, a file where the path needs a directory, or no such
    file."""
    try:
        os.stat(path)
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a loop of symbolic links"
        if os.path.islink(path):
            target = os.readlink(path)
            if os.path.islink(os.path.join(os.path.dirname(path), target)):  # a chain, broken further on
                end = name_text(os.path.realpath(path))
                return f"a chain of symbolic links that ends at {end!r}, which does not exist"
            return f"a symbolic link to {name_text(target)!r}, which does not exist"
        if e.errno == errno.ENOTDIR:
            return "a part of the path is not a directory"
        if e.errno == errno.EACCES:
            return "permission denied (a directory on the path cannot be searched)"
        if e.errno == errno.ENAMETOOLONG:
            return "the name is too long"
    return "no such file or directory"


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _once(path: str, seen: set[tuple[int, int]]) -> bool:
    """Whether ``path`` is met for the first time (by what it is, links followed)."""
    key = _identity(path)
    if key is None:
        return True
    if key in seen:
        return False
    seen.add(key)
    return True


def _entries(directory: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(directory or ".") as it:
            return sorted(it, key=lambda e: e.name)
    except OSError:
        return []


def _walk(top: str) -> list[str]:
    """The record files under ``top``, each real directory searched once."""
    found: list[str] = []
    dirs: set[tuple[int, int]] = set()
    files: set[tuple[int, int]] = set()
    stack = [top]
    while stack:
        directory = stack.pop()
        if not _once(directory, dirs):
            continue
        for entry in _entries(directory):
            path = os.path.join(directory, entry.name)
            try:
                if entry.is_dir():
                    stack.append(path)
                elif (
                    entry.is_file()
                    and Path(entry.name).suffix.lower() in RECORD_SUFFIXES
                    and _once(path, files)
                ):
                    found.append(path)
            except OSError:
                continue
    return sorted(found)


def _glob(pattern: str) -> list[str]:
    """The paths matching a glob ``pattern`` as :func:`glob.glob` with ``recursive=True``
    matches them (``**`` is any number of directories; names starting with ``.`` only
    when the pattern says so), in sorted order, each real directory searched once for
    each part of the pattern."""
    root = os.sep if pattern.startswith(os.sep) else ""
    parts = [part for part in pattern.split(os.sep) if part]
    matches: list[str] = []
    seen: set[tuple[tuple[int, int] | None, int]] = set()

    def match(path: str, i: int) -> None:
        if i == len(parts):
            if path and os.path.lexists(path):
                matches.append(path)
            return
        part = parts[i]
        last = i == len(parts) - 1
        if part == "**":
            key = (_identity(path or "."), i)
            if key in seen:
                return
            seen.add(key)
            match(path, i + 1)
            for entry in _entries(path):
                if entry.name.startswith("."):
                    continue
                child = os.path.join(path, entry.name)
                if last:
                    matches.append(child)
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    match(child, i)
            return
        if not glob.has_magic(part):
            child = os.path.join(path, part)
            if last or os.path.isdir(child):
                match(child, i + 1)
            return
        for entry in _entries(path):
            if entry.name.startswith(".") and not part.startswith("."):
                continue
            if fnmatch.fnmatchcase(entry.name, part):
                child = os.path.join(path, entry.name)
                if last or os.path.isdir(child):
                    match(child, i + 1)

    match(root, 0)
    if pattern.endswith(os.sep):  # directories only, as glob.glob has it
        matches = [m for m in matches if os.path.isdir(m)]
    return sorted(dict.fromkeys(m for m in matches if m))
