"""The chart builders: tidy frames in, valid Vega-Lite out, drawn offline by vl-convert."""

from __future__ import annotations

import itertools
import json
import re

import altair as alt
import numpy as np
import pandas as pd
import pytest

from widgets import charts


def landing_frame() -> pd.DataFrame:
    groups = ["brown", "light_blue", None, "railroad"]
    return pd.DataFrame(
        {
            "index": range(40),
            "space": [f"Space {i}" for i in range(40)],
            "group": [groups[i % 4] for i in range(40)],
            "probability": np.full(40, 1 / 40),
        }
    )


def test_landing_chart_colours_groups_with_classic_bands() -> None:
    spec = charts.landing_chart(landing_frame()).to_dict()
    scale = spec["encoding"]["color"]["scale"]
    assert scale["domain"] == ["brown", "light_blue", "other", "railroad"]
    assert scale["range"][0] == charts.GROUP_COLOURS["brown"]
    assert spec["mark"]["type"] == "bar"


def test_landing_chart_prefers_the_frames_own_colours() -> None:
    frame = landing_frame()
    frame["colour"] = ["#123456" if g == "brown" else None for g in frame["group"]]
    scale = charts.landing_chart(frame).to_dict()["encoding"]["color"]["scale"]
    assert scale["range"][0] == "#123456"


def test_missing_column_names_the_column() -> None:
    with pytest.raises(ValueError, match="probability"):
        charts.landing_chart(landing_frame().drop(columns="probability"))


def test_every_builder_draws_offline_as_svg() -> None:
    frame = landing_frame()
    frame["exact"] = frame["probability"]
    frame["simulated"] = frame["probability"] * 1.01
    frame["stderr"] = 0.0004
    built = [
        charts.landing_chart(frame),
        charts.exact_vs_simulated_chart(frame),
        charts.convergence_chart(
            pd.DataFrame({"rolls": [10, 100, 1000], "error": [0.1, 0.03, 0.01]})
        ),
        charts.k_turn_chart(
            pd.DataFrame({"turn": [1, 1, 2], "index": [0, 7, 14], "probability": [0, 0.2, 0.1]})
        ),
        charts.fee_payback_chart(
            pd.DataFrame(
                {
                    "group": ["brown", "railroad"],
                    "fee_per_round": [1.0, 5.0],
                    "payback_rounds": [40.0, 30.0],
                }
            )
        ),
        charts.score_breakdown_chart(
            pd.DataFrame(
                {
                    "player": ["Ann", "Ann", "Bo"],
                    "rule": ["busts", "books", "busts"],
                    "points": [7, 3, 12],
                }
            )
        ),
        charts.money_chart(
            pd.DataFrame(
                {
                    "turn": [0, 1, 0, 1],
                    "player": ["A", "A", "B", "B"],
                    "money": [1500, 1400, 1500, 1650],
                }
            )
        ),
    ]
    for chart in built:
        svg = charts.to_svg(chart)
        assert svg.startswith("<svg") and "<path" in svg


def test_error_bars_are_z_standard_errors_wide() -> None:
    frame = pd.DataFrame(
        {"index": [0], "space": ["Go"], "exact": [0.03], "simulated": [0.03], "stderr": [0.01]}
    )
    data = charts.exact_vs_simulated_chart(frame, z=2).data
    assert data["low"].iloc[0] == pytest.approx(0.01) and data["high"].iloc[0] == pytest.approx(
        0.05
    )


def test_convergence_reference_line_falls_as_one_over_root_n() -> None:
    chart = charts.convergence_chart(pd.DataFrame({"rolls": [100, 10000], "error": [0.1, 0.01]}))
    ref = chart.layer[1].data
    assert ref["error"].tolist() == pytest.approx([0.1, 0.01])


