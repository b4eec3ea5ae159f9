"""Issue 17, "Ratings": gamerec.tables.ratings.rate() against openskill's own numbers (the same
matches rated by openskill directly), one value checked by hand, ties (shared wins), teams,
black-swan-taroc records of several games, date order against input order, duplicates
counted once, and what is left out or not rated."""

from __future__ import annotations

import math
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from openskill.models import PlackettLuce, PlackettLuceRating

from gamerec.bots import simulate
from gamerec.checking.batch import verify_batch
from gamerec.checking.verdicts import GameResult, ScoreSheet, Verdict
from gamerec.format.write import write_records
from gamerec.tables.ratings import Point, date_key, places, rate
from gamerec.tables.standings import standings


def verdict(
    game: str,
    players: list[str],
    games: list[tuple[list[int], list[int]]],
    record: int = 1,
    members: list[list[int]] | None = None,
    date: str | None = None,
    status: str = "valid",
) -> Verdict:
    """A verdict as verification gives it, with the games of its score sheet (each game's
    scores per side and its winning sides) and a content hash of its own."""
    members = members if members is not None else [[s] for s in range(len(games[0][0]))]
    sides = [" & ".join(players[s] for s in seats) for seats in members]
    sheet = ScoreSheet(sides, [], [], [], True, members, [GameResult(s, w) for s, w in games])
    return Verdict(
        status,  # type: ignore[arg-type]
        "t.grec",
        record,
        game=game,
        players=players,
        scores=sheet,
        hash=f"{record:016x}" * 4,
        date=date,
    )


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=0, abs_tol=1e-9)


# -- against openskill -----------------------------------------------------------------------------
#: three blackball games of Ann, Bob and Cy: Ann, Bob, Cy in that order; Bob, Cy, Ann; then a
#: win Ann and Cy share, Bob last
THREE = [
    (["Ann", "Bob", "Cy"], ([90, 60, 30], [0])),
    (["Ann", "Bob", "Cy"], ([10, 80, 40], [1])),
    (["Cy", "Bob", "Ann"], ([70, 20, 70], [0, 2])),
]


def test_three_games_give_openskills_own_numbers() -> None:
    verdicts = [verdict("blackball", p, [g], record=i) for i, (p, g) in enumerate(THREE, 1)]
    ratings = rate(verdicts)

    model = PlackettLuce()
    mine: dict[str, PlackettLuceRating] = {n: model.rating() for n in ("Ann", "Bob", "Cy")}
    matches = [
        (["Ann", "Bob", "Cy"], [1, 2, 3]),
        (["Ann", "Bob", "Cy"], [3, 1, 2]),
        (["Cy", "Bob", "Ann"], [1, 3, 1]),  # the shared win: one place for both
    ]
    expected_history: dict[str, list[tuple[float, float]]] = {n: [] for n in mine}
    for names, ranks in matches:
        after = model.rate([[mine[n]] for n in names], ranks=[float(r) for r in ranks])
        for n, [r] in zip(names, after, strict=True):
            mine[n] = r
            expected_history[n].append((r.mu, r.sigma))

    table = ratings.table("blackball")
    assert [r.player for r in table] == sorted(mine, key=lambda n: -mine[n].ordinal())
    for row in table:
        r = mine[row.player]
        assert close(row.mu, r.mu) and close(row.sigma, r.sigma), row
        assert close(row.ordinal, r.ordinal()) and close(row.ordinal, row.mu - 3 * row.sigma)
        assert row.games == 3
        got = [(p.mu, p.sigma) for p in ratings.history("blackball", row.player)]
        assert len(got) == 3 and all(
            close(a, c) and close(b, d)
            for (a, b), (c, d) in zip(got, expected_history[row.player], strict=True)
        )
    assert [p.place for p in ratings.history("blackball", "Ann")] == ["t.grec:1", "t.grec:2", "t.grec:3"]
    assert [r.rank for r in table] == [1, 2, 3]


