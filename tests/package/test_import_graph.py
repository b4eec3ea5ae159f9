"""gamerec's imports go one way: the graph of its modules, read from the source (imports
inside functions included), has no cycle. It had two: ``files -> batch -> verify -> files``
(``list_records`` took ``content_hash`` from ``batch``, which had it from ``files``) and
``engine -> games -> engine`` (an option's values, in words, came from the registry)."""

from __future__ import annotations

from helpers import cycles, import_graph


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    assert "gamerec.checking.batch" in graph["gamerec.checking.distributed"]  # only inside a function there
    assert len(graph) >= 25


def test_gamerec_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_stepper_is_below_verification_and_presentation() -> None:
    """`replay.py` imported `verify.walk`: the replay core sat above what it serves. Now
    the stepper (`gamerec.stepper`) imports neither the verdicts nor the views, and both
    walk through it."""
    graph = import_graph()
    assert {"gamerec.checking.verdicts", "gamerec.present", "gamerec.export"}.isdisjoint(
        graph["gamerec.stepper"]
    )
    assert "gamerec.stepper" in graph["gamerec.checking.verdicts"]
    assert "gamerec.stepper" in graph["gamerec.present"]
