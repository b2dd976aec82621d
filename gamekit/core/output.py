"""Printing tidy pandas frames for the command line: ``table``, ``csv`` or ``json``.

>>> import pandas as pd
>>> print(render_frame(pd.DataFrame({"space": ["GO"], "probability": [0.03]}), "csv"), end="")
space,probability
GO,0.03
"""

from __future__ import annotations

import pandas as pd

FORMATS = ("table", "csv", "json")


def render_frame(frame: pd.DataFrame, fmt: str = "table") -> str:
    """Render ``frame`` in one of :data:`FORMATS` (floats at full precision in csv/json)."""
    if fmt == "csv":
        return frame.to_csv(index=False, float_format=repr_float)
    if fmt == "json":
        return frame.to_json(orient="records", double_precision=15, indent=1) + "\n"
    if fmt == "table":
        with pd.option_context(
            "display.max_rows", None, "display.max_columns", None, "display.width", 200
        ):
            return frame.to_string(index=False) + "\n"
    raise ValueError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")


def repr_float(x: object) -> str:
    """Shortest text that reads back as the same float (full precision)."""
    return repr(float(x))  # type: ignore[arg-type]
