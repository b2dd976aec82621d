"""What the ``gamekit`` command shares between games: the options of a run (counts with
their ceilings, workers, a Dask scheduler, ``--out``), and the ``simulate`` and ``sweep``
commands that every game gets from the :class:`~gamekit.core.game.Game` protocol alone.

A game with a ``cli.py`` of its own (Alfredopoly, Alma Mater) registers its commands there,
using these pieces; any other game found by :func:`gamekit.games` gets the generic
``simulate`` and ``sweep`` (:func:`gamekit.commands.simulate.register_generic`).
"""
