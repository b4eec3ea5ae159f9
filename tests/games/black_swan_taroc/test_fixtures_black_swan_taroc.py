"""The hand-worked black-swan-taroc games in ``fixtures/black-swan-taroc/games/``.

Every game was designed on paper, turn by turn, from RULINGS.md section 3 before the engine
was run: who passes what down, who leads and follows what (void followers dump cards of
suits nobody leads, so every trick's winner is plain), who draws which card of the pile
(from the next leader clockwise, players at 15 or more cards left out, while the pile
lasts), who holds the lowest card when the dealer's turn ends (ties to the first clockwise
from the dealer's left), how the game ends, and then the counts (captured points + pledges
held - 10 for a Swan in hand), Par (the mean rounded half up), the finals |count - Par| and
the winners with their tie-breaks. The record's draw pile is the worked draws in order.

The tables below are those hand-worked results, one entry per turn. The tests replay each
record with :class:`gamerec.present.Replay` and compare its ``PassedDown``, ``TrickTaken``,
``Drew``, ``PledgeHandedOut``, ``GameOver`` and ``DealScored`` events with them; check the
tables against themselves (leaders, points, counts, Par, finals, the draw pile); replay
every record under the other two ``trumps`` options and compare the tricks that change
hands with hand-worked lists; and check that cards and pledges are conserved after every
step and that nobody draws while holding 15 or more cards.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NamedTuple

import pytest
from conftest import ROOT

from gamerec.cards import PLEDGES, TAROC
from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored
from gamerec.format.read import read_bytes, read_file
from gamerec.format.write import encode_records
from gamerec.games.black_swan_taroc.rules import Drew, GameOver, PassedDown, PledgeHandedOut, TrickTaken
from gamerec.present import Replay
from gamerec.record import Play, Record
from gamerec.stepper import steps

GAMES = ROOT / "fixtures" / "black-swan-taroc" / "games"
SWAN = "BS"


class Turn(NamedTuple):
    """One turn as worked by hand. ``leader`` either passes ``passed`` down to the right
    neighbour, or leads a trick: ``plays`` are the cards and pledges in play order (the
    leader, then clockwise, the ``skipped`` seats left out); ``winner`` takes ``points``.
    Then come the ``draws`` (``seat:card`` in drawing order) and, when the dealer's turn
    ends, the ``handout`` (seat, pledge)."""

    leader: int
    passed: str = ""
    plays: str = ""
    winner: int = -1
    points: int = 0
    draws: str = ""
    handout: tuple[int, str] | None = None
    skipped: tuple[int, ...] = ()


class End(NamedTuple):
    """How a game ended (``swan``: right after the Swan trick; ``empty``: the leader had no
    card), each seat's count, Par, the finals and the winners; ``swan_held`` is the seat
    left holding the Black Swan, if any."""

    how: str
    counts: tuple[int, ...]
    par: int
    finals: tuple[int, ...]
    winners: tuple[int, ...]
    swan_held: int | None = None


class Game(NamedTuple):
    dealer: int
    turns: list[Turn]
    end: End


class Fixture(NamedTuple):
    file: str
    players: list[str]
    trumps: str
    games: list[Game]
    totals: list[int]
    winners: list[int]
    #: per game, for each other ``trumps`` option: the tricks (by number) that option gives
    #: to another seat, and that seat
    others: list[dict[str, dict[int, int]]]


def P(leader: int, card: str, handout: tuple[int, str] | None = None) -> Turn:
    """A pass-down."""
    return Turn(leader, passed=card, handout=handout)


def T(
    leader: int,
    plays: str,
    winner: int,
    points: int,
    draws: str = "",
    handout: tuple[int, str] | None = None,
    skipped: tuple[int, ...] = (),
) -> Turn:
    """A trick."""
    return Turn(leader, "", plays, winner, points, draws, handout, skipped)


# -- the games, worked by hand ------------------------------------------------------------
# two-swan-trick: Ann, Ben; trumps none. The draw: KB against KO ties (kings), so both
# redraw: 7G against VO4, and Ben deals. Ann, on the dealer's left, passes a card down to Ben
# on each of her ten turns (a pass-down ends the turn: no trick, no draw), so her hand
# shrinks by one a round while Ben's grows; Ben leads every trick and draws until he holds
# 15 (from his sixth trick on he is at 15 after playing, and stops drawing). Ann follows
# suit when she can (9P QP, 5H AH win for her; 6H 2H, 7C ... lose), plays a feather when void
# of goblets, and keeps the Black Swan to the end. The handout after each of Ben's tricks
# goes to the lowest card: Ann's 2P ties Ben's 2C twice and wins as the first clockwise from
# the dealer's left; Ben's 2C wins from then on except against Ann's 2H. After her tenth
# pass Ann holds the Swan alone and plays it to Ben's 7C, in the dealer's turn: the game ends
# at once, without a draw or the handout of the last pearl. Ann: 9P QP + 5H AH = 4 points
# and 3 feathers = 7. Ben: 20 points (the Swan 1, the feather 1) + 2 feathers, 4 stones and
# a pearl (13) = 33. Par (7 + 33) / 2 = 20, finals 13 and 13: Ben captured the Swan and wins.
TWO_SWAN = Fixture(
    file="two-swan-trick.json",
    players=["Ann", "Ben"],
    trumps="none",
    games=[
        Game(
            dealer=1,
            turns=[
                P(0, "9P"),
                T(1, "3C 3H", 1, 2, "0:QP 1:2C", (0, "feather")),
                P(0, "7P"),
                T(1, "9P QP", 0, 2, "0:5H 1:3G", (0, "feather")),
                P(0, "2P"),
                T(1, "4G feather", 1, 2, "0:8H 1:6O", (1, "feather")),
                P(0, "4P"),
                T(1, "2P VO2", 1, 3, "0:2H 1:JO", (0, "feather")),
                P(0, "6H"),
                T(1, "6H 2H", 1, 2, "0:AH 1:7C", (1, "stone")),
                P(0, "5H"),
                T(1, "5H AH", 0, 2, "0:CR3", (1, "stone")),
                P(0, "EL2"),
                T(1, "EL2 CR3", 1, 5, "0:9H", (1, "stone")),
                P(0, "TH"),
                T(1, "5C 8H", 1, 2, "0:3B", (1, "stone")),
                P(0, "9H"),
                T(1, "9H 3B", 1, 2, "0:KB", (1, "pearl")),
                P(0, "KB"),
                T(1, "7C BS", 1, 2),
            ],
            end=End("swan", (7, 33), 20, (13, 13), (1,)),
        )
    ],
    totals=[13, 13],
    winners=[1],
    others=[{"affiliated": {}, "all": {4: 0}}],
)

# two-trumps-affiliated: Iris, Jon; trumps affiliated. Iris deals and passes down on each of
# her turns; Jon leads. Void in coins, Iris's ST2 (Structures, the coins' affiliate) takes
# 3C, but her VO7 (Vocations go with buds) does not take 4C; her CR1 takes AH; her AS4 does
# not take Jon's led CR2 (a led major is won by its own suit only); holding 9G she must
# follow Jon's TG with it although she holds MY3, which later takes 8G. Her last draw is the
# Swan, which she leads as her only card in the dealer's turn: Jon answers 6C, no major is
# played, and the Swan's player takes it (10 + 1). Handouts: Iris's 2P against Jon's 3B
# first, then Jon's 2B (ties go to him, on the dealer's left). Iris 3 + 3 + 2 + 3 + 11 = 22
# and 2 feathers = 24; Jon 16 and 4 feathers, 4 stones, a pearl (15) = 31. Par 55 / 2 = 27.5
# rounded up to 28: finals 4 and 3, Iris wins.
TWO_AFFILIATED = Fixture(
    file="two-trumps-affiliated.json",
    players=["Iris", "Jon"],
    trumps="affiliated",
    games=[
        Game(
            dealer=0,
            turns=[
                T(1, "3C ST2", 0, 3, "0:5G 1:6C"),
                P(0, "9P", (0, "feather")),
                T(1, "4C VO7", 1, 3, "0:7O 1:2B"),
                P(0, "6P", (1, "feather")),
                T(1, "AH CR1", 0, 3, "0:8G 1:KC"),
                P(0, "4G", (1, "feather")),
                T(1, "4G 5G", 0, 2, "0:9G 1:4B"),
                P(0, "2P", (1, "feather")),
                T(1, "CR2 AS4", 1, 5, "0:5O 1:5B"),
                P(0, "8G", (1, "stone")),
                T(1, "9P 3O", 1, 2, "0:MY3 1:6B"),
                P(0, "TG", (1, "stone")),
                T(1, "TG 9G", 1, 2, "0:QO"),
                P(0, "7O", (1, "stone")),
                T(1, "8G MY3", 0, 3, "0:JO"),
                P(0, "QO", (1, "stone")),
                T(1, "QO 5O", 1, 2, "0:3H"),
                P(0, "JO", (1, "pearl")),
                T(1, "5H 3H", 1, 2, "0:BS"),
                T(0, "BS 6C", 0, 11),
            ],
            end=End("swan", (24, 31), 28, (4, 3), (0,)),
        )
    ],
    totals=[4, 3],
    winners=[0],
    others=[{"none": {1: 1, 3: 1, 8: 1}, "all": {2: 0}}],
)

# two-trumps-all: Kim, Lou; trumps all; two games, one per deal.
# Game 1, Kim deals and passes down; Lou leads. Kim's ST1 takes 5B, AS2 takes TH and MY1
# takes 3C (any major beats any minor), but her EL4 does not take Lou's led VO2. Her last
# draw is the Swan; she leads it and Lou's AS3, the only (so the highest) major, takes it:
# the Swan is worth 1 to him. Kim 12 points and her feather = 13; Lou 20 and 5 feathers,
# 4 stones, a pearl (16) = 36. Par 49 / 2 = 24.5, rounded half up to 25 (not to 24, as
# rounding half to even would): finals 12 and 11, Kim wins the game.
# Game 2, Lou deals and passes down; Kim leads. Lou's EL1 takes 3C, CR6 takes 4B and VO6
# takes 2H; his AS1 does not take the led MY4. He keeps the dealt Swan and plays it as his
# last card to Kim's VO5. Handouts all to Kim (ties go to her, on the dealer's left). Kim
# 14 points and 5 feathers, 4 stones, a pearl (16) = 30; Lou 14 and his feather = 15. Par
# 45 / 2 = 22.5, up to 23: finals 7 and 8, Lou wins the game. Totals 19 and 19: shared.
TWO_ALL = Fixture(
    file="two-trumps-all.json",
    players=["Kim", "Lou"],
    trumps="all",
    games=[
        Game(
            dealer=0,
            turns=[
                T(1, "5B ST1", 0, 3, "0:8P 1:2B"),
                P(0, "QO", (1, "feather")),
                T(1, "VO2 EL4", 1, 5, "0:5H 1:7C"),
                P(0, "2G", (1, "feather")),
                T(1, "9H 5H", 1, 2, "0:9O 1:4C"),
                P(0, "6G", (1, "feather")),
                T(1, "6G 3P", 1, 2, "0:AS2 1:5C"),
                P(0, "4H", (1, "feather")),
                T(1, "TH AS2", 0, 4, "0:2O 1:9C"),
                P(0, "7P", (1, "stone")),
                T(1, "7P 8P", 0, 2, "0:3O 1:TC"),
                P(0, "JP", (1, "stone")),
                T(1, "QO 2O", 1, 2, "0:ST5"),
                P(0, "9O", (1, "stone")),
                T(1, "3C MY1", 0, 3, "0:6O"),
                P(0, "ST5", (1, "stone")),
                T(1, "9O 6O", 1, 2, "0:KP"),
                P(0, "KP", (1, "pearl")),
                T(1, "ST5 3O", 1, 3, "0:BS"),
                T(0, "BS AS3", 1, 4),
            ],
            end=End("swan", (13, 36), 25, (12, 11), (0,)),
        ),
        Game(
            dealer=1,
            turns=[
                T(0, "3C EL1", 1, 4, "1:4O 0:5C"),
                P(1, "8O", (0, "feather")),
                T(0, "8O 5O", 0, 2, "1:7G 0:2C"),
                P(1, "9P", (0, "feather")),
                T(0, "MY4 AS1", 0, 5, "1:5P 0:3B"),
                P(1, "7G", (0, "feather")),
                T(0, "9P 4P", 0, 2, "1:CR6 0:TB"),
                P(1, "2O", (0, "feather")),
                T(0, "4B CR6", 1, 3, "1:8G 0:JB"),
                P(1, "3G", (0, "stone")),
                T(0, "7G 8G", 1, 2, "1:VO6 0:KB"),
                P(1, "4O", (0, "stone")),
                T(0, "2H VO6", 1, 3, "1:9G"),
                P(1, "9G", (0, "stone")),
                T(0, "3G 6G", 1, 2, "1:3O"),
                P(1, "5P", (0, "stone")),
                T(0, "4O 3O", 0, 2, "1:NH"),
                P(1, "NH", (0, "pearl")),
                T(0, "VO5 BS", 0, 3),
            ],
            end=End("swan", (30, 15), 23, (7, 8), (1,)),
        ),
    ],
    totals=[19, 19],
    winners=[0, 1],
    others=[
        {"none": {1: 1, 5: 1, 8: 1}, "affiliated": {1: 1, 5: 1, 8: 1}},
        {"none": {1: 0, 5: 0, 7: 0}, "affiliated": {1: 0, 5: 0, 7: 0}},
    ],
)

# four-empty-leader: Ada, Bo, Cy, Di; trumps none; Bo deals, so the order from the dealer's
# left is Cy, Di, Ada, Bo. Cy leads buds, Di hearts, Bo coins, and nobody else ever holds
# those suits (but Bo's AB, which must follow Cy's first lead and takes it); Ada passes a
# card down to Di on each of her turns (the Swan first: Di is stuck with it). Di grows to 15:
# at 16 before Bo's tricks 18 and 21 he is still 15 after playing and draws nothing. The
# pile of 81 runs out in trick 21: Cy and Ada draw the last two cards, Bo none. Ada takes
# one trick, following Di's 3P (a card she passed him) with JP while Bo throws in AS4.
# Handouts: Cy's 2B ties Bo's 2C (Cy, first from the dealer's left; not Bo, the lower seat
# and the dealer), Di's 2H ties Ada's 2P (Di before Ada), then Bo, who keeps 2G to the end,
# receives every stone and pearl. With the pile gone hands shrink; Ada passes her last card
# (AS3) down, must then play her feather to Bo's QC, is skipped (no card, no pledge) in the
# next two tricks and, leading with no card, ends the game. Counts: Ada 6; Bo 47 + 15 = 62;
# Cy 36 + 2 = 38; Di 38 + 2 - 10 (the Swan in his hand) = 30; sum 136, Par 34. Finals 28,
# 28, 4, 4: Ada and Bo tie, nobody captured the Swan, and Ada's highest captured card AS4
# is above Bo's highest, EL3: Ada wins.
FOUR_EMPTY = Fixture(
    file="four-empty-leader.json",
    players=["Ada", "Bo", "Cy", "Di"],
    trumps="none",
    games=[
        Game(
            dealer=1,
            turns=[
                T(2, "5B 4O 4P AB", 1, 4, "3:7H 0:9P 1:3C 2:7G"),
                T(3, "3H 5P 6O 3G", 3, 4, "0:TP 1:6C 2:4B 3:8H"),
                P(0, "BS"),
                T(1, "4C 4G 5O 6P", 1, 4, "2:7B 3:9H 0:JP 1:8C", (2, "feather")),
                T(2, "2B VO3 7P 7O", 2, 5, "3:2H 0:2P 1:9C 2:8G"),
                T(3, "4H 8P 8O 5G", 3, 4, "0:QP 1:9O 2:9G 3:TH"),
                P(0, "ST2"),
                T(1, "2C 7G CR3 6G", 1, 5, "2:9B 3:JH 0:KP 1:TC", (3, "feather")),
                T(2, "3B 2H 2P 9O", 2, 4, "3:QH 0:3P 1:2G 2:TG"),
                T(3, "5H 9P VO2 8G", 3, 5, "0:AP 1:JC 2:JG 3:3O"),
                P(0, "3P"),
                T(1, "3C 9G ST1 MY2", 1, 6, "2:TB 3:KH 0:ST3 1:QC", (1, "stone")),
                T(2, "4B 3O TP 6C", 2, 4, "3:AH 0:VO7 1:AS4 2:QG"),
                T(3, "3P JP AS4 JG", 0, 6, "0:AG 1:KC 2:VO4 3:QO"),
                P(0, "EL1"),
                T(1, "5C TG QO QP", 1, 4, "2:JB 3:KO 0:NP 1:NC", (1, "stone")),
                T(2, "6B KO NP CR2", 2, 5, "3:2O 0:KG 1:AC 2:NG"),
                T(3, "6H AG 8C QG", 3, 4, "0:CR7 1:MY5 2:NB 3:AO"),
                P(0, "KP"),
                T(1, "7C NG 2O KG", 1, 4, "2:QB 3:VO6 0:ST7 1:ST5", (1, "stone")),
                T(2, "7B AO AP 9C", 2, 4, "3:CR6 0:MY7 1:VO5 2:KB"),
                T(3, "7H VO7 KC 8B", 3, 5, "0:AS1 1:CR5 2:ST4 3:ST6"),
                P(0, "ST3"),
                T(1, "TC 9B KP AS1", 1, 6, "2:CR4 0:MY3 1:TO", (1, "stone")),
                T(2, "TB JH ST7 TO", 2, 5, "3:NH 0:MY6 1:JO 2:MY4"),
                T(3, "8H MY3 JO JB", 3, 5, "0:EL3 1:NO 2:EL2 3:EL4"),
                P(0, "MY7"),
                T(1, "JC VO1 ST3 EL3", 1, 8, "2:AS2 0:AS3", (1, "pearl")),
                T(2, "NB KH MY6 NO", 2, 5),
                T(3, "9H CR7 NC VO4", 3, 6),
                P(0, "AS3"),
                T(1, "QC CR1 ST2 feather", 1, 6, handout=(1, "pearl")),
                T(2, "QB QH VO5", 2, 4, skipped=(0,)),
                T(3, "TH CR5 CR4", 3, 5, skipped=(0,)),
            ],
            end=End("empty", (6, 62, 38, 30), 34, (28, 28, 4, 4), (0,), swan_held=3),
        )
    ],
    totals=[28, 28, 4, 4],
    winners=[0],
    others=[
        {
            "affiliated": {4: 3, 9: 3, 21: 3, 23: 0, 24: 3, 25: 1, 26: 1},
            "all": {
                4: 3,
                6: 3,
                8: 1,
                9: 0,
                11: 1,
                13: 1,
                17: 0,
                18: 0,
                19: 0,
                20: 0,
                21: 0,
                22: 0,
                23: 0,
                24: 3,
                25: 1,
                26: 1,
            },
        }
    ],
)

# six-trumps-none: Nia deals to Oto, Pam, Quin, Rex, Sol; trumps none. Oto leads buds, Pam
# hearts, Rex coins, Sol goblets, Nia bones; nobody else holds them (but Sol's AB, which
# must follow Oto's first lead and takes it). Quin passes down to Pam on three turns and
# Nia once; the pile of 61 is gone after trick 11 (its last card to Pam). Trick 6 is the one
# only `none` decides so: on Oto's 6B Pam throws VO5 (the buds' affiliate: it would win under
# `affiliated`) and Quin AS1 (it would win under `all`); 6B wins. Handouts (stones: the
# feathers all went out at the start): Nia's 2O ties Rex's 2C and Rex, first from the
# dealer's left, gets it (not Nia, the lower seat and the dealer); Oto's 2B ties Sol's 2G
# (Oto first); after Nia passes AS3 down, Sol's 2G is alone. Quin, left with the Swan alone,
# leads it: Rex VO2, Sol CR6, Nia 9O, Oto MY6, Pam a feather (a pledge against a Swan lead,
# though he holds cards). CR6 and MY6 tie as the highest majors, and the earlier, Sol's,
# takes the trick; the Swan is worth 1 to him. Counts: Nia 12 + 1 = 13; Oto 27 + 3 = 30;
# Pam 31; Quin 0 + 1 = 1; Rex 20 + 3 = 23; Sol 38 + 3 = 41; sum 139, Par 23 (23.17).
# Finals 10, 7, 8, 22, 0, 18: Quin wins.
SIX_NONE = Fixture(
    file="six-trumps-none.json",
    players=["Nia", "Oto", "Pam", "Quin", "Rex", "Sol"],
    trumps="none",
    games=[
        Game(
            dealer=0,
            turns=[
                T(1, "5B 2H 2P 5C AB 5O", 5, 6, "2:JH 3:9P 4:NC 5:NG 0:NO 1:KB"),
                T(2, "3H 3P 6C 6G 6O 3B", 2, 6, "3:TP 4:QC 5:QG 0:QO 1:VO6 2:NH"),
                P(3, "KP"),
                T(4, "3C 7G 7O 4B 7H 4P", 4, 6, "5:KG 0:KO 1:VO7 2:QH 3:JP 4:KC"),
                T(5, "3G 8O 8B 8H 5P 7C", 5, 6, "0:AO 1:CR7 2:KH 3:AP 4:AC 5:AG"),
                T(0, "3O 9B 9H 6P 8C 8G", 0, 6, "1:ST6 2:AH 3:ST2 4:VO2 5:CR5 0:EL2", (4, "stone")),
                T(1, "6B VO5 AS1 9C 9G 2O", 1, 9, "2:VO1 3:ST3 4:VO4 5:CR6 0:EL3 1:2B"),
                T(2, "4H 7P TC TG TO TB", 2, 6, "3:MY2 4:CR2 5:ST5 0:EL4 1:7B 2:VO3"),
                P(3, "AP"),
                T(4, "2C JG JO JB TH 8P", 4, 6, "5:MY5 0:AS2 1:ST7 2:CR1 3:NP 4:CR4"),
                T(5, "4G NO NB JH 9P JC", 5, 6, "0:AS3 1:MY7 2:CR3 3:MY3 4:ST4 5:EL1"),
                T(0, "4O QB NH TP NC NG", 0, 6, "1:MY6 2:ST1 3:QP 4:MY4 5:2G 0:AS4", (1, "stone")),
                T(1, "2B QH JP QC QG QO", 1, 6, "2:MY1"),
                T(2, "5H ST2 KC KG KO VO6", 2, 8),
                P(3, "NP"),
                T(4, "4C AG AO VO7 KH ST3", 4, 8),
                T(5, "5G EL2 CR7 VO1 MY2 AC", 5, 11),
                P(0, "AS3", (5, "stone")),
                T(1, "7B VO3 MY3 VO4 CR5 EL3", 1, 12),
                T(2, "6H QP CR2 ST5 AS2 ST6", 2, 11),
                T(3, "BS VO2 CR6 9O MY6 feather", 5, 9),
            ],
            end=End("swan", (13, 30, 31, 1, 23, 41), 23, (10, 7, 8, 22, 0, 18), (3,)),
        )
    ],
    totals=[10, 7, 8, 22, 0, 18],
    winners=[3],
    others=[
        {
            "affiliated": {6: 2, 13: 3, 14: 3, 15: 4, 16: 4},
            "all": {6: 3, 12: 1, 13: 1, 14: 0, 15: 0, 16: 0},
        }
    ],
)

FIXTURES = [TWO_SWAN, TWO_AFFILIATED, TWO_ALL, FOUR_EMPTY, SIX_NONE]
IDS = [f.file for f in FIXTURES]
OPTIONS = ("none", "affiliated", "all")

# points as the rule text prints them, kept apart from the engine's tables
PLEDGE_POINTS = {"feather": 1, "stone": 2, "pearl": 3}
BANK = {"feather": 6, "stone": 4, "pearl": 2}


def card_points(code: str) -> int:
    if code[:2] in ("EL", "AS"):
        return 3
    if code[:2] in ("VO", "CR", "ST", "MY"):
        return 2
    return 1  # a minor (the Swan is counted apart)


# -- helpers ------------------------------------------------------------------------------
def load(name: str) -> Record:
    entries = list(read_file(GAMES / name))
    assert len(entries) == 1
    assert entries[0].error is None, entries[0].error
    record = entries[0].record
    assert record is not None
    return record


def with_trumps(record: Record, trumps: str) -> Record:
    """The record as JSON, read back under another ``trumps`` option (and no claim)."""
    data: dict[str, Any] = json.loads(b"".join(encode_records([record], "json")))
    data["rules"] = {"trumps": trumps}
    data.pop("claim", None)
    entries = list(read_bytes(json.dumps(data).encode()))
    assert entries[0].error is None, entries[0].error
    assert entries[0].record is not None
    return entries[0].record


def draws_of(turn: Turn) -> list[tuple[int, str]]:
    return [(int(s), c) for s, c in (d.split(":") for d in turn.draws.split())]


def expected_plays(turn: Turn, n: int) -> list[tuple[int, str]]:
    """The plays of a worked trick with their seats: the leader, then clockwise, the
    skipped seats left out."""
    seats = [s for s in ((turn.leader + k) % n for k in range(n)) if s not in turn.skipped]
    items = turn.plays.split()
    assert len(items) == len(seats), turn
    return list(zip(seats, items, strict=True))


def code_of(card: int, pledge: int) -> str:
    return TAROC.code(card) if card >= 0 else PLEDGES[pledge]


class Observed(NamedTuple):
    turns: list[list[Turn]]
    ends: list[GameOver]
    scored: list[DealScored]


def observe(record: Record) -> Observed:
    """The turns of each game as the replay reports them, in the tables' form."""
    n = len(record.players)
    turns: list[list[Turn]] = []
    ends: list[GameOver] = []
    scored: list[DealScored] = []
    replay = Replay(record)
    for step in replay:
        if step.action is None:
            turns.append([])
            continue
        game = turns[-1]
        for e in step.events:
            if isinstance(e, PassedDown):
                assert e.to == (e.seat - 1) % n, "a pass goes to the right neighbour"
                game.append(Turn(e.seat, passed=TAROC.code(e.card)))
            elif isinstance(e, TrickTaken):
                assert e.number == sum(1 for t in game if t.plays) + 1
                plays = " ".join(code_of(c, p) for _, c, p in e.plays)
                game.append(Turn(e.plays[0][0], "", plays, e.seat, e.points, skipped=tuple(e.skipped)))
                assert [s for s, _, _ in e.plays] == [s for s, _ in expected_plays(game[-1], n)]
            elif isinstance(e, Drew):
                assert game[-1].plays and not game[-1].draws
                draws = " ".join(f"{s}:{TAROC.code(c)}" for s, c in e.draws)
                game[-1] = game[-1]._replace(draws=draws)
            elif isinstance(e, PledgeHandedOut):
                assert game[-1].handout is None
                game[-1] = game[-1]._replace(handout=(e.seat, PLEDGES[e.pledge]))
            elif isinstance(e, GameOver):
                ends.append(e)
            elif isinstance(e, DealScored):
                scored.append(e)
    assert replay.verdict is not None
    assert replay.verdict.status == "valid", replay.verdict.message()
    return Observed(turns, ends, scored)


