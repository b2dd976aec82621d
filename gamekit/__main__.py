"""``python -m gamekit`` runs the ``gamekit`` command."""

from gamekit.cli import run

run()