def test_a_value_checked_by_hand() -> None:
    """The winner of a first game of three: Plackett-Luce (Weng and Lin, algorithm 4) moves
    mu by sigma^2 / c * (1 - 1/3), where sigma^2 = (25/3)^2 + tau^2 (tau = 25/300 added
    before the game) and c^2 = the sum over the three of sigma^2 + beta^2 (beta = 25/6);
    the last one by sigma^2 / c * (0 - 1/3 - 1/2): 27.869... and 21.413..."""
    ratings = rate([verdict("blackball", ["Ann", "Bob", "Cy"], [([90, 60, 30], [0])])])
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(3 * (sigma2 + (25 / 6) ** 2))
    by = {r.player: r for r in ratings.table("blackball")}
    assert close(by["Ann"].mu, 25 + sigma2 / c * 2 / 3)
    assert close(by["Cy"].mu, 25 - sigma2 / c * 5 / 6)
    assert round(by["Ann"].mu, 4) == 27.8690 and round(by["Cy"].mu, 4) == 21.4137
    assert round(by["Bob"].mu, 4) == 25.7173  # 25 + sigma^2 / c * (1/2 - 1/3)


# -- ties, teams, several games in a record --------------------------------------------------------
def test_places_share_wins_and_follow_scores() -> None:
    assert places(GameResult([70, 20, 70], [0, 2])) == [1, 3, 1]
    assert places(GameResult([5, 5, 5], [0, 1, 2])) == [1, 1, 1]
    # black-swan-taroc breaks a tie on points: the winner first, the one it beat second
    assert places(GameResult([28, 28, 4, 4], [0])) == [1, 2, 3, 3]


def test_a_shared_win_moves_both_winners_alike() -> None:
    ratings = rate([verdict("blackball", ["Ann", "Bob", "Cy"], [([50, 50, 10], [0, 1])])])
    by = {r.player: r for r in ratings.table("blackball")}
    assert close(by["Ann"].mu, by["Bob"].mu) and close(by["Ann"].sigma, by["Bob"].sigma)
    assert by["Ann"].mu > 25 > by["Cy"].mu
    model = PlackettLuce()
    [[a], _, [c]] = model.rate([[model.rating()] for _ in range(3)], ranks=[1.0, 1.0, 3.0])
    assert close(by["Ann"].mu, a.mu) and close(by["Cy"].mu, c.mu)


def test_team_members_are_rated_as_a_team() -> None:
    """black-swan-2012's team game: seats 0 and 2 against 1 and 3, each member updated as
    openskill updates a team."""
    teams = [[0, 2], [1, 3]]
    first = verdict("black-swan-2012", ["Cy", "Dee", "Ann", "Eve"], [([120, -20], [0])], 1, teams)
    second = verdict("black-swan-2012", ["Ann", "Cy", "Dee", "Eve"], [([10, 90], [1])], 2, teams)
    ratings = rate([first, second])
    model = PlackettLuce()
    r = {n: model.rating() for n in ("Ann", "Cy", "Dee", "Eve")}
    [[r["Cy"], r["Ann"]], [r["Dee"], r["Eve"]]] = model.rate(
        [[r["Cy"], r["Ann"]], [r["Dee"], r["Eve"]]], ranks=[1.0, 2.0]
    )
    [[r["Ann"], r["Dee"]], [r["Cy"], r["Eve"]]] = model.rate(
        [[r["Ann"], r["Dee"]], [r["Cy"], r["Eve"]]], ranks=[2.0, 1.0]
    )
    by = {row.player: row for row in ratings.table("black-swan-2012")}
    assert set(by) == set(r)
    for name, want in r.items():
        assert close(by[name].mu, want.mu) and close(by[name].sigma, want.sigma), name
        assert by[name].games == 2


