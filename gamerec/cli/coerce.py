"""Start-up: typer's values coerced without pydantic where coercion changes nothing.

typer (0.16 and later) coerces every value of a non-flag parameter through a pydantic
``TypeAdapter``, built when the parameter is first processed, even for a missing value
(``--jobs`` not given) or text that stays text (``FILE...``). Importing pydantic and
building its adapters is the largest part of ``gamerec validate FILE``'s start-up (about
0.1 s, more than the rest of the command). :func:`defer_coercion` gives each parameter a
coercion that is typer's own, built only when a value needs it: a missing value needs none
(typer's base class returns it as is), ``str`` and ``list[str]`` values given as text are
returned as typer's adapter would return them (the same text; a list), and any other value
(a number, a choice, a path) goes through typer's adapter, built then.

With a typer that coerces otherwise (no ``typer._coercion``), nothing is changed.
tests/cli/test_startup.py holds the shortcut equal to typer's coercion.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

try:  # typer's own coercion (typer >= 0.16); without it, there is nothing to defer
    from typer._coercion import RuntimeParam, build_runtime_param
except ImportError:  # pragma: no cover - an older typer
    RuntimeParam = None  # type: ignore[assignment,misc]


def _is_text(annotation: Any) -> bool:
    return annotation is str


def _is_text_list(annotation: Any) -> bool:
    return getattr(annotation, "__origin__", None) is list and getattr(annotation, "__args__", ()) == (str,)


def _all_text(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(type(v) is str for v in value)


def _plain(descriptor: Any) -> bool:
    """No parser or click type of its own: typer's adapter for the annotation alone."""
    info = descriptor.parameter_info
    return getattr(info, "parser", None) is None and getattr(info, "click_type", None) is None


if RuntimeParam is not None:

    class _Deferred(RuntimeParam):
        """typer's coercion of one parameter, its adapter built only when a value needs it."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            descriptor = param.type_descriptor
            annotation = descriptor.annotation
            if _plain(descriptor):
                if _is_text(annotation) and type(value) is str:
                    return value
                if _is_text_list(annotation) and _all_text(value):
                    return list(value)
            real = param._runtime_param = build_runtime_param(descriptor)
            return real._coerce_value(value, param=param, ctx=ctx)


def defer_coercion(params: Iterable[Any]) -> None:
    """Give each of a command's parameters (``command.get_params(ctx)``: ``--help`` too)
    :class:`_Deferred` coercion (see the module); those that have theirs already keep it."""
    if RuntimeParam is None:  # pragma: no cover - an older typer
        return
    for p in params:
        descriptor = getattr(p, "type_descriptor", None)
        if descriptor is not None and getattr(p, "_runtime_param", "absent") is None:
            p._runtime_param = _Deferred(
                parameter_info=descriptor.parameter_info, annotation=descriptor.annotation
            )