def test_show_is_offline() -> None:
    widget = charts.show(charts.landing_chart(landing_frame()))
    assert isinstance(widget, alt.JupyterChart)
    assert not re.search(r"(from|import)\s*\(?\s*[\"']https?:", widget._esm)
    assert alt.JupyterChart._is_offline
    assert charts.show(charts.landing_chart(landing_frame()), interactive=False).data.startswith(
        "<svg"
    )


def test_chart_data_is_strict_json_even_with_missing_colours() -> None:
    frame = landing_frame()
    frame["colour"] = [
        None if g is None else charts.GROUP_COLOURS.get(str(g)) for g in frame["group"]
    ]
    for chart in (charts.landing_chart(frame), charts.show(charts.landing_chart(frame)).spec):
        spec = chart if isinstance(chart, dict) else chart.to_dict()
        json.dumps(spec, allow_nan=False)  # NaN would break the widget message


def test_fee_payback_adds_up_a_group_from_the_economics_table() -> None:
    from gamekit.alfredopoly.economics import property_economics

    table = property_economics("classic", players=4)
    chart = charts.fee_payback_chart(table, level="3 sculptures")
    data = chart.data.set_index("group")
    rows = table[(table.level == "3 sculptures") & (table.group == "dark_blue")]
    assert data.loc["dark_blue", "fee_per_round"] == pytest.approx(rows.fee_per_round.sum())
    assert data.loc["dark_blue", "payback_rounds"] == pytest.approx(
        rows.cost.sum() / rows.fee_per_round.sum()
    )
    charts.to_svg(chart)
    with pytest.raises(ValueError, match="level"):
        charts.fee_payback_chart(table, level="castle")


def test_k_turn_chart_takes_the_landing_modules_frame() -> None:
    from gamekit.alfredopoly.landing import LandingOptions, build_chain, distributions_after

    frame = distributions_after(build_chain("alfred", LandingOptions(per="turn")), 4)
    spec = charts.k_turn_chart(frame).to_dict()
    assert spec["encoding"]["y"]["field"] == "step"
    charts.to_svg(charts.k_turn_chart(frame))


def test_balance_chart_draws_intervals_and_fair_shares() -> None:
    frame = pd.DataFrame(
        {
            "players": [2, 2, 3],
            "strategy": ["dean", "scholar", "dean"],
            "win share": [0.4, 0.6, 0.25],
            "low": [0.3, 0.5, 0.2],
            "high": [0.5, 0.7, 0.3],
        }
    )
    chart = charts.balance_chart(frame)
    spec = chart.to_dict()
    fair, bars, points = spec["layer"]
    assert fair["mark"]["type"] == "tick" and bars["mark"]["type"] == "errorbar"
    assert bars["encoding"]["x"]["field"] == "low" and bars["encoding"]["x2"]["field"] == "high"
    rows = {r["setting"]: r for r in spec["datasets"][spec["data"]["name"]]}
    assert rows["3 players: dean"]["fair share"] == pytest.approx(1 / 3)
    assert rows["2 players: scholar"]["win share"] == 0.6
    assert points["encoding"]["y"]["sort"] == [
        "2 players: dean",
        "2 players: scholar",
        "3 players: dean",
    ]
    assert "<path" in charts.to_svg(chart)
    with pytest.raises(ValueError, match="low"):
        charts.balance_chart(frame.drop(columns="low"))


def _svg_labels(svg: str, role: str) -> list[list[tuple[str, float, float, str]]]:
    """The text of each ``role`` group of a rendered chart: (anchor, x, y, text) per label."""
    groups = re.findall(rf'role-{role}"[^>]*>(.*?)</g>', svg)
    label = re.compile(
        r'<text text-anchor="(\w+)" transform="translate\(([-\d.]+),([-\d.]+)\)"[^>]*>([^<]*)<'
    )
    return [[(a, float(x), float(y), t) for a, x, y, t in label.findall(g)] for g in groups]