def trick_winners(record: Record) -> list[dict[int, int]]:
    """Per game, each trick's number and winner, by the replay."""
    result: list[dict[int, int]] = []
    for _di, ai, _action, events, _state in steps(record):
        if ai < 0:
            result.append({})
        for e in events:
            if isinstance(e, TrickTaken):
                result[-1][e.number] = e.seat
    return result


# -- the tables agree with themselves -----------------------------------------------------
def test_the_fixture_directory_holds_the_games() -> None:
    assert sorted(p.name for p in GAMES.glob("*.json")) == sorted(IDS)


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_hand_tables_are_consistent(fx: Fixture) -> None:
    """Leaders rotate clockwise from the dealer's left; trick points are the cards' points;
    the counts are the points won plus the pledges held (the first feather, the handouts,
    less those played) less 10 for a Swan kept; Par and the finals follow; handouts take the
    cheapest pledge left; the totals are the sums of the finals."""
    n = len(fx.players)
    for game in fx.games:
        won = [0] * n
        held = [Counter({"feather": 1}) for _ in range(n)]
        bank = Counter(BANK)
        bank["feather"] -= n
        swan_played = False
        end_on_swan = game.end.how == "swan"
        for i, turn in enumerate(game.turns):
            assert turn.leader == (game.dealer + 1 + i) % n, (i, turn)
            assert bool(turn.passed) != bool(turn.plays), turn
            if turn.plays:
                plays = expected_plays(turn, n)
                points = 0
                for seat, item in plays:
                    if item in PLEDGE_POINTS:
                        points += PLEDGE_POINTS[item]
                        held[seat][item] -= 1
                        assert held[seat][item] >= 0
                    elif item == SWAN:
                        swan_played = True
                        points += 10 if seat == turn.winner else 1
                    else:
                        points += card_points(item)
                assert points == turn.points, turn
                won[turn.winner] += points
            last = i == len(game.turns) - 1
            if turn.leader == game.dealer and sum(bank.values()) and not (last and end_on_swan):
                assert turn.handout is not None, f"turn {i + 1}: the dealer's turn ends with a handout"
            if turn.handout is not None:
                assert turn.leader == game.dealer, "handouts end the dealer's turn"
                seat, kind = turn.handout
                assert kind == next(k for k in ("feather", "stone", "pearl") if bank[k]), turn
                bank[kind] -= 1
                held[seat][kind] += 1
            if SWAN in turn.plays.split():
                assert i == len(game.turns) - 1, "the Swan trick ends the game"
        end = game.end
        assert (end.how == "swan") == swan_played
        assert (end.swan_held is None) == swan_played
        counts = [
            won[s] + sum(PLEDGE_POINTS[k] * v for k, v in held[s].items()) - (10 if s == end.swan_held else 0)
            for s in range(n)
        ]
        assert tuple(counts) == end.counts
        par = (2 * sum(counts) + n) // (2 * n)
        assert par == end.par
        assert end.finals == tuple(abs(c - par) for c in counts)
        best = max(end.finals)
        assert set(end.winners) <= {s for s, f in enumerate(end.finals) if f == best}
        if n == 2:  # the duel's properties (issue 4)
            s1, s2 = counts
            f1, f2 = end.finals
            assert abs(f1 - f2) == (s1 + s2) % 2
            assert f1 + f2 == abs(s1 - s2)
    assert fx.totals == [sum(col) for col in zip(*(g.end.finals for g in fx.games), strict=True)]
    if len(fx.games) > 1:
        assert fx.winners == [s for s, t in enumerate(fx.totals) if t == max(fx.totals)]
    else:
        assert fx.winners == list(fx.games[0].end.winners)


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_the_draw_pile_is_the_worked_draws(fx: Fixture) -> None:
    """The record's draw pile is exactly the worked draws in order: a game ending on the
    Swan needed no more; the game ending on an empty-handed leader drew the whole pile."""
    record = load(fx.file)
    for deal, game in zip(record.deals, fx.games, strict=True):
        drawn = [c for turn in game.turns for _, c in draws_of(turn)]
        assert [TAROC.code(c) for c in deal.stock] == drawn
        if game.end.how == "empty":
            assert len(deal.stock) == 121 - 10 * len(fx.players)


