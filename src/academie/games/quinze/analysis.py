"""``academie analyse quinze [RECORD]``: the exactly optimal Form B draw/stand policy, as a table.

Without a record, the table is for the default card values (ace 1, courts 10); with a record of Form B, for that
record's rules, followed by every draw/stand decision of the record set against the optimal policy (how often
the optimal mixture draws with that hand). See :mod:`academie.games.quinze.bots.solver` for the method.

The solve and the table take a while on the full pack: :func:`analyse_lines` passes its ``progress`` callback to
both (see :class:`~academie.games.quinze.bots.solver.Step`), so that the command line can show a progress bar.
"""

from __future__ import annotations

from academie.cards import RANKS_PER_SUIT, Rank, Suit, card_index
from academie.games.quinze.bots.solver import Progress, Solution, hand_of, policy_table, solve
from academie.games.quinze.state import CARD, STAND, QuinzeRules, QuinzeState, card_values


def solution_for(rules: QuinzeRules, *, progress: Progress | None = None) -> Solution:
    """Q-§5.8: the solved two-hand game for these card values."""
    values = card_values(rules.courts_value)
    by_rank = tuple(values[card_index(rank, Suit.CLUBS)] for rank in (Rank.ACE, *Rank)[:RANKS_PER_SUIT])
    return solve(values=by_rank, ace_eleven=rules.ace_one_or_eleven, progress=progress)


def analyse_lines(state: QuinzeState | None, *, progress: Progress | None = None) -> list[str]:
    """The policy table, and with a Form B record, its decisions against the optimal policy (Q-§5.8).
    ``progress`` is told how the solve and the table advance."""
    rules = state.rules if state is not None else QuinzeRules(form="B")
    solution = solution_for(rules, progress=progress)
    lines = policy_table(solution, progress=progress)
    if state is not None:
        lines += ["", *_decisions(state)]
    return lines


def _decisions(state: QuinzeState) -> list[str]:
    if state.rules.form != "B":
        return ["(the record is of Form A: the table above is for Form B, the two-hand game)"]
    solution = solution_for(state.rules)
    values = card_values(state.rules.courts_value)
    replay = QuinzeState.new(state.rules)
    lines = ["Decisions of the record (p = how often the optimal policy draws with that hand):"]
    for operation in state.operations:
        action = operation.action
        forced = len(replay.legal_actions()) == 1  # no decision: a busted elder's stand (Q-§5.8, Q16)
        if action in (CARD, STAND) and isinstance(operation.actor, int) and operation.actor >= 0 and not forced:
            seat = operation.actor
            cards = [c for c in (replay.hole_card(seat), *replay.up_cards(seat)) if c is not None]
            hand = hand_of(solution.kinds, [values[c.index] for c in cards], [c.rank == Rank.ACE for c in cards])
            elder = seat != replay.dealer
            elder_cards = len(replay.up_cards(1 - seat)) + 1
            p = (solution.elder_draw_probability(hand) if elder else
                 solution.dealer_draw_probability(elder_cards, hand))
            shown = "off the optimal path" if p is None else f"p = {p:.0%}"
            role = "elder" if elder else f"dealer (elder holds {elder_cards})"
            verdict = "" if p is None or (0 < p < 1) or (p == 1) == (action == CARD) else "  <- not optimal"
            lines.append(f"  seat {seat} {role}, total {replay.total(seat)}: {action} ({shown}){verdict}")
        replay.apply(action)
    return lines
