"""The entries of a recording's journal (:mod:`gamerec.recording.journal` is the file): what each holds,
read from its line once (:func:`entry_of`), written as its line (:func:`line_of`), checked
(:func:`check_entry`), and what it does to the deals recorded so far (:func:`apply_entry`).
A deal being recorded is a :class:`RecordedDeal`: its stored seat, hands (None while
unknown), stock and actions, as cards (ints of the game's deck) and
:class:`~gamerec.record.Action` structs.

Each entry is a Struct (:data:`JournalEntry`) of typed data: an action as its Action, a card
as its int. On disk it is one JSON object a line, told apart by its keys, its actions in the
words of the text notation and its cards as codes (the journal's lines have no tag: those of
gamerec 0.2.0 read as they are):

- ``{"deal": SEAT, "hands": [...] | null, "stock": [...]}`` begins a deal;
- ``{"action": LINE}``, ``{"stock": CARD}``, ``{"note": LINE}`` (the last action, with its
  note) add to the current deal;
- ``{"hands": [...]}`` gives the hands rebuilt from the plays, ``{"reopen": N}`` takes the
  deal back to before its action N (unknown hands again);
- ``{"undo": "action" | "stock" | "note" | "deal"}`` takes back the deal's last entry
  (``{"undo": 1}`` in a journal of gamerec 0.1).

A line is read into its entry once, on resume (:func:`entry_of`: the notation read, the
codes parsed); an entry the recorder makes is written as its line (:func:`line_of`) and
never read back. Every entry is checked before it is journaled and applied, and the same
way on resume, so what a journal holds always resumes: its cards, and the format's size
limits (``gamerec.record``).
"""

from __future__ import annotations

from typing import Any

import msgspec

import gamerec.record as limits

from ..cards import CardCodeError
from ..engine import Game, played_cards
from ..errors import FormatError
from ..format.jsonform import split_where
from ..format.notation import MAX_LINE, format_action, parse_action
from ..record import Action

__all__ = [
    "ActionEntry",
    "BeginDeal",
    "HandsEntry",
    "JournalEntry",
    "JournalHeader",
    "NoteEntry",
    "RecordedDeal",
    "Reopen",
    "StockEntry",
    "Undo",
    "apply_entry",
    "check_entry",
    "entry_of",
    "line_of",
    "short",
]


class RecordedDeal(msgspec.Struct):
    """A deal being recorded: its stored seat, hands (None while unknown), stock so far
    (cards of the game's deck) and actions."""

    dealer: int
    hands: list[list[int]] | None
    stock: list[int] = []
    actions: list[Action] = []
    #: the hands were unknown and are rebuilt from the plays (undo makes them unknown again)
    rebuilt: bool = False
    #: what was entered in the deal, last on top, for undo: ("action", None), ("stock", None)
    #: or ("note", the action before the note)
    entered: list[tuple[str, Action | None]] = []

    def copy(self) -> RecordedDeal:
        hands = None if self.hands is None else [list(h) for h in self.hands]
        return RecordedDeal(
            self.dealer, hands, list(self.stock), list(self.actions), self.rebuilt, list(self.entered)
        )

    def last_entered(self) -> str:
        """What undo takes back: ``action``, ``stock``, ``note``, or ``deal`` (nothing was
        entered in it since it began)."""
        return self.entered[-1][0] if self.entered else "deal"


class JournalHeader(msgspec.Struct):
    """The journal's first line: the record's header in the notation (its game, players,
    rules and meta), how the hands are given (``gamerec.recording.recorder.HANDS``) and the seed."""

    header: str
    hands: str = "typed"
    seed: int = 0


# -- the entries, as the recorder holds them -----------------------------------------------------
class BeginDeal(msgspec.Struct):
    """A deal begins, with its stored seat, the hands as typed (None while unknown) and the
    stock shown (``{"deal": SEAT, "hands": [...] | null, "stock": [...]}``)."""

    deal: int
    hands: list[list[int]] | None = None
    stock: list[int] = []


