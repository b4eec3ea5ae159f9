"""The entries of a recording's journal (:mod:`gamerec.journal` is the file): what each holds,
checked (:func:`check_entry`), and what it does to the deals recorded so far
(:func:`apply_entry`). A deal being recorded is a :class:`RecordedDeal`: its stored seat,
hands (None while unknown), stock and actions, in the words of the text notation, as the
journal keeps them. Each entry is a Struct (:data:`JournalEntry`), one JSON object a line,
told apart by its keys (the journal's lines have no tag: those of gamerec 0.2.0 read as
they are):

- ``{"deal": SEAT, "hands": [...] | null, "stock": [...]}`` begins a deal;
- ``{"action": LINE}``, ``{"stock": CARD}``, ``{"note": LINE}`` (the last action, with its
  note) add to the current deal;
- ``{"hands": [...]}`` gives the hands rebuilt from the plays, ``{"reopen": N}`` takes the
  deal back to before its action N (unknown hands again);
- ``{"undo": "action" | "stock" | "note" | "deal"}`` takes back the deal's last entry
  (``{"undo": 1}`` in a journal of gamerec 0.1).

Every entry is checked before it is journaled and applied, and read back the same way on
resume, so what a journal holds always resumes: its shape, its card codes and lines, and
the format's size limits (``gamerec.format.record``).
"""

from __future__ import annotations

from typing import Any

import msgspec

from .engine import Game, played_cards
from .errors import FormatError
from .format import record as limits
from .format.jsonform import split_where
from .format.notation import MAX_LINE, parse_action

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
    "short",
]


class RecordedDeal(msgspec.Struct):
    """A deal being recorded: its stored seat, hands (None while unknown), stock so far
    and actions, as notation lines."""

    dealer: int
    hands: list[list[str]] | None
    stock: list[str] = []
    actions: list[str] = []
    #: the hands were unknown and are rebuilt from the plays (undo makes them unknown again)
    rebuilt: bool = False
    #: what was entered in the deal, last on top, for undo: ("action", ""), ("stock", "")
    #: or ("note", the action's line before the note)
    entered: list[tuple[str, str]] = []

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
    rules and meta), how the hands are given (``gamerec.recorder.HANDS``) and the seed."""

    header: str
    hands: str = "typed"
    seed: int = 0


class BeginDeal(msgspec.Struct, forbid_unknown_fields=True):
    """``{"deal": SEAT, "hands": [...] | null, "stock": [...]}``: a deal begins, with its
    stored seat, the hands as typed (None while unknown) and the stock shown."""

    deal: int
    hands: list[list[str]] | None = None
    stock: list[str] = []


class ActionEntry(msgspec.Struct, forbid_unknown_fields=True):
    """``{"action": LINE}``: an action of the current deal, as a line of the notation."""

    action: str


class NoteEntry(msgspec.Struct, forbid_unknown_fields=True):
    """``{"note": LINE}``: the last action again, with its note."""

    note: str


class StockEntry(msgspec.Struct, forbid_unknown_fields=True):
    """``{"stock": CARD}``: a stock card of the current deal, as the game turned it."""

    stock: str


class HandsEntry(msgspec.Struct, forbid_unknown_fields=True):
    """``{"hands": [...]}``: the hands of a deal of unknown hands, rebuilt from its plays."""

    hands: list[list[str]]


class Reopen(msgspec.Struct, forbid_unknown_fields=True):
    """``{"reopen": N}``: the deal back to before its action N, its hands unknown again."""

    reopen: int


class Undo(msgspec.Struct, forbid_unknown_fields=True):
    """``{"undo": "action" | "stock" | "note" | "deal"}``: the deal's last entry taken back
    (``1`` in a journal of gamerec 0.1: the last action with its note, else the deal)."""

    undo: str | int


JournalEntry = BeginDeal | ActionEntry | NoteEntry | StockEntry | HandsEntry | Reopen | Undo

#: the entry a line holds, by its one key (a deal's begins with ``deal``)
_BY_KEY: dict[str, type[JournalEntry]] = {
    "action": ActionEntry,
    "note": NoteEntry,
    "stock": StockEntry,
    "hands": HandsEntry,
    "reopen": Reopen,
    "undo": Undo,
}


def entry_of(value: object) -> JournalEntry:
    """The entry a journal line holds (its JSON decoded): ValueError, saying why, unless
    it is one."""
    if not isinstance(value, dict):
        raise ValueError("not a journal entry")
    if "deal" in value:
        kind: type[JournalEntry] = BeginDeal
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


def check_entry(game: Game[Any], players: int, deals: list[RecordedDeal], entry: JournalEntry) -> None:
    """Raise (ValueError, FormatError with ``format.limit``...) unless a journal entry
    holds what it should and, applied now, keeps the recording within the format's
    limits (``gamerec.format.record``)."""
    deck = game.deck
    d = deals[-1] if deals else None

    def over(what: str, size: int, limit: int) -> None:
        if size > limit:
            raise FormatError(f"{what}: {size} is over the limit of {limit}", "format.limit")

    def codes(value: list[str], what: str) -> None:
        over(f"cards in {what}", len(value), limits.MAX_CARDS)
        for c in value:
            deck.parse(c)  # CardCodeError is a ValueError

    def hands(value: list[list[str]]) -> None:
        over("hands", len(value), limits.MAX_SEATS)
        for hand in value:
            codes(hand, "a hand")

    def line(text: str) -> None:
        over("characters in the line", len(text), MAX_LINE)
        try:
            action = parse_action(game, text)
        except FormatError as e:
            raise FormatError(f"{short(repr(text))}: {e.message.removeprefix('line 1, ')}", e.code) from None
        over("characters in the note", len(getattr(action, "note", None) or ""), limits.MAX_NOTE)
        over("cards in one play", len(played_cards(action)), limits.MAX_CARDS)

    if type(entry) is BeginDeal:
        if not 0 <= entry.deal < players:
            raise ValueError(f"the deal's seat {entry.deal} is not a seat")
        over("deals", len(deals) + 1, limits.MAX_DEALS)
        codes(entry.stock, "the stock")
        if entry.hands is not None:
            hands(entry.hands)
        return
    if d is None:
        raise ValueError("an entry before the first deal")
    if type(entry) is ActionEntry:
        line(entry.action)
        over(f"actions in {game.deal_word} {len(deals)}", len(d.actions) + 1, limits.MAX_ACTIONS)
    elif type(entry) is NoteEntry:
        line(entry.note)
        if not d.actions:
            raise ValueError("a note with no action before it")
    elif type(entry) is StockEntry:
        deck.parse(entry.stock)
        over("cards in the stock", len(d.stock) + 1, limits.MAX_CARDS)
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
        d.entered.append(("action", ""))
    elif type(entry) is StockEntry:
        d.stock.append(entry.stock)
        d.entered.append(("stock", ""))
    elif type(entry) is HandsEntry:
        d.hands = entry.hands
        d.rebuilt = True
    elif type(entry) is Reopen:
        d.hands = None
        d.rebuilt = False
        at = entry.reopen
        del d.actions[at:]
        kept: list[tuple[str, str]] = []
        actions = 0
        for kind, text in d.entered:  # forget the actions cut, and the notes on them
            actions += kind == "action"
            if kind == "stock" or actions <= at:
                kept.append((kind, text))
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
