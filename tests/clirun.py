"""Kept so that ``from clirun import cli`` still works in tests written before
tests/helpers.py; the command-line helpers live there (``from helpers import cli``)."""

from helpers import cli

__all__ = ["cli"]