class ActionEntry(msgspec.Struct):
    """An action of the current deal (``{"action": LINE}``)."""

    action: Action


class NoteEntry(msgspec.Struct):
    """The last action again, with its note (``{"note": LINE}``)."""

    note: Action


class StockEntry(msgspec.Struct):
    """A stock card of the current deal, as the game turned it (``{"stock": CARD}``)."""

    stock: int


class HandsEntry(msgspec.Struct):
    """The hands of a deal of unknown hands, rebuilt from its plays (``{"hands": [...]}``)."""

    hands: list[list[int]]


class Reopen(msgspec.Struct, forbid_unknown_fields=True):
    """``{"reopen": N}``: the deal back to before its action N, its hands unknown again."""

    reopen: int


class Undo(msgspec.Struct, forbid_unknown_fields=True):
    """``{"undo": "action" | "stock" | "note" | "deal"}``: the deal's last entry taken back
    (``1`` in a journal of gamerec 0.1: the last action with its note, else the deal)."""

    undo: str | int


JournalEntry = BeginDeal | ActionEntry | NoteEntry | StockEntry | HandsEntry | Reopen | Undo


# -- the entries, as the journal's lines hold them ----------------------------------------------
class _DealLine(msgspec.Struct, forbid_unknown_fields=True):
    deal: int
    hands: list[list[str]] | None = None
    stock: list[str] = []


class _ActionLine(msgspec.Struct, forbid_unknown_fields=True):
    action: str


class _NoteLine(msgspec.Struct, forbid_unknown_fields=True):
    note: str


class _StockLine(msgspec.Struct, forbid_unknown_fields=True):
    stock: str


class _HandsLine(msgspec.Struct, forbid_unknown_fields=True):
    hands: list[list[str]]


_Line = _DealLine | _ActionLine | _NoteLine | _StockLine | _HandsLine | Reopen | Undo

#: the line of an entry, by its one key (a deal's begins with ``deal``)
_BY_KEY: dict[str, type[_Line]] = {
    "action": _ActionLine,
    "note": _NoteLine,
    "stock": _StockLine,
    "hands": _HandsLine,
    "reopen": Reopen,
    "undo": Undo,
}


def entry_of(value: object, game: Game[Any]) -> JournalEntry:
    """The entry a journal line holds (its JSON decoded), its actions and cards read once
    for ``game``: ValueError (FormatError for a line of the notation, CardCodeError for a
    card code), saying why, unless it is one. The limits are :func:`check_entry`'s, but for
    the size of what is read: a line over the notation's longest, a list of more cards than
    a record holds, refused before it is read."""
    return _typed(game, _line(value))


def _line(value: object) -> _Line:
    """The line's Struct, by its keys and their types."""
    if not isinstance(value, dict):
        raise ValueError("not a journal entry")
    if "deal" in value:
        kind: type[_Line] = _DealLine
    elif len(value) == 1 and next(iter(value)) in _BY_KEY:
        kind = _BY_KEY[next(iter(value))]
    else:
        raise ValueError(short(f"not a journal entry: {sorted(map(str, value))}", 120))
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as e:
        text, where, which = split_where(str(e))
        if where in ("", "$") and text.startswith("object contains unknown field"):
            raise ValueError(short(f"not a journal entry: {sorted(map(str, value))}", 120)) from None
        path = where.removeprefix("$").removeprefix(".")
        key, bracket, rest = path.partition("[")
        said = f"{_WORDS.get(key, key)}{bracket}{rest}"
        raise ValueError(short(f"{said}: {which}{text}" if path else which + text, 120)) from None