def test_score_breakdown_legend_shows_every_rule_in_full() -> None:
    """Newcomer audit finding 3: Vega cut the legend at 160 px ("8. students in row A x s...").
    The lesson's own frame (almamater_3 section 5): every rule line is drawn in full."""
    from gamekit.almamater.bots import BOTS
    from gamekit.almamater.rules import outcome
    from gamekit.almamater.simulate import play_game
    from gamekit.almamater.spec import make_spec

    spec = make_spec(3)
    final = play_game(spec, [BOTS["scholar"], BOTS["dean"], BOTS["greedy"]], seed=5)
    frame = pd.DataFrame(
        [
            {"player": spec.colours[seat], "rule": line.rule, "points": line.points}
            for seat in range(3)
            for line in outcome(spec, final).breakdown[seat]
            if line.rule != "total"
        ]
    )
    rules = list(dict.fromkeys(frame["rule"]))
    longest = max(rules, key=len)
    assert longest == "1. textbooks left (any player colour), 1 ducat each"
    legend = charts.score_breakdown_chart(frame).to_dict()["encoding"]["color"]["legend"]
    # a second measure: the projector's 18 px at 0.6 em a character (DejaVu Sans averages less)
    assert legend["labelLimit"] >= 0.6 * charts.PROJECTOR_TEXT["label"] * len(longest)
    for on in (False, True):
        charts.projector(on)
        try:
            svg = charts.to_svg(charts.score_breakdown_chart(frame))
        finally:
            charts.projector(False)
        labels = [t for group in _svg_labels(svg, "legend-label") for *_, t in group]
        assert labels == rules  # in full: no "…"
        assert "…" not in svg


def test_fee_payback_axis_labels_keep_apart() -> None:
    """Newcomer audit finding 7: on "Rounds to pay back" (classic, 3 sculptures) the ticks
    "20" and a flush-right "22" ran together as "2022", and the fee axis stopped at 240 with
    no tick past 200. Each x label now clears its neighbour and the last tick is past the
    longest bar."""
    from gamekit.alfredopoly.economics import property_economics

    table = property_economics("classic", players=4)
    chart = charts.fee_payback_chart(table, level="3 sculptures")
    longest = chart.data[["fee_per_round", "payback_rounds"]].max()
    size = charts.TEXT["label"]
    axes = [g for g in _svg_labels(charts.to_svg(chart), "axis-label") if g[0][3][0].isdigit()]
    assert len(axes) == 2
    for labels, field in zip(axes, ["fee_per_round", "payback_rounds"], strict=True):
        spans = []
        for anchor, x, _, text in labels:
            width = 0.6 * size * len(text)  # about a digit's width at 14 px
            left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
            spans.append((left, left + width))
        gaps = [b[0] - a[1] for a, b in itertools.pairwise(spans)]
        assert min(gaps) >= size / 2, (field, [t for *_, t in labels], gaps)
        assert float(labels[-1][3].replace(",", "")) >= longest[field]


def test_the_exact_mark_is_drawn_over_the_simulated_one() -> None:
    """Issue 23: the red (exact) ticks hid under the blue points and bars of "both"."""
    frame = pd.DataFrame(
        {"index": [0], "space": ["Go"], "exact": [0.03], "simulated": [0.03], "stderr": [0.01]}
    )
    layers = charts.exact_vs_simulated_chart(frame).layer
    marks = [layer.mark.type if hasattr(layer.mark, "type") else layer.mark for layer in layers]
    assert marks[-1] == "tick" and layers[-1].mark.color == "#d1495b"
    assert layers[-1].mark.size > layers[1].mark.size ** 0.5  # wider than the point


