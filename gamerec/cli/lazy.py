"""The table of commands made lazily: :data:`COMMANDS` (filled from :mod:`.commands`), each
command made (its module imported, its signature read by typer) only when it is run,
completed or its help shown, and :class:`LazyGroup`, the group that does so (the app's
group, :class:`gamerec.cli.app.Group`, adds the error boundary).

typer takes the class of an app's group as ``Typer(cls=...)`` and asserts that it is a
``TyperGroup``, which typer offers from ``typer.core`` alone; making one command from its
function is ``typer.main.get_command`` (typer's docs, "Using Click"). These, ``TyperCommand``
and what :mod:`.coerce` and :mod:`.options` need are the private names gamerec uses, held
to that list by tests/cli/test_typer_public.py.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

import typer
from typer.core import TyperCommand, TyperGroup

from .coerce import defer_coercion


class Lazy(NamedTuple):
    """A row of the table of commands (:mod:`.commands`): a function that imports the
    command's function and returns it, and the command's summary: the first sentence of
    its help, in ``gamerec --help``'s listing and in completion. The summary is written
    here alone: the command's help is the summary followed by its function's docstring
    (:func:`command_help`)."""

    load: Callable[[], Callable[..., Any]]
    summary: str


#: The commands by name, in the order ``gamerec --help`` lists them: registered by
#: ``gamerec/cli/__init__.py`` from :data:`.commands.COMMANDS`; each module is imported when
#: its command is first used.
COMMANDS: dict[str, Lazy] = {}


def command_help(summary: str, doc: str | None) -> str:
    """A command's help: its ``summary`` (the table's: written there alone), then its
    function's docstring ``doc``, whose first paragraph carries on the summary's, or, when
    the docstring's first line is blank, is a paragraph of its own. A docstring that still
    opens with the summary (``record``'s: gamerec/cli/record.py is being worked on
    elsewhere) is the help as it is; tests/cli/test_startup.py names the docstrings that do."""
    text = inspect.cleandoc(doc or "")
    if not text:
        return summary
    if " ".join(text.split()).startswith(summary):
        return text
    if not (doc or "").split("\n", 1)[0].strip():
        return f"{summary}\n\n{text}"
    return f"{summary} {text}"


class _Commands(MutableMapping[str, Any]):
    """A group's commands: those of :data:`COMMANDS` made (their module imported) when
    first looked up; the names, and any command added the usual way, cost nothing."""

    def __init__(self, group: LazyGroup, added: Mapping[str, Any]) -> None:
        self._group = group
        self._made: dict[str, Any] = dict(added)

    def __getitem__(self, name: str) -> Any:
        command = self._made.get(name)
        if command is None:
            row = COMMANDS[name]
            command = self._made[name] = self._group.make(name, row.load(), row.summary)
        return command

    def made_or_summary(self, name: str) -> Any:
        """The command ``name`` if it was made, else a stand-in that holds its summary
        alone (a command with no parameters and no callback: enough to list it), or None
        for an unknown name."""
        command = self._made.get(name)
        if command is None and name in COMMANDS:
            command = _Command(name=name, help=COMMANDS[name].summary)
        return command

    def __setitem__(self, name: str, command: Any) -> None:
        self._made[name] = command

    def __delitem__(self, name: str) -> None:
        if name in COMMANDS:
            raise TypeError(f"{name}: a command of the table cannot be removed")
        del self._made[name]

    def __contains__(self, name: object) -> bool:
        return name in COMMANDS or name in self._made

    def __iter__(self) -> Iterator[str]:
        yield from COMMANDS
        yield from (n for n in self._made if n not in COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS) + sum(1 for n in self._made if n not in COMMANDS)


class _Command(TyperCommand):
    """A command whose values are coerced by typer without pydantic where coercion changes
    nothing (:mod:`.coerce`: start-up)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        defer_coercion(self.get_params(ctx))
        return super().parse_args(ctx, args)


class LazyGroup(TyperGroup):
    """The commands of :data:`COMMANDS`, each made (its module imported, its signature read
    by typer) only when it is run, completed or its help shown; typer's listing in
    ``gamerec --help`` and its completion of command names see a stand-in for a command not
    made, which holds the table's summary (:meth:`get_command`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.commands = _Commands(self, self.commands)

    def make(self, name: str, function: Callable[..., Any], summary: str) -> Any:
        """The click command of ``function``, as ``app.command(name)`` would have made it,
        its help the table's ``summary`` and the function's docstring."""
        from typer.main import get_command

        from .options import readable_arguments

        one = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
        one.command(name, cls=_Command, help=command_help(summary, function.__doc__))(function)
        command = get_command(one)
        readable_arguments(command)  # FILE... in help, not {files}... <list[str]>
        return command

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command ``cmd_name`` as typer's listing and completion of names ask for it:
        made if it was, else its stand-in (:meth:`_Commands.made_or_summary`): no command
        module imported. A command run, completed or shown is made (:meth:`resolve_command`)."""
        commands = self.commands
        if isinstance(commands, _Commands):
            return commands.made_or_summary(cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # their names, in the table's order, none made

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None:
            command = self.commands[name]  # made now, if it was a stand-in
        return name, command, rest

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        defer_coercion(self.get_params(ctx))  # --install-completion and the like too
        return super().parse_args(ctx, args)