def _typed(game: Game[Any], line: _Line) -> JournalEntry:
    """The entry ``line`` holds, read: codes parsed, lines of the notation read."""
    deck = game.deck

    def cards(codes: list[str], what: str) -> list[int]:
        _over(f"cards in {what}", len(codes), limits.MAX_CARDS)
        return [deck.parse(c) for c in codes]  # (CardCodeError is a ValueError)

    def hands(value: list[list[str]]) -> list[list[int]]:
        _over("hands", len(value), limits.MAX_SEATS)
        return [cards(hand, "a hand") for hand in value]

    def action(text: str) -> Action:
        _over("characters in the line", len(text), MAX_LINE)
        try:
            return parse_action(game, text)
        except FormatError as e:
            raise FormatError(f"{short(repr(text))}: {e.message.removeprefix('line 1, ')}", e.code) from None

    if type(line) is _DealLine:
        stock = cards(line.stock, "the stock")
        return BeginDeal(line.deal, None if line.hands is None else hands(line.hands), stock)
    if type(line) is _ActionLine:
        return ActionEntry(action(line.action))
    if type(line) is _NoteLine:
        return NoteEntry(action(line.note))
    if type(line) is _StockLine:
        return StockEntry(deck.parse(line.stock))
    if type(line) is _HandsLine:
        return HandsEntry(hands(line.hands))
    assert type(line) is Reopen or type(line) is Undo
    return line


def line_of(game: Game[Any], entry: JournalEntry) -> msgspec.Struct:
    """``entry`` as the journal's line holds it (for :func:`gamerec.recording.journal.encode_entry`):
    its actions in the notation's words, its cards as codes (an entry :func:`check_entry`
    took)."""
    code = game.deck.code

    def codes(cards: list[int]) -> list[str]:
        return [code(c) for c in cards]

    if type(entry) is BeginDeal:
        return _DealLine(
            entry.deal, None if entry.hands is None else [codes(h) for h in entry.hands], codes(entry.stock)
        )
    if type(entry) is ActionEntry:
        return _ActionLine(format_action(game, entry.action))
    if type(entry) is NoteEntry:
        return _NoteLine(format_action(game, entry.note))
    if type(entry) is StockEntry:
        return _StockLine(code(entry.stock))
    if type(entry) is HandsEntry:
        return _HandsLine([codes(h) for h in entry.hands])
    assert type(entry) is Reopen or type(entry) is Undo
    return entry


#: each key's value in words, for a message
_WORDS = {
    "deal": "the deal's seat",
    "hands": "the hands",
    "stock": "the stock",
    "action": "the action",
    "note": "the note",
    "reopen": "the action to reopen at",
    "undo": "what to undo",
}


def _over(what: str, size: int, limit: int) -> None:
    if size > limit:
        raise FormatError(f"{what}: {size} is over the limit of {limit}", "format.limit")


