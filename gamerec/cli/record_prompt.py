"""The prompt of ``gamerec record``: prompt_toolkit when standard input and output are a
terminal (line editing, history while recording, Tab completion, a bottom toolbar), plain
lines otherwise (a pipe, a file). prompt_toolkit is imported only then, so the other
commands never pay for it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

from .lines import clean

#: what completes a line: the lines the text typed so far may become
Complete = Callable[[str], list[str]]


def ask(prompt: str, complete: Complete | None = None, bar: Callable[[], str] | None = None) -> str:
    """A line after ``prompt`` at the prompt of this run; EOFError at the end of input."""
    return prompt_ready().ask(prompt, complete, bar)


def prompt_ready() -> Prompt:
    """The prompt of this run (prompt_toolkit on a terminal, plain lines otherwise), made
    the first time it is asked for."""
    global _prompt
    if _prompt is None:
        _prompt = Prompt()
    return _prompt


class Prompt:
    """Asks for one line at a time; EOFError at the end of input (Ctrl-D), KeyboardInterrupt
    on Ctrl-C."""

    def __init__(self, terminal: bool | None = None) -> None:
        if terminal is None:
            terminal = sys.stdin.isatty() and sys.stdout.isatty()
        self._session: Any = _session() if terminal else None

    @property
    def terminal(self) -> bool:
        return self._session is not None

    def ask(
        self, prompt: str, complete: Complete | None = None, toolbar: Callable[[], str] | None = None
    ) -> str:
        """A line after ``prompt`` (stripped): completed by ``complete`` on Tab, under
        ``toolbar`` (on a terminal)."""
        if self._session is None:
            sys.stdout.write(clean(prompt))
            sys.stdout.flush()
            answer = sys.stdin.readline()
            if not answer:
                raise EOFError
            return answer.strip()
        bar = None if toolbar is None else (lambda: clean(toolbar()))
        # (prompt_toolkit keeps a session's toolbar when given None: a prompt without one
        # would show the last prompt's, of a deal gone by)
        self._session.bottom_toolbar = bar
        text: str = self._session.prompt(clean(prompt), completer=_completer(complete), bottom_toolbar=bar)
        return text.strip()


def _session() -> Any:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.shortcuts import CompleteStyle

    return PromptSession(history=InMemoryHistory(), complete_style=CompleteStyle.READLINE_LIKE)


def _completer(complete: Complete | None) -> Any:
    if complete is None:
        return None
    lines = complete
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document

    class Lines(Completer):
        """The lines the whole line typed may become (it is replaced by the one taken)."""

        def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
            typed = document.text_before_cursor
            for line in lines(typed):
                yield Completion(line, start_position=-len(typed), display=line)

    return Lines()


#: the prompt of this run (:func:`prompt_ready`)
_prompt: Prompt | None = None