def test_a_shown_chart_exported_to_html_is_a_picture_not_an_object_name() -> None:
    """A lesson posted as HTML (executed, exported without widget state) shows each chart
    that ``show`` displayed as its SVG; before, it showed "<altair...JupyterChart object>"."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    from tests.test_lesson_explore import export  # the kit's nbconvert settings

    code = (
        "import pandas as pd\n"
        "from widgets.charts import landing_chart, show\n"
        "f = pd.DataFrame({'index': [0, 1], 'space': ['Go', 'Bookstore'],"
        " 'probability': [0.25, 0.75]})\n"
        "show(landing_chart(f, title='Landing share'))"
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    ExecutePreprocessor(timeout=300, kernel_name="python3").preprocess(nb, {})
    html = export(nb)
    assert "JupyterChart object" not in html
    still = html[html.index('class="gk-chart-still"') :]
    assert still.index("<svg") < 40 and "Bookstore" in still[: still.index("</svg>")]


def _luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_money_line_has_a_dark_edge_against_the_white_background() -> None:
    """Cy's yellow line was 1.3:1 against white (a lecturer's projector trial): each
    player's line is now drawn over a wider dark casing along the same path, whose edge
    is at least 3:1 (WCAG's floor for graphics) against white and against the line, and
    the casing is not read out a second time by a screen reader."""
    frame = pd.DataFrame({"turn": [0, 1, 2] * 4, "player": [p for p in "ABCD" for _ in range(3)],
                          "money": [1500, 1400, 1300, 1500, 1650, 1600, 1500, 1450, 1700,
                                    1500, 1500, 1550]})  # fmt: skip
    svg = charts.to_svg(charts.money_chart(frame))
    paths = re.findall(r"<path\b[^>]*>", svg)
    attrs = [dict(re.findall(r'([\w-]+)="([^"]*)"', p)) for p in paths]
    lines = [a for a in attrs if a.get("stroke-width") == "3"]
    casings = {a["d"]: a for a in attrs if a.get("stroke-width") == "6"}
    assert sorted(a["stroke"] for a in lines) == sorted(charts.PLAYER_COLOURS[:4])
    for line in lines:
        casing = casings[line["d"]]  # the same path, under it
        assert paths.index(next(p for p in paths if f'd="{line["d"]}"' in p)) < paths.index(
            next(p for p in paths if 'stroke-width="3"' in p and f'd="{line["d"]}"' in p)
        )
        assert _contrast(casing["stroke"], "#ffffff") >= 3
        assert _contrast(casing["stroke"], line["stroke"]) >= 3, line["stroke"]
        assert "aria-label" not in casing
    assert _contrast("#F0E442", "#ffffff") < 3  # why the casing is needed (Cy's yellow)


def test_a_german_chart_is_shown_by_a_widget_that_renames_vegas_roles() -> None:
    """A chart in German is shown by a chart widget that carries the German names of Vega's
    parts (``roles``) and whose script wraps the chart's own render once (the browser test
    reads the page: tests/browser/test_german_tables.py); English stays altair's widget."""
    frame = pd.DataFrame({"turn": [0, 1], "player": ["Ann", "Ann"], "money": [1500, 1400]})
    german = charts.show(charts.money_chart(frame, lang="de"))
    english = charts.show(charts.money_chart(frame))
    assert type(english).__name__ == "JupyterChart" and "roles" not in english.keys
    assert isinstance(german, alt.JupyterChart) and type(german).__name__ == "LanguageChart"
    assert german.roles["visualization"] == "Diagramm"
    assert german.roles["group mark container"] == "Gruppe"
    esm = german._esm
    assert esm.count("export default") == 1 and "export{__default as default}" not in esm
    assert esm.endswith(charts._ROLES_JS)


def test_a_shown_chart_that_follows_a_game_exports_as_it_is_now() -> None:
    """The still picture of a shown chart is drawn from the chart the widget holds when it
    is displayed (a table's chart is replaced as the game goes on), not the first one."""
    first = pd.DataFrame({"turn": [0], "player": ["Ann"], "money": [1500]})
    later = pd.DataFrame({"turn": [0, 1], "player": ["Ann", "Ann"], "money": [1500, 987]})
    widget = charts.show(charts.money_chart(first))
    widget.chart = charts.money_chart(later)
    data, _ = widget._repr_mimebundle_()
    assert "987" in data["text/html"]