def check_entry(game: Game[Any], players: int, deals: list[RecordedDeal], entry: JournalEntry) -> None:
    """Raise (ValueError, FormatError with ``format.limit``...) unless a journal entry
    holds what it should and, applied now, keeps the recording within the format's
    limits (``gamerec.record``)."""
    deck = game.deck
    d = deals[-1] if deals else None

    def card(c: int) -> None:
        if type(c) is not int or not deck.is_card(c):
            raise CardCodeError(f"not a {deck.name} card: {short(repr(c), 40)}")

    def cards(value: list[int], what: str) -> None:
        _over(f"cards in {what}", len(value), limits.MAX_CARDS)
        for c in value:
            card(c)

    def hands(value: list[list[int]]) -> None:
        _over("hands", len(value), limits.MAX_SEATS)
        for hand in value:
            cards(hand, "a hand")

    def action(a: Action) -> None:
        if type(a) not in game.actions:
            raise ValueError(f"{type(a).__name__}: not an action of {game.id}")
        _over("characters in the note", len(getattr(a, "note", None) or ""), limits.MAX_NOTE)
        shown = played_cards(a)
        _over("cards in one play", len(shown), limits.MAX_CARDS)
        for c in shown:
            card(c)

    if type(entry) is BeginDeal:
        if not 0 <= entry.deal < players:
            raise ValueError(f"the deal's seat {entry.deal} is not a seat")
        _over("deals", len(deals) + 1, limits.MAX_DEALS)
        cards(entry.stock, "the stock")
        if entry.hands is not None:
            hands(entry.hands)
        return
    if d is None:
        raise ValueError("an entry before the first deal")
    if type(entry) is ActionEntry:
        action(entry.action)
        _over(f"actions in {game.deal_word} {len(deals)}", len(d.actions) + 1, limits.MAX_ACTIONS)
    elif type(entry) is NoteEntry:
        action(entry.note)
        if not d.actions:
            raise ValueError("a note with no action before it")
    elif type(entry) is StockEntry:
        card(entry.stock)
        _over("cards in the stock", len(d.stock) + 1, limits.MAX_CARDS)
    elif type(entry) is HandsEntry:
        hands(entry.hands)
    elif type(entry) is Reopen:
        if not 0 <= entry.reopen <= len(d.actions):
            raise ValueError("reopen needs the number of an action of the deal")
    elif type(entry) is Undo:
        what = entry.undo
        if what == 1 and type(what) is int:
            return
        if what not in ("action", "stock", "note", "deal"):
            raise ValueError(f"undo {short(repr(what), 40)}: not action, stock, note or deal")
        if what != d.last_entered():
            raise ValueError(f"undo {what}: the deal's last entry is its {d.last_entered()}")


def apply_entry(deals: list[RecordedDeal], entry: JournalEntry) -> None:
    """Apply ``entry`` to the recording's deals (:attr:`live` is the caller's)."""
    if type(entry) is BeginDeal:
        hands = None if entry.hands is None else [list(h) for h in entry.hands]
        deals.append(RecordedDeal(entry.deal, hands, list(entry.stock)))
        return
    d = deals[-1]
    if type(entry) is ActionEntry:
        d.actions.append(entry.action)
        d.entered.append(("action", None))
    elif type(entry) is StockEntry:
        d.stock.append(entry.stock)
        d.entered.append(("stock", None))
    elif type(entry) is HandsEntry:
        d.hands = [list(h) for h in entry.hands]
        d.rebuilt = True
    elif type(entry) is Reopen:
        d.hands = None
        d.rebuilt = False
        at = entry.reopen
        del d.actions[at:]
        kept: list[tuple[str, Action | None]] = []
        actions = 0
        for kind, before in d.entered:  # forget the actions cut, and the notes on them
            actions += kind == "action"
            if kind == "stock" or actions <= at:
                kept.append((kind, before))
        d.entered = kept
    elif type(entry) is NoteEntry:
        d.entered.append(("note", d.actions[-1]))
        d.actions[-1] = entry.note
    elif type(entry) is Undo:
        _undo(deals, d, entry.undo)


def _undo(deals: list[RecordedDeal], d: RecordedDeal, what: Any) -> None:
    """Take back ``what``, the deal's last entry as :meth:`undo` names it. A journal of
    gamerec 0.1 says ``1``: the last action with its note (stock cards entered after it
    stay), else the whole deal."""
    if what == 1:
        if not d.actions:
            deals.pop()
            return
        last = max(i for i, (kind, _) in enumerate(d.entered) if kind == "action")
        d.entered = d.entered[:last] + [e for e in d.entered[last:] if e[0] == "stock"]
        what = "action"
    else:
        if what != d.last_entered():
            raise ValueError(f"undo {what}: the deal's last entry is its {d.last_entered()}")
        if what == "deal":
            deals.pop()
            return
        _, before = d.entered.pop()
        if what == "note":
            assert before is not None  # (a note's entry keeps the action before it)
            d.actions[-1] = before
            return
    if what == "stock":
        d.stock.pop()
        return
    d.actions.pop()
    if d.rebuilt:  # the hands came from the plays: unknown again
        d.hands = None
        d.rebuilt = False


def short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
