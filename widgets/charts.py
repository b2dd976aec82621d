"""Altair chart builders: a tidy pandas frame in, an ``alt.Chart`` out.

The builders never display anything; :func:`show` picks an offline-safe display
(``alt.JupyterChart`` with the JavaScript bundled by vl-convert, or a static SVG), so
charts render in a classroom with no internet.

>>> import pandas as pd
>>> frame = pd.DataFrame({"index": [0, 1], "space": ["Go", "Rt 244"],
...                       "group": [None, "brown"], "probability": [0.03, 0.02]})
>>> landing_chart(frame).mark.type
'bar'
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import altair as alt
import pandas as pd
from babel.numbers import get_decimal_symbol, get_group_symbol

from gamekit.core.events import Words, core_phrases
from widgets.colours import CATEGORY_10, SEAT_COLOURS

# The classic colour bands, plus the organisations and the other spaces.
GROUP_COLOURS: dict[str, str] = {
    "brown": "#8B4513",
    "light_blue": "#9BD4F5",
    "lightblue": "#9BD4F5",
    "pink": "#D93A96",
    "orange": "#F7941D",
    "red": "#ED1B24",
    "yellow": "#FEF200",
    "green": "#1FB25A",
    "dark_blue": "#0072BB",
    "darkblue": "#0072BB",
    "railroad": "#3b3b3b",
    "utility": "#8c8c8c",
    "other": "#c8c2b4",
}
_Chart = TypeVar("_Chart", bound=alt.TopLevelMixin)
PLAYER_COLOURS = SEAT_COLOURS  # colour-blind safe (see widgets.colours)
WIDTH = 640
#: About how many ticks the two small bar charts of ``fee_payback_chart`` get on their x axes.
PAYBACK_TICKS = 5
#: How interactive charts are drawn: as SVG, sharp on a projector at any zoom (and its
#: text can be measured by the browser tests).
EMBED: dict[str, Any] = {"renderer": "svg", "actions": False}
#: Text sizes of every chart (pixels): readable from the back row of a classroom.
TEXT = {"label": 14, "title": 16, "heading": 18}
#: The same with ``projector(True)``: larger still.
PROJECTOR_TEXT = {"label": 18, "title": 20, "heading": 24}
#: The largest label size of the two themes, for :func:`label_limit`.
LEGEND_FONT_SIZE = max(TEXT["label"], PROJECTOR_TEXT["label"])


def _theme(text: dict[str, int]) -> dict[str, Any]:
    label, title, heading = text["label"], text["title"], text["heading"]
    return {
        "config": {
            "axis": {"labelFontSize": label, "titleFontSize": title},
            "legend": {"labelFontSize": label, "titleFontSize": title},
            "header": {"labelFontSize": label, "titleFontSize": title},
            "title": {"fontSize": heading},
            "mark": {"fontSize": label},
            "text": {"fontSize": label},
        }
    }


@alt.theme.register("campus_gamekit", enable=False)
def _classroom() -> alt.theme.ThemeConfig:
    return _theme(TEXT)  # type: ignore[return-value]


@alt.theme.register("campus_gamekit_projector", enable=False)
def _projector_theme() -> alt.theme.ThemeConfig:
    return _theme(PROJECTOR_TEXT)  # type: ignore[return-value]


def projector(on: bool = True) -> None:
    """Larger chart text for a projector (18 px labels instead of 14 px), for every chart
    drawn from now on in this kernel; ``projector(False)`` goes back.

    >>> projector(True); alt.theme.active
    'campus_gamekit_projector'
    >>> projector(False); alt.theme.active
    'campus_gamekit'
    """
    alt.theme.enable("campus_gamekit_projector" if on else "campus_gamekit")


alt.theme.enable("campus_gamekit")  # labels >= 14 px in every chart the kit draws


def _space_names(frame: pd.DataFrame) -> dict[int, str]:
    """Short names of the spaces in ``frame`` (``index`` -> name) for an axis; index 40
    is "in Probation" (or "in jail")."""
    from widgets.alfredopoly_board import ring_label

    names: dict[int, str] = {}
    if "space" not in frame.columns:
        return names
    for index, space in zip(frame["index"], frame["space"], strict=True):
        text = "" if space is None or pd.isna(space) else str(space)
        if int(index) == 40:
            names[40] = "in Probation" if "probation" in text.lower() else "in jail"
            if 10 in names:
                names[10] = "just visiting"
        else:
            names[int(index)] = ring_label(text)
    return names


def space_axis(frame: pd.DataFrame) -> alt.Axis:
    """An axis of space numbers labelled with the spaces' short names ("3 Babcock",
    "in Probation"), vertical so that all 41 fit at 14 px.

    >>> f = pd.DataFrame({"index": [3, 40], "space": ["Babcock Hall", "In Academic Probation"]})
    >>> space_axis(f).labelExpr
    '{"3": "3 Babcock", "40": "in Probation"}[datum.value + ""] || datum.value'
    """
    names = _space_names(frame)
    labels = {
        str(i): (name if i == 40 else f"{i} {name}".strip()) for i, name in sorted(names.items())
    }
    expr = f'{json.dumps(labels)}[datum.value + ""] || datum.value' if labels else "datum.value"
    return alt.Axis(labelAngle=-90, labelExpr=expr, labelFontSize=TEXT["label"])


_TITLES = {"probability": "Landing probability by space", "expected_fee": "Expected fee by space"}


def _clean(frame: pd.DataFrame) -> pd.DataFrame:
    """Text columns without missing values (they would reach the browser as NaN, not JSON)."""
    out = frame.copy()
    for column in out.columns:
        if not pd.api.types.is_numeric_dtype(out[column]):
            out[column] = out[column].astype(object).where(out[column].notna(), "")
    return out


def _need(frame: pd.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        have = ", ".join(map(str, frame.columns))
        raise ValueError(f"the frame needs column(s) {', '.join(missing)}; it has {have}")


def group_scale(frame: pd.DataFrame) -> alt.Scale:
    """A colour scale for the groups in ``frame`` (its ``colour`` column wins, if any)."""
    pairs: dict[str, str] = {}
    colours = frame["colour"] if "colour" in frame.columns else [None] * len(frame)
    for group, colour in zip(frame["group"], colours, strict=True):
        name = "other" if group is None or pd.isna(group) else str(group)
        if name not in pairs:
            given = colour if isinstance(colour, str) and colour else None
            pairs[name] = given or GROUP_COLOURS.get(name.lower(), GROUP_COLOURS["other"])
    return alt.Scale(domain=list(pairs), range=list(pairs.values()))


def _with_group(frame: pd.DataFrame) -> tuple[pd.DataFrame, alt.Scale]:
    """The frame with every space in a named group, and the colour scale of the groups.

    The ``colour`` column only feeds the scale; it is dropped from the chart's data (a
    missing colour would otherwise reach the front end as NaN, which is not JSON).
    """
    out = frame.copy()
    if "group" not in out.columns:
        out["group"] = None
    out["group"] = out["group"].astype(object).where(out["group"].notna(), "other")
    scale = group_scale(out)
    return _clean(out.drop(columns=["colour"], errors="ignore")), scale


def landing_chart(
    frame: pd.DataFrame, value: str = "probability", *, title: str | None = None
) -> alt.Chart:
    """Bars of ``value`` by space (columns ``index``, ``space``, ``value``, optional
    ``group``/``colour``), coloured by colour group.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"index": [0], "space": ["Go"], "probability": [1.0]})
    >>> landing_chart(f).to_dict()["encoding"]["x"]["field"]
    'index'
    """
    _need(frame, "index", "space", value)
    data, scale = _with_group(frame)
    is_share = value in {"probability", "exact", "simulated"}
    fmt, axis_fmt = (".2%", ".1%") if is_share else (",.2f", ",.0f")
    return (
        alt.Chart(
            data,
            title=title or _TITLES.get(value, f"{value.replace('_', ' ').capitalize()} by space"),
        )
        .mark_bar(stroke="#222", strokeWidth=0.4)
        .encode(
            x=alt.X("index:O", title="space", axis=space_axis(frame)),
            y=alt.Y(f"{value}:Q", title=value.replace("_", " "), axis=alt.Axis(format=axis_fmt)),
            color=alt.Color("group:N", scale=scale, title="group"),
            tooltip=["index:O", "space:N", "group:N", alt.Tooltip(f"{value}:Q", format=fmt)],
        )
        .properties(width=WIDTH, height=260)
    )


def exact_vs_simulated_chart(frame: pd.DataFrame, *, z: float = 1.96) -> alt.LayerChart:
    """Exact probability (a tick) beside the simulated one with a ``z``-standard-error bar.

    Columns: ``index``, ``space``, ``exact``, ``simulated``, ``stderr``.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"index": [0], "space": ["Go"], "exact": [0.03],
    ...                   "simulated": [0.031], "stderr": [0.001]})
    >>> len(exact_vs_simulated_chart(f).layer)
    3
    """
    _need(frame, "index", "space", "exact", "simulated", "stderr")
    data = _clean(frame.drop(columns=["colour"], errors="ignore"))
    data["low"] = data["simulated"] - z * data["stderr"]
    data["high"] = data["simulated"] + z * data["stderr"]
    base = alt.Chart(data).encode(x=alt.X("index:O", title="space", axis=space_axis(frame)))
    tip = [
        "space:N",
        alt.Tooltip("exact:Q", format=".4f"),
        alt.Tooltip("simulated:Q", format=".4f"),
        alt.Tooltip("stderr:Q", format=".5f"),
    ]
    bars = base.mark_errorbar(color="#00798c", ticks=True).encode(
        y=alt.Y("low:Q", title="probability"), y2="high:Q"
    )
    sim = base.mark_point(color="#00798c", filled=True, size=30).encode(
        y="simulated:Q", tooltip=tip
    )
    # the exact value on top, wider than the simulated point and its bar, so the red mark
    # is seen where the two agree (drawn first, it hid under the blue)
    exact = base.mark_tick(color="#d1495b", thickness=3, size=16).encode(y="exact:Q", tooltip=tip)
    return alt.layer(bars, sim, exact).properties(
        width=WIDTH, height=260, title=f"Exact (red) vs simulated (blue, ±{z:g} s.e.)"
    )


def convergence_chart(frame: pd.DataFrame, value: str = "error") -> alt.LayerChart:
    """How the simulation's error shrinks with the number of rolls, on log-log axes, with
    the ``1/sqrt(n)`` slope for reference. Columns: ``rolls``, ``value`` and optionally
    ``series`` (one line per seed or method).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"rolls": [100, 1000], "error": [0.05, 0.016]})
    >>> convergence_chart(f).layer[0].mark.type
    'line'
    """
    _need(frame, "rolls", value)
    data = _clean(frame)
    if "series" not in data.columns:
        data["series"] = "simulation"
    first = data.sort_values("rolls").iloc[0]
    ref = pd.DataFrame({"rolls": sorted(data["rolls"].unique())})
    ref[value] = float(first[value]) * (float(first["rolls"]) / ref["rolls"]) ** 0.5
    lines = (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("rolls:Q", scale=alt.Scale(type="log"), title="rolls simulated"),
            y=alt.Y(f"{value}:Q", scale=alt.Scale(type="log"), title=value.replace("_", " ")),
            color=alt.Color("series:N", title=None),
            tooltip=["series:N", "rolls:Q", alt.Tooltip(f"{value}:Q", format=".5f")],
        )
    )
    slope = (
        alt.Chart(ref)
        .mark_line(strokeDash=[5, 4], color="#888")
        .encode(x="rolls:Q", y=f"{value}:Q")
    )
    return alt.layer(lines, slope).properties(
        width=WIDTH * 0.75, height=260, title="Convergence (dashed: 1/√n)"
    )


def k_turn_chart(frame: pd.DataFrame, k: str | None = None) -> alt.Chart:
    """Where a token is after k turns: a heat strip per turn. Columns: ``k`` (``turn``, or
    ``step`` as in ``landing.distributions_after``), ``index``, ``probability`` (and
    optional ``space``).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"turn": [1, 1], "index": [0, 7], "probability": [0.0, 0.17]})
    >>> k_turn_chart(f).mark
    'rect'
    """
    k = k or ("turn" if "turn" in frame.columns else "step")
    _need(frame, k, "index", "probability")
    tip = [f"{k}:O", "index:O", alt.Tooltip("probability:Q", format=".2%")]
    if "space" in frame.columns:
        tip.insert(2, "space:N")
    return (
        alt.Chart(_clean(frame))
        .mark_rect()
        .encode(
            x=alt.X("index:O", title="space", axis=space_axis(frame)),
            y=alt.Y(f"{k}:O", title=f"{k} k"),
            # a blue-green-yellow ramp ordered by lightness: colour-blind safe
            color=alt.Color(
                "probability:Q", scale=alt.Scale(scheme="viridis", reverse=True), title="P"
            ),
            tooltip=tip,
        )
        .properties(width=WIDTH, title="Distribution of the token after k turns")
    )


def fee_payback_chart(
    frame: pd.DataFrame,
    fee: str = "fee_per_round",
    payback: str = "payback_rounds",
    *,
    level: str | None = None,
) -> alt.HConcatChart:
    """Expected fee per round and rounds to pay back the cost, by colour group.

    Takes one row per group, or the per-property table of
    ``gamekit.alfredopoly.economics.property_economics`` (columns ``group``, ``level``,
    ``cost``, ``fee``-column): pick a ``level`` (``"3 sculptures"``) and each group's
    fees add up and its payback is total cost / total fee.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"group": ["brown"], "fee_per_round": [1.2], "payback_rounds": [40.0]})
    >>> len(fee_payback_chart(f).hconcat)
    2
    """
    if level is not None:
        if "level" not in frame.columns:
            raise ValueError("level= needs a 'level' column")
        frame = frame[frame["level"] == level]
        if frame.empty:
            raise ValueError(f"no rows at level {level!r}")
    if frame["group"].duplicated().any():
        if "cost" not in frame.columns:
            raise ValueError(
                "several rows per group need a 'cost' column (or pass one row per group)"
            )
        sums = frame.groupby("group", sort=False)[[fee, "cost"]].sum().reset_index()
        sums[payback] = sums["cost"] / sums[fee]
        frame = sums
    _need(frame, "group", fee, payback)
    data, scale = _with_group(frame)
    order = list(dict.fromkeys(data["group"]))
    colour = alt.Color("group:N", scale=scale, legend=None)

    def bars(field: str, title: str, axis: str, fmt: str) -> alt.Chart:
        return (
            alt.Chart(data, title=title)
            .mark_bar()
            .encode(
                y=alt.Y("group:N", sort=order, title=None),
                # about 5 round ticks, the axis ending on one past the longest bar, each
                # label centred on its tick (not flush with the end) and dropped if closer
                # than 6 px to the next: at 260 px "20" and a flush "22" ran together as "2022"
                x=alt.X(
                    f"{field}:Q",
                    title=axis,
                    scale=alt.Scale(nice=PAYBACK_TICKS, zero=True),
                    axis=alt.Axis(
                        tickCount=PAYBACK_TICKS,
                        labelFlush=False,
                        labelOverlap=True,
                        labelSeparation=6,
                    ),
                ),
                color=colour,
                tooltip=["group:N", alt.Tooltip(f"{field}:Q", format=fmt)],
            )
            .properties(width=260, height=220)
        )

    left = bars(fee, "Expected fee per round", "$ per round", ",.2f")
    right = bars(payback, "Rounds to pay back", "rounds", ",.1f")
    return alt.hconcat(left, right)


def label_limit(labels: Sequence[str], font_size: float = LEGEND_FONT_SIZE) -> int:
    """A legend ``labelLimit`` (pixels) that fits the longest of ``labels`` in full.

    Allows 0.65 em a character at the larger (projector) label size, more than the mean
    width of a sans-serif character (Vega's default limit, 160 px, is about 20 characters
    at the kit's 14 px).

    >>> label_limit(["8. students in row A x students in row B"])
    474
    """
    longest = max((len(str(label)) for label in labels), default=0)
    return math.ceil(longest * font_size * 0.65) + 6


def number_locale(lang: str) -> alt.Locale:
    """Vega's number format for ``lang``: Babel's decimal sign and digit grouping, and the
    kit's money (``core.money``: English "$1,500", German "1.500 $"), so a chart's axes
    and tooltips write numbers and money as the table's log and board do.

    >>> number_locale("de").to_dict()["number"]["currency"]
    ['', '\xa0$']
    """
    before, _, after = core_phrases()["core.money"][lang].partition("{amount:n}")
    return alt.Locale(
        number=alt.NumberLocale(
            decimal=get_decimal_symbol(lang),
            thousands=get_group_symbol(lang),
            grouping=[3],
            currency=[before, after],
        )
    )


def in_language(chart: _Chart, lang: str) -> _Chart:
    """``chart`` with the number format of ``lang`` and its title said to a screen reader in
    ``lang`` (English: Vega's own, unchanged).

    Vega names a chart's title to a screen reader as "Title text '...'" whatever the
    language (a Vega-Lite title's ``aria`` or ``description`` does not reach it); a text
    item's own description replaces those words, so the title's style (Vega's
    ``group-title``) carries :data:`ARIA_WORDS`' ``title`` and hides the text itself, which
    is then heard once. The language is kept in the chart's ``usermeta`` for :func:`to_svg`.

    >>> c = in_language(alt.Chart(pd.DataFrame({"a": [1]}), title="Geld").mark_bar(), "de")
    >>> c.to_dict()["config"]["style"]["group-title"]["description"], c.usermeta["gamekit_lang"]
    ('Überschrift: Geld', 'de')
    """
    if lang == "en":
        return chart
    config: dict[str, Any] = {"locale": number_locale(lang)}
    title = _title_text(chart)
    if title:
        heard = ARIA_WORDS[lang]["title"].format(title=title)
        config["style"] = {"group-title": {"description": heard, "aria": False}}
    out: _Chart = chart.configure(**config).properties(usermeta={"gamekit_lang": lang})
    return out


def _title_text(chart: alt.TopLevelMixin) -> str:
    """The text of ``chart``'s own title ("" if it has none)."""
    title = chart.to_dict(validate=False).get("title")
    text = title.get("text", "") if isinstance(title, dict) else title or ""
    return " ".join(text) if isinstance(text, list) else str(text)


#: What a screen reader hears of a chart in a language other than English: its title, and
#: each point or bar (the chart's ``description`` channel) with its role ("Punkt", the
#: mark's ``ariaRoleDescription``). Vega describes axes and legends only in English
#: ("X-axis titled 'Zug' for a linear scale ...": it ignores a guide's own description),
#: so in another language they are left out of what a screen reader reads (``aria=False``);
#: their titles and labels stay on screen, and the marks say the values. ``roles``: Vega's
#: own English names of a chart's parts and of the chart itself ("visualization"), fixed in
#: Vega: :func:`to_svg` puts these words in a still picture's SVG, and :func:`show` draws a
#: live chart with a widget that renames them on the page (``_ROLES_JS``).
ARIA_WORDS: dict[str, dict[str, Any]] = {
    "de": {"money_point": "{player}, {x_title} {x}: {value}",
           "score_bar": "{player}, {rule}: {points} {points_word}",
           "title": "Überschrift: {title}",
           "line": "Linie", "point": "Punkt", "bar": "Balken",
           "roles": {"group mark container": "Gruppe", "line mark container": "Linien",
                     "symbol mark container": "Punkte", "rect mark container": "Balken",
                     "title": "Überschrift", "axis": "Achse", "legend": "Legende",
                     "visualization": "Diagramm"}},
}  # fmt: skip


def _role(lang: str, mark: str) -> dict[str, Any]:
    """``{"ariaRoleDescription": ...}`` of a ``mark`` (``"line"``, ``"point"``, ``"bar"``)
    in ``lang``; English nothing (Vega's own "line mark", "point", "bar")."""
    return {} if lang == "en" else {"ariaRoleDescription": ARIA_WORDS[lang][mark]}


def _axis(lang: str) -> dict[str, Any]:
    """``{"axis": ...}`` for ``lang``: English nothing (Vega's own axis, described in
    English), another language an axis a screen reader skips (see :data:`ARIA_WORDS`)."""
    return {} if lang == "en" else {"axis": alt.Axis(aria=False)}


def _legend(lang: str, **legend: Any) -> dict[str, Any]:
    """``{"legend": ...}`` for ``lang`` (as :func:`_axis`); ``legend``: its other settings."""
    if lang == "en":
        return {"legend": alt.Legend(**legend)} if legend else {}
    return {"legend": alt.Legend(aria=False, **legend)}


#: The score chart's own words (title, axis, legend, tooltips) by language.
SCORE_CHART_WORDS = {
    "en": {"title": "Final score by rule", "prestige": "prestige", "rule": "rule",
           "player": "player", "points": "points"},
    "de": {"title": "Endwertung nach Zeilen", "prestige": "Prestige", "rule": "Zeile",
           "player": "Spieler", "points": "Punkte", "point": "Punkt"},
}  # fmt: skip
"""``point``: the singular a bar's description says after 1 or -1 ("1 Punkt")."""


def _points_word(words: dict[str, str], n: Any) -> str:
    """The word after ``n`` points: singular for 1 and -1 ("1 Punkt"), else plural.

    >>> _points_word(SCORE_CHART_WORDS["de"], 1), _points_word(SCORE_CHART_WORDS["de"], 2)
    ('Punkt', 'Punkte')
    """
    return words.get("point", words["points"]) if abs(n) == 1 else words["points"]


def score_breakdown_chart(frame: pd.DataFrame, lang: str = "en") -> alt.Chart:
    """Stacked bars of each player's score by rule. Columns: ``player``, ``rule``, ``points``;
    ``lang`` (``"en"`` or ``"de"``) for the chart's own words (the rules are the frame's).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"player": ["Ann"], "rule": ["busts"], "points": [7]})
    >>> score_breakdown_chart(f).mark.type
    'bar'
    >>> score_breakdown_chart(f, lang="de").title
    'Endwertung nach Zeilen'
    """
    _need(frame, "player", "rule", "points")
    if lang not in SCORE_CHART_WORDS:
        raise ValueError(f"lang must be one of {', '.join(SCORE_CHART_WORDS)}, not {lang!r}")
    w = SCORE_CHART_WORDS[lang]
    rules = list(dict.fromkeys(frame["rule"]))
    data = _clean(frame)
    extra: dict[str, Any] = {}
    if lang != "en":  # each bar described in the language (Vega's own is English)
        said = ARIA_WORDS[lang]["score_bar"]
        data["description"] = [
            said.format(player=p, rule=r, points=n, points_word=_points_word(w, n))
            for p, r, n in zip(data["player"], data["rule"], data["points"], strict=True)
        ]
        extra["description"] = alt.Description("description:N")
    chart = (
        alt.Chart(data, title=w["title"], **({"description": w["title"]} if extra else {}))
        .mark_bar(stroke="white", strokeWidth=0.5, **_role(lang, "bar"))
        .encode(
            y=alt.Y(
                "player:N",
                sort=list(dict.fromkeys(frame["player"])),
                title=None,
                **_axis(lang),
            ),
            x=alt.X("sum(points):Q", title=w["prestige"], **_axis(lang)),
            color=alt.Color(
                "rule:N",
                sort=rules,
                scale=alt.Scale(domain=rules, range=list(CATEGORY_10[: len(rules)])),
                title=w["rule"],
                # under the bars, one line per rule, each in full (Vega cuts labels at
                # 160 px: "8. students in row A x s...")
                **_legend(
                    lang, orient="bottom", direction="vertical", labelLimit=label_limit(rules)
                ),
            ),
            order=alt.Order("rule_order:Q"),
            **extra,
            tooltip=[
                alt.Tooltip("player:N", title=w["player"]),
                alt.Tooltip("rule:N", title=w["rule"]),
                alt.Tooltip("points:Q", title=w["points"]),
            ],
        )
        .transform_calculate(rule_order=f"indexof({rules!r}, datum.rule)")
        .properties(width=WIDTH * 0.75, height=40 * max(2, frame["player"].nunique()))
    )
    return in_language(chart, lang)


#: The money chart's own words in German (English: the column names, as before).
MONEY_CHART_DE = {
    "money": "Geld", "net_worth": "Nettovermögen", "turn": "Zug", "move": "Zug",
    "player": "Spieler", "title": "{value} im Spielverlauf",
}  # fmt: skip


#: The dark edge of the money chart's lines and points (16:1 against white).
CASING = "#1d2330"


def money_chart(
    frame: pd.DataFrame, value: str = "money", *, x: str = "turn", lang: str = "en"
) -> alt.LayerChart:
    """Each player's money (or net worth) over a game. Columns: ``x`` (``turn``),
    ``player``, ``value``; ``lang`` (``"en"`` or ``"de"``) for the title, the axes and the
    tooltips' numbers (German "1.500 $": :func:`number_locale`).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"turn": [0, 1], "player": ["Ann", "Ann"], "money": [1500, 1400]})
    >>> [layer.mark.type for layer in money_chart(f).layer], money_chart(f, lang="de").title
    (['line', 'line'], 'Geld im Spielverlauf')
    """
    _need(frame, x, "player", value)
    if lang not in ("en", "de"):
        raise ValueError(f"lang must be one of en, de, not {lang!r}")
    players = list(dict.fromkeys(frame["player"]))
    de = lang == "de"
    word = (lambda k: MONEY_CHART_DE.get(k, k)) if de else (lambda k: k)
    title = (
        MONEY_CHART_DE["title"].format(value=word(value))
        if de
        else f"{value.replace('_', ' ').capitalize()} over the game"
    )
    data = _clean(frame)
    extra: dict[str, Any] = {}
    if de:  # each point described in German, its money as the table writes it
        said = ARIA_WORDS[lang]["money_point"]
        money = core_phrases()
        data["description"] = [
            said.format(player=p, x_title=word(x), x=t, value=money.text(
                Words("core.money", amount=int(v)), lang))
            for p, t, v in zip(data["player"], data[x], data[value], strict=True)
        ]  # fmt: skip
        extra["description"] = alt.Description("description:N")
    colour = alt.Color(
        "player:N",
        sort=players,
        scale=alt.Scale(domain=players, range=list(PLAYER_COLOURS[: len(players)])),
        **({"title": word("player")} if de else {}),
        **_legend(lang, symbolStrokeColor=CASING, symbolStrokeWidth=1),
    )
    # thick lines on a dark casing, and a point per turn with a dark edge: a light seat
    # colour (Cy's yellow, 1.3:1 against white) keeps an edge that stands out from the
    # white background on a projector (the casing's #1d2330 is 16:1 against white)
    casing = (
        alt.Chart()
        .mark_line(
            interpolate="step-after", strokeWidth=6, stroke=CASING, strokeCap="round", aria=False
        )
        .encode(detail="player:N", color=alt.value(CASING))
    )
    line = (
        alt.Chart()
        .mark_line(
            interpolate="step-after",
            strokeWidth=3,
            strokeCap="round",
            point=alt.OverlayMarkDef(
                filled=True, size=45, stroke=CASING, strokeWidth=1.2, **_role(lang, "point")
            ),
            **_role(lang, "line"),
        )
        .encode(color=colour)
    )
    chart = (
        alt.layer(casing, line, data=data, title=title, **({"description": title} if de else {}))
        .encode(
            x=alt.X(f"{x}:Q", title=word(x), **_axis(lang)),
            y=alt.Y(f"{value}:Q", title="$", **_axis(lang)),
            tooltip=[
                alt.Tooltip("player:N", title=word("player")) if de else "player:N",
                alt.Tooltip(f"{x}:Q", title=word(x)) if de else f"{x}:Q",
                alt.Tooltip(f"{value}:Q", format="$,.0f", **({"title": word(value)} if de else {})),
            ],
            **extra,
        )
        .properties(width=WIDTH * 0.75, height=260)
    )
    return in_language(chart, lang)


def offline() -> None:
    """Make ``alt.JupyterChart`` draw offline (its JavaScript bundled by vl-convert), as
    ``alt.JupyterChart.enable_offline()`` does, with the bundle kept in the user's cache
    folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``campus-gamekit/``): vl-convert bundles
    the same 0.9 MB of JavaScript for every kernel, about 2 CPU-s, which a class's
    dashboards paid one by one. The file is named by the altair and vl-convert versions;
    an unreadable or unwritable cache only means bundling as before.

    >>> offline(); alt.JupyterChart._is_offline
    True
    """
    import hashlib
    import os
    import tempfile
    from pathlib import Path

    chart = alt.JupyterChart
    if chart._is_offline:
        return
    try:
        import vl_convert
        from altair.utils._importers import vl_version_for_vl_convert

        key = f"{alt.__version__} {vl_convert.__version__} {vl_version_for_vl_convert()}"
        folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        name = f"vega-{hashlib.sha256(key.encode()).hexdigest()[:16]}.js"
        path = folder / "campus-gamekit" / name
        bundle = path.read_text(encoding="utf-8") if path.is_file() else ""
    except (ImportError, OSError, RuntimeError, ValueError):
        path, bundle = None, ""
    if bundle:  # whole: it is only ever written by a rename
        chart._esm = bundle
        chart._is_offline = True
        return
    chart.enable_offline()
    if path is None:
        return
    try:  # written whole or not at all: another kernel may read it at the same moment
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, delete=False, suffix=".tmp"
        ) as out:
            out.write(chart._esm)
        os.replace(out.name, path)
    except OSError:
        pass


def show(chart: alt.TopLevelMixin, *, interactive: bool = True) -> Any:
    """Display ``chart`` offline: an ``alt.JupyterChart`` widget (JavaScript bundled by
    vl-convert, tooltips work) or, with ``interactive=False``, a static SVG.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"index": [0], "space": ["Go"], "probability": [1.0]})
    >>> show(landing_chart(f), interactive=False).data.startswith("<svg")
    True
    """
    if not interactive:
        from IPython.display import SVG

        return SVG(to_svg(chart))
    offline()
    roles = ARIA_WORDS.get(chart_lang(chart), {}).get("roles")
    widget_class = _language_chart(alt.JupyterChart._esm) if roles else None
    if widget_class is None:
        return with_still_picture(alt.JupyterChart(chart, embed_options=EMBED), chart)
    return with_still_picture(widget_class(chart, embed_options=EMBED, roles=roles), chart)


def chart_lang(chart: Any) -> str:
    """The language :func:`in_language` gave ``chart`` (``"en"`` if none).

    >>> f = pd.DataFrame({"turn": [0], "player": ["A"], "money": [1]})
    >>> chart_lang(money_chart(f)), chart_lang(money_chart(f, lang="de"))
    ('en', 'de')
    """
    meta = getattr(chart, "usermeta", alt.Undefined)
    return str(meta.get("gamekit_lang", "en")) if isinstance(meta, dict) else "en"


#: Renames Vega's English role names (``aria-roledescription``) in a live chart as the page
#: draws it, by the widget's ``roles`` (English -> the chart's language), each time Vega
#: draws; it wraps the chart widget's own ``render``.
_ROLES_JS = """
async function __gamekitRender(ctx) {
  const {model, el} = ctx;
  const rename = () => {
    const roles = model.get("roles") || {};
    for (const node of [el, ...el.querySelectorAll("[aria-roledescription]")]) {
      const said = roles[node.getAttribute("aria-roledescription")];
      if (said) node.setAttribute("aria-roledescription", said);
    }
  };
  const watch = new MutationObserver(rename);
  watch.observe(el, {subtree: true, childList: true, attributes: true,
                     attributeFilter: ["aria-roledescription"]});
  const done = await __default.render(ctx);
  rename();
  return () => { watch.disconnect(); if (typeof done === "function") done(); };
}
export default {render: __gamekitRender};
"""
_DEFAULT_EXPORT = "export{__default as default};"


@functools.cache
def _language_chart(esm: str) -> type | None:
    """A chart widget that says Vega's role names in its ``roles`` (``None`` if the chart
    widget's script is not the bundle :func:`offline` makes: the plain widget is used)."""
    if esm.count(_DEFAULT_EXPORT) != 1:
        return None
    import traitlets

    return type(
        "LanguageChart",
        (alt.JupyterChart,),
        {
            "__doc__": "An ``alt.JupyterChart`` whose Vega role names are in its language.",
            "_esm": esm.replace(_DEFAULT_EXPORT, "") + _ROLES_JS,
            "roles": traitlets.Dict().tag(sync=True),
        },
    )


def with_still_picture(widget: Any, chart: alt.TopLevelMixin) -> Any:
    """``widget`` (a chart widget) whose display also carries ``chart`` drawn as SVG, as
    ``text/html``: JupyterLab and Voila draw the live widget (its renderer ranks first), while
    a lesson exported without widget state (``jupyter nbconvert --to html``) or opened on a
    code host shows the still picture in its place, not "JupyterChart object at 0x...". The
    SVG is drawn when the widget is displayed (vl-convert, in Python, offline).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"index": [0], "space": ["Go"], "probability": [1.0]})
    >>> data, _ = show(landing_chart(f))._repr_mimebundle_()
    >>> sorted(data), data["text/html"].startswith('<div class="gk-chart-still"><svg')
    (['application/vnd.jupyter.widget-view+json', 'text/html', 'text/plain'], True)
    """
    live = widget._repr_mimebundle_

    def bundle(**kwargs: Any) -> Any:
        out = live(**kwargs)
        if out is None:
            return out
        data, metadata = out if isinstance(out, tuple) else (out, {})
        shown = getattr(widget, "chart", None)  # as it is now (a chart that follows a game)
        shown = chart if shown is None else shown
        still = f'<div class="gk-chart-still">{to_svg(shown)}</div>'
        return {**data, "text/html": still}, metadata

    widget._repr_mimebundle_ = bundle
    return widget


def to_svg(chart: alt.TopLevelMixin) -> str:
    """The chart drawn as SVG text, in Python by vl-convert (no browser, no internet). A
    chart in another language than English (:func:`in_language`) has Vega's English names
    of its containers ("group mark container", ...) in its language (``ARIA_WORDS``).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"turn": [0], "player": ["A"], "money": [1]})
    >>> to_svg(money_chart(f))[:4], "group mark container" in to_svg(money_chart(f, lang="de"))
    ('<svg', False)
    """
    buffer = io.StringIO()
    chart.save(buffer, format="svg")
    svg = buffer.getvalue()
    roles = ARIA_WORDS.get(chart_lang(chart), {}).get("roles", {})
    if roles:
        svg = re.sub(
            r'aria-roledescription="([^"]*)"',
            lambda m: f'aria-roledescription="{roles.get(m[1], m[1])}"',
            svg,
        )
    return svg


def tidy(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """A frame from row dicts (a small helper for notebooks and tests).

    >>> tidy([{"a": 1}]).shape
    (1, 1)
    """
    return pd.DataFrame(list(rows))


def win_share_chart(
    frame: pd.DataFrame,
    by: str | Sequence[str],
    *,
    title: str = "Win share by setting (grey: fair share)",
    describe: Callable[[pd.Series], str] | None = None,
) -> alt.LayerChart:
    """Win share per setting and strategy with its 95% interval, beside the fair share (a
    grey tick). Columns: the ``by`` columns, ``strategy``, ``win share``, ``low``, ``high``
    and ``fair share`` (the frame of :func:`gamekit.experiments.win_shares`). Each row is
    labelled "key value, ...: strategy", or by ``describe(row)`` before the strategy.

    >>> import pandas as pd
    >>> f = pd.DataFrame({"auction": [False, True], "strategy": ["builder"] * 2,
    ...                   "win share": [0.4, 0.6], "low": [0.3, 0.5], "high": [0.5, 0.7],
    ...                   "fair share": [0.25, 0.25]})
    >>> len(win_share_chart(f, "auction").layer)
    3
    """
    keys = [by] if isinstance(by, str) else list(by)
    _need(frame, *keys, "strategy", "win share", "low", "high", "fair share")
    data = _clean(frame[[*keys, "strategy", "win share", "low", "high", "fair share"]])
    describe = describe or (lambda row: ", ".join(f"{k} {row[k]}" for k in keys))
    labels = [describe(row) for _, row in data.iterrows()]
    data["setting"] = [f"{lab}: {s}" for lab, s in zip(labels, data["strategy"], strict=True)]
    order = list(data.sort_values([*keys, "strategy"])["setting"])
    strategies = list(dict.fromkeys(sorted(data["strategy"])))
    colour = alt.Color(
        "strategy:N",
        scale=alt.Scale(domain=strategies, range=list(PLAYER_COLOURS[: len(strategies)])),
    )
    base = alt.Chart(data).encode(y=alt.Y("setting:N", sort=order, title=None))
    tip = [
        "setting:N",
        alt.Tooltip("win share:Q", format=".1%"),
        alt.Tooltip("low:Q", format=".1%"),
        alt.Tooltip("high:Q", format=".1%"),
        alt.Tooltip("fair share:Q", format=".1%"),
    ]
    fair = base.mark_tick(color="#8c8c8c", thickness=2, size=18).encode(x="fair share:Q")
    bars = base.mark_errorbar(ticks=True).encode(
        x=alt.X("low:Q", title="win share (95% interval)", axis=alt.Axis(format="%")),
        x2="high:Q",
        color=colour,
    )
    points = base.mark_point(filled=True, size=60).encode(
        x="win share:Q", color=colour, tooltip=tip
    )
    return alt.layer(fair, bars, points).properties(
        width=WIDTH * 0.75, height=24 * max(2, len(order)), title=title
    )


def balance_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Win share per strategy and player count with its 95% interval, beside the fair
    share (a grey tick at 1 / players). Columns: ``players``, ``strategy``, ``win share``,
    ``low``, ``high`` (the ``wins`` frame of :func:`gamekit.almamater.balance.balance`).

    >>> import pandas as pd
    >>> f = pd.DataFrame({"players": [2, 2], "strategy": ["dean", "scholar"],
    ...                   "win share": [0.4, 0.6], "low": [0.3, 0.5], "high": [0.5, 0.7]})
    >>> len(balance_chart(f).layer)
    3
    """
    _need(frame, "players", "strategy", "win share", "low", "high")
    data = frame.assign(**{"fair share": 1 / frame["players"]})
    return win_share_chart(
        data,
        "players",
        title="Win share by strategy (grey: fair share)",
        describe=lambda row: f"{row['players']} players",
    )
