"""Alfredopoly: the Monopoly-style property game set at Alfred University."""
