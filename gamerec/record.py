"""The record: one game as the table played it, and the actions inside it.

These Structs are the in-memory model and, as they stand, the binary (MessagePack) form:
array-like, cards as small ints, actions as a tagged union whose tag is a small int. The
JSON form has its own Structs with readable field names and card codes (see
:mod:`gamerec.format.jsonform`); both carry the same information, so conversion is lossless.

Only what was chosen or dealt is stored: hands as dealt, the revealed stock, each action
with its seat. Trick winners, captures, draws and scores are derived by replaying.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Final, Generic, TypeVar

import msgspec

__all__ = [
    "FORMAT_ID",
    "FORMAT_VERSION",
    "MAX_INT",
    "MIN_INT",
    "Action",
    "Bid",
    "Body",
    "Cards",
    "Claim",
    "Deal",
    "Declare",
    "DrawDeal",
    "Header",
    "Meta",
    "Pass",
    "Play",
    "Pledge",
    "Provenance",
    "Record",
]

#: The format id every record carries.
FORMAT_ID = "gamerec"
#: The major version of the record format this gamerec reads and writes.
FORMAT_VERSION = 1


#: Limits on sizes, enforced while reading every form (docs/format.md, "Limits"): far
#: above anything a real game needs, low enough that a hostile file cannot make gamerec
#: build huge structures from a small input.
MAX_SEATS: Final = 16
MAX_NAME: Final = 256  #: characters in a player name
MAX_TEXT: Final = 1024  #: characters in a metadata value, tag, setting or generator
MAX_TAGS: Final = 256  #: tags, or provenance settings
MAX_NOTE: Final = 4096  #: characters in a note
MAX_CARDS: Final = 1024  #: cards in a hand, a stock, a dealer draw round or one play
MAX_ACTIONS: Final = 100_000  #: actions in a deal
MAX_DEALS: Final = 10_000  #: deals in a record

Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Note = Annotated[str, msgspec.Meta(max_length=MAX_NOTE)]
CardList = Annotated[list[int], msgspec.Meta(max_length=MAX_CARDS)]
Players = Annotated[list[Name], msgspec.Meta(max_length=MAX_SEATS)]
TextMap = Annotated[dict[Text, Text], msgspec.Meta(max_length=MAX_TAGS)]


class Action(msgspec.Struct, array_like=True, frozen=True, gc=False):
    """Base of every recorded action: the seat that acted and an optional note.

    ``kind`` is the action's name in the JSON form and the text notation; ``card_fields``
    name the fields that hold cards (converted to codes in the JSON form).
    """

    kind: ClassVar[str] = ""
    card_fields: ClassVar[tuple[str, ...]] = ()
    pledge_fields: ClassVar[tuple[str, ...]] = ()
    #: whether the action puts something into a trick (or onto the table)
    in_trick: ClassVar[bool] = False
    #: the seat that acted: every action's first field (its place in the binary form)
    seat: int

    def same(self, other: Action) -> bool:
        """Equal but for the note."""
        return msgspec.structs.replace(self, note=None) == msgspec.structs.replace(other, note=None)


class Bid(Action, tag=0, frozen=True, gc=False):
    """A bid of a number of tricks (blackball)."""

    kind: ClassVar[str] = "bid"
    tricks: int
    note: Note | None = None


class Play(Action, tag=1, frozen=True, gc=False):
    """One card played to a trick (blackball, black-swan-taroc, forest)."""

    in_trick: ClassVar[bool] = True
    kind: ClassVar[str] = "play"
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: int
    note: Note | None = None


class Cards(Action, tag=2, frozen=True, gc=False):
    """One or more cards played together (black-swan-2012: a single, group or sequence).
    Its name in the JSON form is ``play``, like :class:`Play`; no game records both."""

    in_trick: ClassVar[bool] = True
    kind: ClassVar[str] = "play"
    card_fields: ClassVar[tuple[str, ...]] = ("cards",)
    cards: CardList
    note: Note | None = None


class Declare(Action, tag=3, frozen=True, gc=False):
    """A declaration of the Black Swan by its holder (black-swan-2012)."""

    kind: ClassVar[str] = "declare"
    note: Note | None = None


class Pass(Action, tag=4, frozen=True, gc=False):
    """A pass-down: the leader gives one hand card to their right neighbour
    (black-swan-taroc)."""

    kind: ClassVar[str] = "pass"
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    card: int
    note: Note | None = None


class Pledge(Action, tag=5, frozen=True, gc=False):
    """A pledge played to a trick (black-swan-taroc): 0 feather, 1 stone, 2 pearl."""

    in_trick: ClassVar[bool] = True
    kind: ClassVar[str] = "pledge"
    pledge_fields: ClassVar[tuple[str, ...]] = ("pledge",)
    pledge: int
    note: Note | None = None


#: the integers the binary form holds (MessagePack's: signed and unsigned 64-bit)
MIN_INT: Final = -(2**63)
MAX_INT: Final = 2**64 - 1


A = TypeVar("A")


class Meta(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    """Where and when the game was played; ``tags`` holds any further string tags."""

    event: Text | None = None
    site: Text | None = None
    date: Text | None = None
    round: Text | None = None
    table: Text | None = None
    tags: TextMap = {}


class Provenance(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    """How a generated record was made: the program, its seed and its settings."""

    generator: Text
    seed: int | None = None
    settings: TextMap = {}


class Claim(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    """A result as written at the table: per-deal scores and/or totals per scoring side."""

    deals: list[list[int]] | None = None
    totals: list[int] | None = None


class Deal(msgspec.Struct, Generic[A], array_like=True, gc=False):
    """One deal: who dealt (or, by the game, who plays first), the hands as dealt, the
    revealed stock in order (top first) and the actions in play order."""

    dealer: int
    hands: Annotated[list[CardList], msgspec.Meta(max_length=MAX_SEATS)]
    stock: CardList
    actions: Annotated[list[A], msgspec.Meta(max_length=MAX_ACTIONS)]


class DrawDeal(Deal[A]):
    """A deal of a game whose dealer is drawn (black-swan-taroc): a :class:`Deal` and,
    when recorded, the dealer draw as rounds of one card per seat (None for a seat that
    does not draw in that round). A fifth array position in the binary form."""

    draw: (
        Annotated[
            list[Annotated[list[int | None], msgspec.Meta(max_length=MAX_SEATS)]],
            msgspec.Meta(max_length=MAX_CARDS),
        ]
        | None
    ) = None


class Header(msgspec.Struct, array_like=True, gc=False):
    """The binary header of a record: everything but the deals, plus their counts, so
    a reader can list records without decoding their actions."""

    format: str
    version: int
    game: str
    players: Players
    rules: dict[str, Any]
    meta: Meta
    provenance: Provenance | None
    deals: int
    actions: int
    #: the record's content hash (16 bytes, see gamerec.checking.batch.content_hash), written by
    #: gamerec so that a listing needs the header alone
    hash: bytes | None = None


D = TypeVar("D")


class Body(msgspec.Struct, Generic[D], array_like=True, gc=False):
    """The binary body of a record: its deals (a :class:`Deal` or, by the game, a
    :class:`DrawDeal`) and the claimed result."""

    deals: Annotated[list[D], msgspec.Meta(max_length=MAX_DEALS)]
    claim: Claim | None = None


class Record(msgspec.Struct, kw_only=True):
    """One game as played: header fields, deals and an optional claimed result."""

    game: str
    players: list[str]
    rules: dict[str, Any] = {}
    meta: Meta = msgspec.field(default_factory=Meta)
    provenance: Provenance | None = None
    deals: list[Deal[Any]] = []
    claim: Claim | None = None
    version: int = FORMAT_VERSION

    @property
    def action_count(self) -> int:
        return sum(len(d.actions) for d in self.deals)

    def header(self) -> Header:
        return Header(
            FORMAT_ID,
            self.version,
            self.game,
            self.players,
            self.rules,
            self.meta,
            self.provenance,
            len(self.deals),
            self.action_count,
        )