# -- the library agrees with the hand-worked tables ---------------------------------------
@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_fixture_is_valid_with_hand_worked_finals(fx: Fixture) -> None:
    record = load(fx.file)
    assert record.game == "black-swan-taroc"
    assert record.players == fx.players
    assert record.rules == {"trumps": fx.trumps}
    assert record.meta.event and record.meta.date and record.meta.tags
    assert [d.dealer for d in record.deals] == [g.dealer for g in fx.games]
    assert record.claim is not None
    assert record.claim.deals == [list(g.end.finals) for g in fx.games]
    assert record.claim.totals == fx.totals
    v = verify_record(record, fx.file)
    assert v.status == "valid", v.message()
    assert v.scores is not None and v.scores.complete
    assert v.scores.deals == [list(g.end.finals) for g in fx.games]
    assert v.scores.totals == fx.totals
    assert v.scores.winners == fx.winners
    assert [g.winners for g in v.scores.games] == [list(g.end.winners) for g in fx.games]


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_turns_as_worked(fx: Fixture) -> None:
    """Turn by turn: the pass-downs, the tricks (plays, winner, points, skipped seats), the
    draws and the handouts the replay reports are the hand-worked ones."""
    observed = observe(load(fx.file))
    assert len(observed.turns) == len(fx.games)
    for seen, game in zip(observed.turns, fx.games, strict=True):
        for i, (got, want) in enumerate(zip(seen, game.turns, strict=False)):
            assert got == want, f"turn {i + 1}"
        assert len(seen) == len(game.turns)


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_game_ends_as_worked(fx: Fixture) -> None:
    """Each game ends as worked (right after the Swan trick, or on a leader without a card)
    with the worked counts, Par, finals and winners; the deal's score is its finals and the
    running totals their sums."""
    record = load(fx.file)
    observed = observe(record)
    assert len(observed.ends) == len(observed.scored) == len(fx.games)
    running = [0] * len(fx.players)
    for d, (end, scored, game) in enumerate(zip(observed.ends, observed.scored, fx.games, strict=True)):
        want = game.end
        if want.how == "swan":
            assert "Swan" in end.reason
        else:
            nobody = (game.dealer + 1 + len(game.turns)) % len(fx.players)
            assert fx.players[nobody] in end.reason and "no card" in end.reason
        assert end.counts == want.counts
        assert end.par == want.par
        assert end.finals == want.finals
        assert end.winners == want.winners
        running = [r + f for r, f in zip(running, want.finals, strict=True)]
        assert scored.deal == d
        assert scored.scores == want.finals
        assert tuple(scored.totals) == tuple(running)
    assert running == fx.totals


