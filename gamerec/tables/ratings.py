"""Ratings: how strong each player is in each game, from the valid records of a batch, with
openskill's Plackett-Luce model (docs/ratings.md says what the numbers mean).

Each game a record counts as (one per record; one per deal in black-swan-taroc, in order)
is a match between its scoring sides: the winning sides share the first place, the others
follow by score (equal scores share a place); in a team game both members of a side are
rated as one team. Matches are rated in date order (``meta.date``, ``YYYY[-MM[-DD]]``);
records on the same date keep their input order, and a record without a date (or with
another form of date) keeps its place after the record before it in the input.

>>> from gamerec.checking.batch import verify_batch
>>> ratings = rate(verify_batch(["fixtures/blackball/games/family-3p.json"]))
>>> [(r.rank, r.player, round(r.mu, 2), round(r.sigma, 2), r.games) for r in ratings.table("blackball")]
[(1, 'Sam', 27.87, 8.21, 1), (2, 'Kate', 25.72, 8.06, 1), (3, 'Trevor', 21.41, 8.06, 1)]
>>> [(p.place, round(p.mu, 2), round(p.sigma, 2)) for p in ratings.history("blackball", "Sam")]
[('fixtures/blackball/games/family-3p.json:1', 27.87, 8.21)]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

import msgspec
from openskill.models import PlackettLuce, PlackettLuceRating

from ..checking.verdicts import GameResult, Verdict
from .standings import Triage, player_twice

__all__ = ["MODEL", "PlayerRating", "Point", "Ratings", "Z", "date_key", "places", "rate"]

#: the model, as the output names it
MODEL = "Plackett-Luce (openskill)"
#: the conservative ordinal is mu - Z * sigma: the skill a player has with 99.7% certainty
Z = 3.0


class PlayerRating(msgspec.Struct):
    """One player's rating in one game: ``mu`` the skill as estimated, ``sigma`` how
    uncertain that is, ``ordinal`` the conservative ``mu - 3 sigma`` the table is ranked by,
    ``games`` the games rated."""

    rank: int
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class Point(NamedTuple):
    """A player's rating after one game: where the game is (``file:record``, with ``game
    N`` for the games of a black-swan-taroc record of several), ``mu`` and ``sigma``."""

    place: str
    mu: float
    sigma: float


class Ratings(msgspec.Struct):
    """The ratings per game id (best first by ordinal), the records left out with their
    verdicts, the valid records that could not be rated (``[place, why]``), the duplicates
    (``[record, duplicate of]``), how many records of each verdict, how many rated records
    had no date, per game id, and each player's history (when asked for)."""

    games: dict[str, list[PlayerRating]]
    left_out: list[Verdict]
    not_rated: list[tuple[str, str]]
    duplicates: list[tuple[str, str]]
    counts: dict[str, int]
    undated: dict[str, int]
    histories: dict[str, dict[str, list[Point]]] = {}

    def table(self, game: str) -> list[PlayerRating]:
        """The ratings of ``game``, best first (empty when no record of it was rated)."""
        return self.games.get(game, [])

    def history(self, game: str, player: str) -> list[Point]:
        """``player``'s rating in ``game`` after each game, in the order rated (empty when
        the history was not kept, or the player has no rated game of it)."""
        return self.histories.get(game, {}).get(player, [])


_DATE = re.compile(r"\s*(\d{4})(?:[-./](\d{2})(?:[-./](\d{2}))?)?(?!\d)")


def date_key(date: str | None) -> str | None:
    """The date of a record as it sorts (``2024-03-09``, ``2024-03`` or ``2024``), or
    None when there is none or it is in another form. ``.`` and ``/`` separate too; what
    follows the date (a time) is not read.

    >>> date_key("2024/03/09 19:30"), date_key("2024-03"), date_key("March 2024"), date_key(None)
    ('2024-03-09', '2024-03', None, None)
    """
    if date is None:
        return None
    m = _DATE.match(date)
    if m is None:
        return None
    return "-".join(part for part in m.groups() if part is not None)


