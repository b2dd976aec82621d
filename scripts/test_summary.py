"""Print how many tests each layer of ``./kit test`` ran, and a closing count line.

Reads test-artifacts/layers.txt (layer, exit status, seconds) and the junit files that
pytest wrote. Exits 1 when a pytest layer that ran collected no test at all.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def junit_counts(path: Path) -> tuple[int, int, int]:
    """(passed, failed, skipped) from a pytest junit file."""
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    tests = failures = skipped = 0
    for s in suites:
        tests += int(s.get("tests", 0))
        failures += int(s.get("failures", 0)) + int(s.get("errors", 0))
        skipped += int(s.get("skipped", 0))
    return tests - failures - skipped, failures, skipped


def main(art: Path, browser_skip_reason: str) -> int:
    rows = [line.split() for line in (art / "layers.txt").read_text().splitlines() if line.strip()]
    total_pass = total_fail = 0
    status = 0
    print()
    print(
        f"{'layer':<11}{'status':<8}{'tests':>7}{'passed':>8}{'failed':>8}{'skipped':>9}{'seconds':>9}"
    )
    for layer, rc, seconds in rows:
        junit = art / f"junit-{layer}.xml"
        if junit.exists():
            passed, failed, skipped = junit_counts(junit)
            tests = str(passed + failed + skipped)
            if passed + failed == 0:
                print(f"{layer}: no test ran", file=sys.stderr)
                status = 1
        else:  # lint, types, benchmarks: a check, not a count of tests
            passed, failed, skipped, tests = 0, int(rc != "0"), 0, "-"
        if layer == "browser" and browser_skip_reason:
            tests, passed, failed, skipped = "-", 0, 0, 0
        total_pass += passed
        total_fail += failed
        state = "ok" if rc == "0" else "FAILED"
        if layer == "browser" and browser_skip_reason:
            state = "SKIPPED"
        print(f"{layer:<11}{state:<8}{tests:>7}{passed:>8}{failed:>8}{skipped:>9}{seconds:>9}")
    if browser_skip_reason:
        print(f"browser layer skipped: {browser_skip_reason}")
    print()
    print(f"gamekit: {total_pass} passed, {total_fail} failed")
    return status


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else ""))