@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_other_trumps_options_change_only_the_worked_tricks(fx: Fixture) -> None:
    """Replayed under each other ``trumps`` option (nothing else in a game depends on who
    takes a trick), exactly the hand-listed tricks go to another seat, the listed one."""
    record = load(fx.file)
    base = trick_winners(record)
    for option in OPTIONS:
        if option == fx.trumps:
            continue
        other = trick_winners(with_trumps(record, option))
        assert len(other) == len(base)
        for g, (mine, theirs) in enumerate(zip(base, other, strict=True)):
            assert mine.keys() == theirs.keys()
            changed = {k: theirs[k] for k in theirs if theirs[k] != mine[k]}
            assert changed == fx.others[g][option], (option, g)


# the recorded dealer draws, worked by hand: round 1 ties (two kings; EL4 and AS4, both the
# fourth of a high major), the tied seats alone redraw, the highest of round 2 deals
DEALER_DRAWS = {
    "two-swan-trick.json": ([["KB", "KO"], ["7G", "VO4"]], 1),
    "six-trumps-none.json": (
        [["EL4", "3B", "AS4", "9H", "VO2", "KC"], ["MY7", None, "CR2", None, None, None]],
        0,
    ),
}


@pytest.mark.parametrize("name", sorted(DEALER_DRAWS))
def test_recorded_dealer_draw_as_worked(name: str) -> None:
    record = load(name)
    rounds, dealer = DEALER_DRAWS[name]
    deal = record.deals[0]
    draw = getattr(deal, "draw", None)
    assert draw is not None
    assert [[None if c is None else TAROC.code(c) for c in row] for row in draw] == rounds
    assert deal.dealer == dealer
    # a wrong dealer for the same draw is refused
    data = json.loads(b"".join(encode_records([record], "json")))
    data["deals"][0]["dealer"] = (dealer + 1) % len(record.players)
    data.pop("claim")
    entries = list(read_bytes(json.dumps(data).encode()))
    assert entries[0].record is not None
    v = verify_record(entries[0].record)
    assert v.status == "illegal" and v.rule == "deal-draw", v.message()


