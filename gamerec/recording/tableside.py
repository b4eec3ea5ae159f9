"""What the recorder offers at the table, in words (``gamerec record`` shows them): the seat
an entry names, by name or number (:func:`seat_at`); the lines a line being typed may become
(:func:`completions`: the legal actions of the seat to move; :func:`card_completions`: the
card codes of a hand being typed); the table at a glance (:func:`toolbar`, one line;
:func:`table_lines`, for ``show``) and the score sheet so far (:func:`score_sheet_text`).

Library code: nothing here prints or knows the terminal; the command line renders it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from ..escape import terminal_text
from ..games.presenters import presenter
from ..view import View
from .line import seat_at
from .recorder import Recorder

__all__ = [
    "card_completions",
    "completions",
    "legal_line",
    "score_sheet_lines",
    "score_sheet_text",
    "seat_at",
    "some_lines",
    "stock_completions",
    "table_lines",
    "toolbar",
]


def _seat_prefix(rec: Recorder, text: str) -> tuple[str, int | None, str]:
    """``text`` split into the seat as typed (with its space), the seat it names (None: no
    seat typed, or one not a seat) and the rest."""
    players = rec.header.players
    named = seat_at(players, text)
    if named is not None and text[named[1] : named[1] + 1] == " ":
        return text[: named[1] + 1], named[0], text[named[1] + 1 :]
    word, space, rest = text.partition(" ")
    if space and word.isascii() and word.isdigit() and len(word) <= 3:
        number = int(word)
        return word + " ", number if number < len(players) else -1, rest
    return "", None, text


def completions(rec: Recorder, text: str) -> list[str]:
    """The lines ``text`` may become: the legal actions that begin with what is typed, in
    the notation's words, the seat as typed (by name or number: another seat's, such as a
    declaration out of turn) or left out (a bare action, for the seat to move). With the
    hands unknown, what can still be legal; none while a stock card is due."""
    legal = rec.legal_actions()[0]
    if not legal:
        return []
    prefix, seat, rest = _seat_prefix(rec, text)
    whose = rec.to_move() if seat is None else seat  # (another seat: what it may do now, a declaration)
    # (each action's words without its seat: the line begins with the seat's number and a space)
    bare = [rec.action_line(a).removeprefix(f"{a.seat} ") for a in legal if a.seat == whose]
    return [prefix + words for words in bare if words.startswith(rest)]


def legal_line(rec: Recorder, limit: int = 60) -> str:
    """What ``legal`` says: the legal actions now, at most ``limit`` of them (and how many
    more); with the hands unknown, those some hand could make legal, the ones the rules ask
    for if the seat holds them first; while a stock card is due, that it comes first."""
    due_card = rec.stock_due
    if due_card is not None:
        return f"legal: (a stock card first: the {due_card})"
    actions, first, guessed = rec.legal_actions()
    if not actions:
        return "legal: none (no action is due)"
    lines = [rec.action_line(a) for a in actions]
    if not guessed:
        return "legal: " + some_lines(lines, limit)
    if not first:
        return "legal (the hands are unknown: what no card seen rules out): " + some_lines(lines, limit)
    due, rest = lines[: len(first)], lines[len(first) :]  # (those due come first)
    return (
        f"legal (the hands are unknown): if the seat holds one, one of {some_lines(due, limit)}; "
        f"else {some_lines(rest, limit)}"
    )


def some_lines(lines: Sequence[str], limit: int = 60) -> str:
    """``lines`` joined by commas, at most ``limit`` of them, then how many more."""
    if len(lines) <= limit:
        return ", ".join(lines)
    return ", ".join(lines[:limit]) + f" … and {len(lines) - limit} more (Tab completes them)"


def stock_completions(rec: Recorder, text: str) -> list[str]:
    """The card codes a stock card being typed (``text``) may be: the cards of the deck
    that begin with it, but those seen already in the deal when its hands are unknown."""
    deck = rec.game.deck
    codes = (
        deck.codes if rec.hidden is None else list(dict.fromkeys(deck.code(c) for c in rec.hidden.unseen()))
    )
    typed = text.strip().upper()
    return [code for code in codes if typed and code.startswith(typed)]


def card_completions(codes: Sequence[str], taken: Iterable[str], text: str) -> list[str]:
    """The lines a hand being typed (``text``, card codes) may become with one more card:
    the card codes of the deck (``codes``) that begin with its last word, but those
    ``taken`` (in the hands typed before) and those in the line already."""
    head, _, last = text.rpartition(" ")
    used = set(taken) | set(text.upper().split()[: -1 if last else None])
    lead = head + " " if head else ""
    return [lead + code for code in codes if code.startswith(last.upper()) and code not in used]


def _view(rec: Recorder) -> View:
    return presenter(rec.game.id).view(rec.state())


def _trick(view: View) -> str:
    return ", ".join(f"{name} {' '.join(cards)}" for name, cards in view.plays())


def _situation(rec: Recorder) -> str | None:
    """What is due when it is not an action of a known seat, in words (None: an action)."""
    word = rec.game.deal_word
    if rec.needs_stock:
        waits = rec.waiting_action()
        after = f"; {waits} waits for it" if waits else ""
        return f"{word} {len(rec.deals)}: the {rec.stock_due} is due{after}"
    if rec.status() == "deal":
        return f"{word} {len(rec.deals) + 1} is next"
    if rec.status() == "over":
        return "the game is over"
    return None


def _to_follow(rec: Recorder, limit: int = 8) -> str:
    """With the hands unknown, the cards not seen yet that the rules ask the seat to move
    to play if it holds one (the suit of the trick): ``if held, one of 2H 5H 9H``."""
    if rec.hidden is None:
        return ""
    game = rec.game
    codes = list(dict.fromkeys(game.deck.code(c) for a in rec.hidden.choices().due for c in game.shows(a)))
    if not codes:
        return ""
    more = f" … {len(codes) - limit} more" if len(codes) > limit else ""
    return "if held, one of " + " ".join(codes[:limit]) + more


def toolbar(rec: Recorder, width: int | None = None) -> str:
    """The table in one line of at most ``width`` characters (None: no limit): the deal,
    whose turn it is (or what is due), the scores, the trick so far (with the hands unknown,
    the cards the seat must play if it holds one), and the lines of the deal (trump or the
    forest card...). What does not fit is dropped, the least useful
    first: the deal's lines from the last, then the deal's title, then the trick; the line
    is cut (…) when even whose turn it is and the scores do not fit."""
    view = _view(rec)
    situation = _situation(rec)
    # (priority, text): the lower the priority, the earlier it is dropped
    parts: list[tuple[int, str]] = []
    if situation is None:
        parts.append((1, view.title))
        if view.to_move is not None:  # (a bid or a play: "to move", as the prompt says)
            parts.append((3, f"{view.seats[view.to_move].name} to move"))
    else:
        parts.append((3, situation))
    parts.append((3, "score " + ", ".join(f"{sv.name} {sv.score}" for sv in view.seats)))
    between = rec.status() in ("deal", "over")  # the trick and the lines are of a deal gone by
    if view.table and not between:
        parts.append((2, "trick: " + _trick(view)))
    follow = _to_follow(rec) if situation is None else ""
    if follow:  # (dropped after the deal's title, before the trick it follows from)
        parts.append((1, follow))
    lines = [] if between else [f"{label}: {value}" for label, value in view.lines if label != "Dealer"]
    parts += [(-i, text) for i, text in enumerate(lines)]  # the first line of the deal kept longest
    bar = " · ".join(text for _, text in parts)
    while width is not None and len(bar) > width and any(p < 3 for p, _ in parts):
        parts.remove(min((p for p in parts if p[0] < 3), key=lambda p: p[0]))
        bar = " · ".join(text for _, text in parts)
    if width is not None and len(bar) > width:
        bar = bar[: max(width - 1, 0)] + "…" if width > 0 else ""
    return bar


def table_lines(rec: Recorder) -> list[str]:
    """The table, for ``show``: the deal's title and lines (trump or the forest card...),
    the trick so far, and each seat: its hand as far as known, its bid and tricks won,
    its score (▶ the seat to move)."""
    view = _view(rec)
    lines = [view.title]
    situation = _situation(rec)
    if situation is not None:
        lines.append(situation)
    lines += [f"  {label}: {value}" for label, value in view.lines]
    if view.table:
        lines.append("  Trick: " + _trick(view))
    unknown = rec.unknown_hands
    for sv in view.seats:
        mark = "▶" if view.to_move == sv.seat and situation is None else " "
        hand = "(unknown)" if unknown else "(hidden)" if sv.hand is None else " ".join(sv.hand) or "-"
        info = f" · {sv.info}" if sv.info else ""
        lines.append(f"{mark} {sv.seat} {sv.name}: {hand}{info} · score {sv.score}")
    return lines


def score_sheet_text(rec: Recorder) -> str:
    """The score sheet of the deals known so far, as the game writes it."""
    return presenter(rec.game.id).history_text(rec.record(known_only=True), rec.state())


def score_sheet_lines(rec: Recorder) -> list[str]:
    """:func:`score_sheet_text`, line by line, each player's name written on one line (a line
    break in it shown as ``⏎``): a name cannot start a line of its own, to pass for
    another's output."""
    names = [terminal_text(name) for name in rec.header.players]
    record = msgspec.structs.replace(rec.record(known_only=True), players=names)
    state = rec.state().copy()
    state.players = names
    return presenter(rec.game.id).history_text(record, state).splitlines()