def test_the_shipped_team_games_rate_both_members() -> None:
    path = FIXTURES / "black-swan-2012" / "games" / "four-teams-declared.json"
    ratings = rate(verify_batch([str(path)]))
    by = {r.player: r for r in ratings.table("black-swan-2012")}
    # Ann and Cy (seats 0 and 2) won 360 to -80: the same rating, as a team from the same prior
    assert close(by["Ann"].mu, by["Cy"].mu) and close(by["Bob"].mu, by["Dan"].mu)
    assert by["Ann"].mu > 25 > by["Bob"].mu
    model = PlackettLuce()
    [[ann, _], [bob, _]] = model.rate([[model.rating(), model.rating()] for _ in range(2)], ranks=[1.0, 2.0])
    assert close(by["Ann"].mu, ann.mu) and close(by["Bob"].sigma, bob.sigma)


def test_each_game_of_a_taroc_record_is_rated_in_order() -> None:
    """two-trumps-all.json holds two games: Kim wins the first 12 to 11, Lou the second 8
    to 7."""
    path = FIXTURES / "black-swan-taroc" / "games" / "two-trumps-all.json"
    ratings = rate(verify_batch([str(path)]))
    model = PlackettLuce()
    [[kim], [lou]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    [[kim], [lou]] = model.rate([[kim], [lou]], ranks=[2.0, 1.0])
    by = {r.player: r for r in ratings.table("black-swan-taroc")}
    assert close(by["Kim"].mu, kim.mu) and close(by["Lou"].mu, lou.mu)
    assert by["Kim"].games == by["Lou"].games == 2
    history = ratings.history("black-swan-taroc", "Kim")
    assert [p.place for p in history] == [f"{path}:1 game 1", f"{path}:1 game 2"]
    assert history[0].mu > 25 and close(history[1].mu, kim.mu)
    # the standings count the same games
    assert {p.player: p.games for p in standings(verify_batch([str(path)])).games["black-swan-taroc"]} == {
        "Kim": 2,
        "Lou": 2,
    }


# -- order -----------------------------------------------------------------------------------------
def test_records_are_rated_in_date_order_and_undated_ones_keep_their_place() -> None:
    a = verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])], 1, date="2024-03-09")
    b = verdict("blackball", ["Ann", "Bob"], [([1, 9], [1])], 2, date="2024-01-20")
    c = verdict("blackball", ["Ann", "Bob"], [([1, 9], [1])], 3)  # no date: stays after b
    d = verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])], 4, date="2024/02/02")
    ratings = rate([a, b, c, d])
    in_order = rate([msgspec.structs.replace(v, date=None) for v in (b, c, d, a)])
    assert ratings.table("blackball") == in_order.table("blackball")
    assert [p.place for p in ratings.history("blackball", "Ann")] == [
        "t.grec:2",
        "t.grec:3",
        "t.grec:4",
        "t.grec:1",
    ]
    assert ratings.undated == {"blackball": 1}
    # the order matters: file order gives other numbers
    file_order = rate([msgspec.structs.replace(v, date=None) for v in (a, b, c, d)])
    assert file_order.table("blackball") != ratings.table("blackball")
    assert file_order.undated == {"blackball": 4}


def test_the_same_date_keeps_the_input_order_and_dates_sort_as_far_as_given() -> None:
    same = [
        verdict("blackball", ["Ann", "Bob"], [([9, 1], [i % 2])], i, date="2024-05-01") for i in (1, 2, 3)
    ]
    assert [p.place for p in rate(same).history("blackball", "Bob")] == ["t.grec:1", "t.grec:2", "t.grec:3"]
    assert date_key("2024") < date_key("2024-01") < date_key("2024-01-05") < date_key("2024-02")  # type: ignore[operator]
    assert date_key(" 2024.05.01") == "2024-05-01"
    assert date_key("20240501") is None and date_key("tuesday") is None and date_key("") is None


