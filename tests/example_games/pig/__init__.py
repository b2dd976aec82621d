"""Pig, the dice game: an example of a whole game written against ``BaseGame``."""
