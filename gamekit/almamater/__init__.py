"""Alma Mater: the worker-placement game about running a university."""