def test_dates_come_from_the_records(tmp_path: Path) -> None:
    """Written records with dates out of order are rated by date: the verdicts carry each
    record's date."""
    games = list(simulate("blackball", 3, 3, seed=7, names=["Ann", "Bob", "Cy"]))
    dates = ["2024-06-01", "2024-04-01", "2024-05-01"]
    dated = [
        msgspec.structs.replace(r, meta=msgspec.structs.replace(r.meta, date=d))
        for r, d in zip(games, dates, strict=True)
    ]
    path = tmp_path / "season.grec"
    write_records(dated, path)
    verdicts = list(verify_batch([str(path)]))
    assert [v.date for v in verdicts] == dates
    ratings = rate(verdicts)
    assert [p.place for p in ratings.history("blackball", "Ann")] == [f"{path}:2", f"{path}:3", f"{path}:1"]
    assert ratings.undated == {}


# -- what is counted ---------------------------------------------------------------------------------
def test_duplicates_are_counted_once_as_standings_count_them() -> None:
    first = verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])], 1)
    again = msgspec.structs.replace(first, record=2)  # the same content hash and verdict
    ratings = rate([first, again])
    assert ratings.duplicates == [("t.grec:2", "t.grec:1")]
    assert ratings.counts["duplicate"] == 1 and ratings.counts["valid"] == 1
    assert [r.games for r in ratings.table("blackball")] == [1, 1]
    assert ratings.table("blackball") == rate([first]).table("blackball")
    assert standings([first, again]).duplicates == ratings.duplicates


def test_records_not_valid_are_left_out_and_a_player_in_two_seats_is_not_rated() -> None:
    bad = verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])], 1, status="illegal")
    twice = verdict("blackball", ["Ann", "Ann", "Bob"], [([9, 1, 3], [0])], 2)
    good = verdict("forest", ["Ann", "Bob"], [([9, 1], [0])], 3)
    ratings = rate([bad, twice, good])
    assert [v.record for v in ratings.left_out] == [1] and ratings.left_out[0].scores is None
    assert ratings.not_rated == [("t.grec:2", "player 'Ann' sits in 2 seats: a player is rated once a game")]
    assert list(ratings.games) == ["forest"]
    assert ratings.table("blackball") == [] and ratings.history("blackball", "Ann") == []
    assert ratings.counts["valid"] == 2 and ratings.counts["illegal"] == 1


def test_history_may_be_left_out() -> None:
    ratings = rate([verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])])], history=False)
    assert ratings.history("blackball", "Ann") == [] and ratings.table("blackball")[0].games == 1


def test_a_history_point_is_a_place_mu_and_sigma() -> None:
    ratings = rate([verdict("blackball", ["Ann", "Bob"], [([9, 1], [0])])])
    [point] = ratings.history("blackball", "Ann")
    place, mu, sigma = point
    assert isinstance(point, Point) and place == "t.grec:1" and mu > 25 and sigma < 25 / 3


@pytest.mark.parametrize("game", ["blackball", "forest", "black-swan-2012", "black-swan-taroc"])
def test_the_shipped_tournaments_rate_every_player(game: str) -> None:
    path = FIXTURES / game / "tournament.grec"
    ratings = rate(verify_batch([str(path)]), history=False)
    table = ratings.table(game)
    counted = {p.player: p.games for p in standings(verify_batch([str(path)])).games[game]}
    assert {r.player: r.games for r in table} == counted
    assert [r.ordinal for r in table] == sorted((r.ordinal for r in table), reverse=True)


def test_players_rated_alike_share_a_rank() -> None:
    """Ben and Iris each won a two-player game from the prior: the same numbers, one rank."""
    games = [
        verdict("blackball", ["Ben", "Ann"], [([9, 1], [0])], 1),
        verdict("blackball", ["Iris", "Jon"], [([9, 1], [0])], 2),
    ]
    table = rate(games).table("blackball")
    assert [(r.rank, r.player) for r in table] == [(1, "Ben"), (1, "Iris"), (3, "Ann"), (3, "Jon")]
