"""A kernel that imports ``widgets`` starts faster: imported first by ``widgets/__init__``.

jsonschema (which altair imports) sets up an "iri" format check with ``rfc3987_syntax``
when that package is installed, and importing it builds 38 Lark grammars: about 1.5 CPU-s
of every kernel's start (a class's dashboards pay it one by one on a 2-core server), for a
check that Vega-Lite's schema never asks for (its formats are uri, uri-reference and
color-hex). The package is hidden while jsonschema loads and importable again afterwards;
only jsonschema's "iri" and "iri-reference" checks are missing in this kernel (an unknown
format passes, as without the package).

>>> import sys, widgets
>>> "jsonschema" in sys.modules and sys.modules.get("rfc3987_syntax", False) is not None
True
"""

from __future__ import annotations

import sys

if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]
    try:
        import jsonschema  # noqa: F401
    finally:
        del sys.modules["rfc3987_syntax"]
