"""The entries of a recording's journal (:mod:`gamerec.journal` is the file): what each holds,
checked (:func:`check_entry`), and what it does to the deals recorded so far
(:func:`apply_entry`). A deal being recorded is a :class:`RecordedDeal`: its stored seat,
hands (None while unknown), stock and actions, in the words of the text notation, as the
journal keeps them. One JSON object a line:

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
from .format.notation import MAX_LINE, parse_action

__all__ = ["RecordedDeal", "apply_entry", "check_entry", "short"]


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


def check_entry(game: Game[Any], players: int, deals: list[RecordedDeal], entry: dict[str, Any]) -> None:
    """Raise (ValueError, FormatError with ``format.limit``...) unless a journal entry
    holds what it should and, applied now, keeps the recording within the format's
    limits (``gamerec.format.record``)."""
    deck = game.deck
    d = deals[-1] if deals else None

    def over(what: str, size: int, limit: int) -> None:
        if size > limit:
            raise FormatError(f"{what}: {size} is over the limit of {limit}", "format.limit")

    def codes(value: Any, what: str) -> None:
        if not isinstance(value, list):
            raise ValueError(f"{what}: expected a list of card codes")
        over(f"cards in {what}", len(value), limits.MAX_CARDS)
        for c in value:
            if not isinstance(c, str):
                raise ValueError(f"{what}: expected card codes")
            deck.parse(c)  # CardCodeError is a ValueError

    keys = set(entry)
    if not (keys <= {"deal", "hands", "stock"} and "deal" in keys) and not (
        len(keys) == 1 and keys <= {"action", "note", "stock", "hands", "reopen", "undo"}
    ):
        raise ValueError(short(f"not a journal entry: {sorted(map(str, keys))}", 120))
    if "deal" in entry:
        if type(entry["deal"]) is not int:
            raise ValueError("the deal's seat is not a number")
        if not 0 <= entry["deal"] < players:
            raise ValueError(f"the deal's seat {entry['deal']} is not a seat")
        over("deals", len(deals) + 1, limits.MAX_DEALS)
        codes(entry.get("stock", []), "the stock")
    elif d is None:
        raise ValueError("an entry before the first deal")
    if entry.get("hands") is not None:
        if not isinstance(entry["hands"], list):
            raise ValueError("expected a list of hands")
        over("hands", len(entry["hands"]), limits.MAX_SEATS)
        for hand in entry["hands"]:
            codes(hand, "a hand")
    for key in ("action", "note"):
        if key in entry:
            text = entry[key]
            if not isinstance(text, str):
                raise ValueError(f"the {key} is not text")
            over("characters in the line", len(text), MAX_LINE)
            try:
                action = parse_action(game, text)
            except FormatError as e:
                raise FormatError(
                    f"{short(repr(text))}: {e.message.removeprefix('line 1, ')}", e.code
                ) from None
            over("characters in the note", len(getattr(action, "note", None) or ""), limits.MAX_NOTE)
            over("cards in one play", len(played_cards(action)), limits.MAX_CARDS)
    if d is not None and "deal" not in entry:
        if "action" in entry:
            over(
                f"actions in {game.deal_word} {len(deals)}",
                len(d.actions) + 1,
                limits.MAX_ACTIONS,
            )
        if "note" in entry and not d.actions:
            raise ValueError("a note with no action before it")
        if "stock" in entry:
            if not isinstance(entry["stock"], str):
                raise ValueError("the stock card is not a card code")
            deck.parse(entry["stock"])
            over("cards in the stock", len(d.stock) + 1, limits.MAX_CARDS)
        if "reopen" in entry and not (
            type(entry["reopen"]) is int and 0 <= entry["reopen"] <= len(d.actions)
        ):
            raise ValueError("reopen needs the number of an action of the deal")
        if "undo" in entry:
            what = entry["undo"]
            if what == 1 and type(what) is int:
                return
            if what not in ("action", "stock", "note", "deal"):
                raise ValueError(f"undo {short(repr(what), 40)}: not action, stock, note or deal")
            if what != d.last_entered():
                raise ValueError(f"undo {what}: the deal's last entry is its {d.last_entered()}")


def apply_entry(deals: list[RecordedDeal], entry: dict[str, Any]) -> None:
    """Apply ``entry`` to the recording's deals (:attr:`live` is the caller's)."""
    if "deal" in entry:
        deals.append(RecordedDeal(int(entry["deal"]), entry.get("hands"), list(entry.get("stock", []))))
        return
    d = deals[-1]
    if "action" in entry:
        d.actions.append(str(entry["action"]))
        d.entered.append(("action", ""))
    elif "stock" in entry:
        d.stock.append(str(entry["stock"]))
        d.entered.append(("stock", ""))
    elif "hands" in entry:
        d.hands = entry["hands"]
        d.rebuilt = True
    elif "reopen" in entry:
        d.hands = None
        d.rebuilt = False
        at = int(entry["reopen"])
        del d.actions[at:]
        kept: list[tuple[str, str]] = []
        actions = 0
        for kind, text in d.entered:  # forget the actions cut, and the notes on them
            actions += kind == "action"
            if kind == "stock" or actions <= at:
                kept.append((kind, text))
        d.entered = kept
    elif "note" in entry:
        d.entered.append(("note", d.actions[-1]))
        d.actions[-1] = str(entry["note"])
    elif "undo" in entry:
        _undo(deals, d, entry["undo"])
    else:
        raise ValueError(f"unknown journal entry {sorted(entry)}")


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