def test_nothing_follows_the_swan_trick() -> None:
    """The games of two-swan-trick and two-trumps-affiliated end on a Swan trick in the
    dealer's turn with a pearl still in the bank (per the tables): the game ends at once,
    with no draw and no handout."""
    for fx in (TWO_SWAN, TWO_AFFILIATED):
        game = fx.games[0]
        last = game.turns[-1]
        assert last.leader == game.dealer and SWAN in last.plays.split()
        handed = sum(1 for turn in game.turns if turn.handout)
        assert handed == 9 < 12 - len(fx.players), "a pledge is left in the bank"
        shown = list(Replay(load(fx.file)))
        kinds = [type(e).__name__ for e in shown[-1].events]
        assert kinds == ["TrickTaken", "GameOver", "DealScored"]


# -- invariants ---------------------------------------------------------------------------
@pytest.mark.parametrize("fx", FIXTURES, ids=IDS)
def test_cards_and_pledges_are_conserved_and_nobody_draws_at_15(fx: Fixture) -> None:
    """After every step: hands + trick + captured + the pile not yet drawn hold the 121
    cards; pledges held + bank + in the trick + captured are 6 feathers, 4 stones and 2
    pearls. Every draw is by a player under 15 cards, and every player under 15 draws while
    the pile lasts; a hand passes 15 only by a pass-down."""
    record = load(fx.file)
    n = len(fx.players)
    deck = Counter(TAROC.cards)
    captured_pledges: Counter[int] = Counter()
    sizes: list[int] = []
    count = 0
    for _di, ai, action, events, state in steps(record):
        count += 1
        st: Any = state
        if ai < 0:
            captured_pledges = Counter()
            sizes = list(st.sizes)
        # cards
        held = Counter()
        for s in range(n):
            held.update({c: k for c, k in enumerate(st.hands[s]) if k})
            assert sum(st.hands[s]) == st.sizes[s]
        in_trick = Counter(c for _, c, _ in st.trick if c >= 0)
        captured = Counter(c for s in range(n) for c in st.captured[s])
        recorded_rest = Counter(st.stock[st.drawn :])
        unrecorded = st.pile_size - max(st.drawn, len(st.stock))
        known = held + in_trick + captured + recorded_rest
        assert sum(known.values()) + unrecorded == 121
        assert all(deck[c] >= k for c, k in known.items()), "a card twice"
        if unrecorded == 0:
            assert known == deck
        # pledges
        for e in events:
            if isinstance(e, TrickTaken):
                captured_pledges.update(p for _, c, p in e.plays if c < 0)
        for kind, total in enumerate(BANK.values()):
            holding = sum(st.pledges[s][kind] for s in range(n))
            trick = sum(1 for _, c, p in st.trick if c < 0 and p == kind)
            assert holding + st.bank[kind] + trick + captured_pledges[kind] == total
        # draws
        drew = [d for e in events if isinstance(e, Drew) for d in e.draws]
        if drew or any(isinstance(e, TrickTaken) for e in events):
            before = list(sizes)
            if isinstance(action, Play):
                before[action.seat] -= 1
            drawers = [s for s, _ in drew]
            for s in drawers:
                assert before[s] < 15, f"seat {s} drew holding {before[s]}"
            pile_left = st.pile_size - st.drawn
            swan_end = any(isinstance(e, GameOver) and "Swan" in e.reason for e in events)
            if pile_left and not swan_end:
                assert sorted(drawers) == [s for s in range(n) if before[s] < 15]
        passed_to = [e.to for e in events if isinstance(e, PassedDown)]
        for s in range(n):
            if st.sizes[s] > 15:
                assert st.sizes[s] <= sizes[s] or s in passed_to
        sizes = list(st.sizes)
    assert count == sum(len(d.actions) + 1 for d in record.deals)
