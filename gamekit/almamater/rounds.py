"""Administration and income: the automatic end of each round, in the exact order of the rules.

Administration: 1 turn order from the Bishop, 2 storage limit, 3 book reputation,
4 professors readied, 5 masters back, 6 round marker. Income, player by player in the
new turn order: 1 library (then the shelf shift), 2 students' income, 3 reputation.

Step 2 may wait for the players over their limit to choose the books they return
(:mod:`gamekit.almamater.decisions`), so administration comes in two parts:
:func:`administration_start` (steps 1-2) and :func:`administration_finish` (steps 3-6).
"""

from __future__ import annotations

from gamekit.almamater import phrases as ph
from gamekit.almamater.decisions import queue_return
from gamekit.almamater.moves import Work
from gamekit.almamater.setup import reputation_order
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import PlayerState
from gamekit.core.events import Words


def turn_order_after_bishop(
    order: tuple[int, ...], bishop: tuple[tuple[int, int], ...]
) -> tuple[int, ...]:
    """More masters at the Bishop goes earlier; among equals, who placed there first;
    players with none there follow in their old order.

    The summary's step says only "the placed masters"; its Bishop paragraph shows these
    are the masters placed at the Bishop, which is the reading the kit implements.

    >>> turn_order_after_bishop((0, 1, 2), ((2, 1), (1, 1)))
    (2, 1, 0)
    >>> turn_order_after_bishop((0, 1, 2), ((2, 1), (1, 2), (2, 1)))
    (2, 1, 0)
    """
    totals: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (seat, masters) in enumerate(bishop):
        totals[seat] = totals.get(seat, 0) + masters
        first.setdefault(seat, i)
    placed = sorted(totals, key=lambda seat: (-totals[seat], first[seat]))
    return (*placed, *(seat for seat in order if seat not in totals))


def storage_limit(spec: AlmaMaterSpec, p: PlayerState) -> int:
    """6 with empty lecture halls, else 6 + the column of the last occupied slot (up to 12).

    >>> from gamekit.almamater.spec import make_spec
    >>> storage_limit(make_spec(2), PlayerState(0, "red", row_a=("x",) * 3, row_b=("y",)))
    9
    """
    return spec.components.board.storage_empty + max(len(p.row_a), len(p.row_b))


def administration_start(w: Work) -> None:
    """Administration steps 1 (turn order) and 2 (storage): each player over the limit
    owes a decision, in the new turn order."""
    n = w.spec.players
    # 1. turn order
    order = turn_order_after_bishop(w.g["order"], w.g["bishop"])
    w.g["order"] = order
    if w.narrate:
        w.log("order", Words("admin.order", order=ph.listed([w.who(i) for i in order])))
    # 2. storage: the player chooses which books over the limit go back
    if w.narrate:
        limits = [
            Words("storage.limit", player=w.who(i), n=storage_limit(w.spec, w.p[i]))
            for i in range(n)
        ]
        w.log("storage", Words("admin.limits", limits=ph.listed(limits)))
    for seat in order:
        over = w.p[seat].books - storage_limit(w.spec, w.p[seat])
        if over <= 0:
            continue
        limit = storage_limit(w.spec, w.p[seat])
        if w.narrate:
            said = Words("admin.over", player=w.who(seat), over=over, limit=limit)
            w.log("storage", said, seat, over)
        queue_return(w, seat, over)


def administration_finish(w: Work) -> bool:
    """Administration steps 3-6; ``True`` after the last round."""
    n = w.spec.players
    # 3. book reputation
    w.g["reputation"] = reputation_order(w.p, w.g["reputation"])
    if w.narrate:
        order = ph.listed([w.who(i) for i in w.g["reputation"]])
        w.log("reputation", Words("admin.reputation", order=order))
    # 4. professors readied
    for seat in range(n):
        w.set(seat, exhausted=(), paracelsus_used=0)
    if w.narrate:
        w.log("admin", Words("admin.ready"))
    # 5. masters back
    for seat in range(n):
        w.set(seat, placed=0, starting_student=0, passed=False, pereira_used=False)
    w.g["spaces"] = (0,) * len(w.g["spaces"])
    w.g["bishop"] = ()
    if w.narrate:
        w.log("admin", Words("admin.masters"))
    # 6. round marker
    if w.g["round"] < w.g["rounds"]:
        w.g["round"] += 1
        if w.narrate:
            w.log("round", Words("admin.round", round=w.g["round"]))
        return False
    if w.narrate:
        w.log("round", Words("admin.last"))
    return True


def income(w: Work) -> None:
    """Income, player by player in turn order.

    The summary is loose about the library; the kit implements the rules file's reading:
    a player's 7 shelves stand in a row (6 library shelves, then the sale shelf); each book
    on any of them pays; then the sale shelf slides into the library at the right, the
    leftmost shelf drops out (its books back to the supply) and becomes the new, empty sale
    shelf. An unsold book so earns income until its shelf drops out six rounds later.
    """
    shelves = w.c.shelves
    income_table = w.c.reputation.income
    for seat in w.g["order"]:
        p = w.p[seat]
        # 1. library: every book on the 7 shelves pays; then the shelves shift
        pay = p.shelved * shelves.income_per_book
        if w.has(seat, "library_income"):
            pay *= w.amount("library_income")
        w.ducats(seat, pay, _LIBRARY_INCOME)
        dropped = sum(p.shelves[0])
        empty = tuple(False for _ in shelves.prices)
        w.set(seat, shelves=(*p.shelves[1:], empty))
        if dropped and w.narrate:
            w.log("shelf", Words("shelf.drop", player=w.who(seat), n=dropped), seat, -dropped)
        # 2. students with income
        for name in (*p.row_a, *p.row_b):
            kind = w.c.student(name)
            if kind.timing == "income":
                why = Words("why.student_income", student=ph.name(name)) if w.narrate else ""
                w.gain(seat, kind.gain, why)
        # 3. reputation
        rank = w.g["reputation"].index(seat)
        why = Words("why.reputation_rank", rank=rank + 1) if w.narrate else ""
        w.ducats(seat, income_table[rank], why)


_LIBRARY_INCOME = Words("why.library_income")