def places(game: GameResult) -> list[int]:
    """Each side's place in a game, from 1: the winning sides share the first; the others
    follow by score, highest first, equal scores sharing a place (a side that ties the
    winners' score but loses the game's tie-break comes after them).

    >>> places(GameResult([50, 70, 70, 10], [1, 2])), places(GameResult([9, 9, 3], [1]))
    ([3, 1, 1, 4], [2, 1, 3])
    """
    keys = [(0 if side in game.winners else 1, -score) for side, score in enumerate(game.scores)]
    return [1 + sum(other < key for other in keys) for key in keys]


class _Match(NamedTuple):
    date: str
    seq: int
    game: str
    place: str
    teams: list[tuple[str, ...]]
    places: list[int]


def _teams(v: Verdict) -> tuple[list[tuple[str, ...]], str | None]:
    """The names on each side of ``v``'s record, or why it cannot be rated."""
    assert v.scores is not None
    sheet = v.scores
    members = sheet.members or [[s] for s in range(len(sheet.sides))]
    teams = [tuple(v.players[s] for s in seats) for seats in members]
    if len(teams) < 2:
        return teams, "a game of one side cannot be rated"
    twice = player_twice([name for team in teams for name in team])
    if twice is not None:
        return teams, f"{twice}: a player is rated once a game"
    return teams, None


def rate(verdicts: Iterable[Verdict], history: bool = True) -> Ratings:
    """Rate every player of the valid records among ``verdicts``, per game id and player
    name, with openskill's Plackett-Luce model and its defaults (mu 25, sigma 25/3, beta
    25/6, tau 25/300). Records are taken in date order (see the module); a record seen before
    (same content hash and verdict) is reported and counted once, as in standings; records
    that are not valid are left out and listed. ``history``: keep each player's rating
    after each game (:meth:`Ratings.history`)."""
    not_rated: list[tuple[str, str]] = []
    triage = Triage()
    undated: dict[str, int] = {}
    matches: list[_Match] = []
    last = ""  # the sort key of the last dated record: an undated one stays after it
    for v in verdicts:
        if not triage.admit(v):
            continue
        assert v.scores is not None and v.game is not None
        here = f"{v.source}:{v.record}"
        teams, why = _teams(v)
        if why is not None:
            not_rated.append((here, why))
            continue
        key = date_key(v.date)
        if key is None:
            undated[v.game] = undated.get(v.game, 0) + 1
            key = last
        else:
            last = key
        several = len(v.scores.games) > 1
        for k, game in enumerate(v.scores.games, 1):
            place = f"{here} game {k}" if several else here
            matches.append(_Match(key, len(matches), v.game, place, teams, places(game)))
    matches.sort(key=lambda m: (m.date, m.seq))
    model = PlackettLuce()
    rated: dict[str, dict[str, PlackettLuceRating]] = {}
    played: dict[str, Counter[str]] = {}
    histories: dict[str, dict[str, list[Point]]] = {}
    for m in matches:
        table = rated.setdefault(m.game, {})
        before = [[table.get(name) or model.rating() for name in team] for team in m.teams]
        after = model.rate(before, ranks=[float(p) for p in m.places])
        played.setdefault(m.game, Counter()).update(name for team in m.teams for name in team)
        for team, new in zip(m.teams, after, strict=True):
            for name, r in zip(team, new, strict=True):
                table[name] = r
                if history:
                    histories.setdefault(m.game, {}).setdefault(name, []).append(
                        Point(m.place, r.mu, r.sigma)
                    )
    games = {game_id: _table(rated[game_id], played[game_id]) for game_id in sorted(rated)}
    return Ratings(games, triage.left_out, not_rated, triage.duplicates, triage.counts, undated, histories)


def _table(ratings: dict[str, PlackettLuceRating], played: Counter[str]) -> list[PlayerRating]:
    """Best first by ordinal, then mu, then name; players rated alike share a rank."""
    rows = [(name, r.mu, r.sigma, r.ordinal(z=Z)) for name, r in ratings.items()]
    rows.sort(key=lambda row: (-row[3], -row[1], row[0]))
    table: list[PlayerRating] = []
    for i, (name, mu, sigma, ordinal) in enumerate(rows):
        prev = table[-1] if table else None
        rank = prev.rank if prev is not None and (prev.mu, prev.sigma) == (mu, sigma) else i + 1
        table.append(PlayerRating(rank, name, mu, sigma, ordinal, played[name]))
    return table
