"""Table mode for La Guinguette: the irregular acts of the rule file's §7 (GU1–GU8) and their rulings.

Only GU1's prohibition is historical (ADP: the card drawn from the cotillon is neither turned nor shown); its
penalty and the laws GU2–GU8 are the rule file's proposals by analogy (reported as reconstructed). GU9 (a ruined
player buys a new stock) is applied by the engine itself at every deal.

An irregular act is an :class:`~academie.games.guinguette.state.Irregular` action, ``! KIND SEAT [ARGS]``, accepted from
any seat when it is physically possible (:func:`why_impossible` says why not). A law that rules by itself leaves
the ruling to the table (applied at once when the table is automated); GU3 and GU8 let the other players choose.
Every fine goes through the ledger citing its law.

>>> from academie.engine import Mode
>>> from academie.games.guinguette.state import GuinguetteRules, GuinguetteState
>>> state = GuinguetteState.new(GuinguetteRules(mode=Mode.TABLE), seed=4, first_dealer=0)
>>> _ = state.apply_text("! out-of-turn 3 bet 2")       # seat 3 bets while eldest (seat 1) is to stir
>>> state.rulings[-1]
'GU4: seat 3 acted out of turn (bet 2): the act is void and seat 3 pays 1 to each player'
>>> state.actor
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from academie.cards import Card, CardParseError, cards_of
from academie.engine import Mode, Pending
from academie.games.guinguette.state import (
    QUEEN_OF_DIAMONDS,
    STIR_COST,
    GuinguetteState,
    Phase,
    Shuffle,
    face_down_args,
    tierce_of,
)
from academie.laws import Act, Irregular, Irregularity, Remedy


# ------------------------------------------------------------------------------------------------ helpers
def _card(act: Irregular) -> int:
    if len(act.args) != 1:
        raise CardParseError("expected one card")
    return Card.parse(act.args[0]).index


def _holds(state: GuinguetteState, act: Irregular) -> str:
    """"" when the act names one card that its seat holds, else why not."""
    try:
        card = _card(act)
    except CardParseError:
        return f"name one card: ! {act.kind} {act.seat} CARD"
    if not state.deal_in_progress.hands[act.seat] >> card & 1:
        return f"seat {act.seat} does not hold {act.args[0]}"
    return ""


def _pend(state: GuinguetteState, law: str, offender: int, description: str, chooser: int | None,
          remedies: tuple[str, ...], cards: tuple[int, ...] = ()) -> None:
    state.pend(Pending(Irregularity(law, offender, description, chooser, remedies), cards, offender))


def _fine(state: GuinguetteState, offender: int, law: str) -> None:
    """The uniform fine of the laws (ANALOGY: Guimbarde): the offender pays 1 to each other player."""
    for seat in range(state.players):
        if seat != offender:
            state.move(offender, seat, 1, law)


def _before_first_act(state: GuinguetteState) -> bool:
    """The deal is dealt and nobody has spoken yet (a misdeal or an exposed card can still be ruled on)."""
    deal = state.deal_in_progress
    return (state.phase is Phase.STIR and bool(deal.deck)
            and isinstance(state.operations[-1].action, Shuffle))


def _chooser_for(state: GuinguetteState, offender: int) -> int:
    """The other players choose (GU3, GU8): eldest among them speaks for them."""
    deal = state.deal_in_progress
    return next(deal.seat_at(p) for p in range(state.players) if deal.seat_at(p) != offender)


# ------------------------------------------------------------------------------------------------ acts
def _show_draw_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.deal_in_progress.stirs[act.seat] == 0:
        return "only a player who has drawn from the cotillon can show the card he drew (GU1)"
    return _holds(state, act)


def _show_draw(state: GuinguetteState, act: Irregular) -> None:
    card = _card(act)
    state.expose(act.seat, card)
    _pend(state, "GU1", act.seat, f"seat {act.seat} showed the card drawn from the cotillon ({act.args[0]})",
          None, ("fine",), (card,))


def _misdeal_possible(state: GuinguetteState, act: Irregular) -> str:
    if act.seat != state.dealer or not _before_first_act(state):
        return "only the dealer misdeals, found before anyone has spoken (GU2)"
    return ""


def _misdeal(state: GuinguetteState, act: Irregular) -> None:
    _pend(state, "GU2", act.seat, f"seat {act.seat} misdealt", None, ("redeal",))


def _exposed_possible(state: GuinguetteState, act: Irregular) -> str:
    if not _before_first_act(state):
        return "a card exposed in the deal is ruled on before anyone speaks (GU3)"
    try:
        card = _card(act)
    except CardParseError:
        return f"name the card exposed: ! exposed {act.seat} CARD"
    if not any(hand >> card & 1 for hand in state.deal_in_progress.hands):
        return f"{act.args[0]} was not dealt to anybody"
    return ""


def _exposed(state: GuinguetteState, act: Irregular) -> None:
    card = _card(act)
    deal = state.deal_in_progress
    owner = next(s for s, hand in enumerate(deal.hands) if hand >> card & 1)
    state.expose(owner, card)
    _pend(state, "GU3", act.seat, f"{act.args[0]} was exposed in the deal (caused by seat {act.seat})",
          _chooser_for(state, act.seat), ("redeal", "play-on"), (card,))


def _out_of_turn_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.phase not in (Phase.STIR, Phase.BET) or act.seat == state.actor:
        return "out of turn means stirring, betting or speaking when another player is to (GU4)"
    if not act.args:
        return "say what was done out of turn: ! out-of-turn SEAT ACTION (e.g. bet 2)"
    return ""


def _out_of_turn(state: GuinguetteState, act: Irregular) -> None:
    # the description is read by every seat (the pending ruling, then the ruling): a stir's card stays face down
    _pend(state, "GU4", act.seat, f"seat {act.seat} acted out of turn ({' '.join(face_down_args(act))})", None,
          ("void",))


def _unpaid_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.phase is not Phase.STIR or act.seat != state.actor:
        return "only the player whose turn it is to stir can stir without paying (GU5)"
    return _holds(state, act)


def _unpaid(state: GuinguetteState, act: Irregular) -> None:
    deal = state.deal_in_progress
    cost = state.rules.restir_cost if deal.stir_round > 1 else STIR_COST
    remedy = "pay" if state.stocks[act.seat] >= cost else "cancel"
    _pend(state, "GU5", act.seat, f"seat {act.seat} stirred without paying", None, (remedy,), (_card(act),))


def _wrong_count_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.phase not in (Phase.STIR, Phase.BET) or state.deal_in_progress.wrong_count[act.seat]:
        return "a wrong number of cards is found during the deal, before the showdown (GU6)"
    return ""


def _wrong_count(state: GuinguetteState, act: Irregular) -> None:
    _pend(state, "GU6", act.seat, f"seat {act.seat} holds a wrong number of cards", None, ("disqualify",))


def _false_claim_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.phase not in (Phase.STIR, Phase.BET):
        return "claims are made during the deal (GU7)"
    hand = state.deal_in_progress.hands[act.seat]
    if act.args == ("queen",):
        return "" if not hand >> QUEEN_OF_DIAMONDS & 1 else f"seat {act.seat} does hold the ♦Q: the claim is true"
    if act.args == ("tierce",):
        return "" if not tierce_of(hand, state.rules) else f"seat {act.seat} does hold a tierce: the claim is true"
    return "say what was claimed: ! false-claim SEAT queen|tierce"


def _false_claim(state: GuinguetteState, act: Irregular) -> None:
    _pend(state, "GU7", act.seat, f"seat {act.seat} falsely claimed a {act.args[0]}", None, ("fine",))


def _look_possible(state: GuinguetteState, act: Irregular) -> str:
    if state.phase not in (Phase.STIR, Phase.BET) or state.deal_in_progress.forfeit[act.seat]:
        return "looking at the cotillon or the discards is ruled on during the deal (GU8)"
    return ""


def _look(state: GuinguetteState, act: Irregular) -> None:
    _pend(state, "GU8", act.seat, f"seat {act.seat} looked at the cotillon or the discards",
          _chooser_for(state, act.seat), ("forfeit", "pardon"))


ACTS: Final[tuple[Act[GuinguetteState], ...]] = (
    Act("show-draw", "GU1", "! show-draw SEAT CARD", "show the card drawn from the cotillon",
        _show_draw_possible, _show_draw),
    Act("misdeal", "GU2", "! misdeal SEAT", "the dealer misdeals", _misdeal_possible, _misdeal),
    Act("exposed", "GU3", "! exposed SEAT CARD", "a card is exposed in the deal (SEAT caused it)",
        _exposed_possible, _exposed),
    Act("out-of-turn", "GU4", "! out-of-turn SEAT ACTION", "stir, bet or speak out of turn",
        _out_of_turn_possible, _out_of_turn),
    Act("unpaid-stir", "GU5", "! unpaid-stir SEAT CARD", "stir without paying", _unpaid_possible, _unpaid),
    Act("wrong-count", "GU6", "! wrong-count SEAT", "hold a wrong number of cards", _wrong_count_possible,
        _wrong_count),
    Act("false-claim", "GU7", "! false-claim SEAT queen|tierce", "claim the ♦Q or a tierce one does not hold",
        _false_claim_possible, _false_claim),
    Act("look", "GU8", "! look SEAT", "look at the cotillon or the discards", _look_possible, _look),
)
_BY_KIND: Final = {act.kind: act for act in ACTS}


def why_impossible(state: GuinguetteState, act: Irregular) -> str:
    """"" when the irregular act can physically happen now, else why not (named with its syntax)."""
    if state.rules.mode is not Mode.TABLE:
        return "irregular acts are accepted only in table mode (rules option mode=table)"
    if state.pending is not None:
        return "a ruling is pending: the remedy must be chosen first"
    kind = _BY_KIND.get(act.kind)
    if kind is None:
        return f"unknown irregular act {act.kind!r}; known: {', '.join(a.syntax for a in ACTS)}"
    if not 0 <= act.seat < state.players:
        return f"seat {act.seat} is not at the table; seats: 0 to {state.players - 1}"
    return kind.possible(state, act)


def commit(state: GuinguetteState, act: Irregular) -> None:
    """Do what ``act`` does at the table, then leave its ruling pending (GU1–GU8)."""
    _BY_KIND[act.kind].commit(state, act)


def possible_acts(state: GuinguetteState, seat: int) -> tuple[Irregular, ...]:
    """Examples of the irregular acts ``seat`` could commit now (one per kind, with a card of his hand; out of turn
    both speaking and stirring, whose card goes face down, GU4)."""
    if state.rules.mode is not Mode.TABLE or state.pending is not None:
        return ()
    hand = cards_of(state.deal_in_progress.hands[seat])
    extras = {"show-draw": tuple(str(c) for c in hand[:1]), "exposed": tuple(str(c) for c in hand[:1]),
              "unpaid-stir": tuple(str(c) for c in hand[:1]), "out-of-turn": ("pass",),
              "false-claim": ("queen",)}
    candidates = [Irregular(act.kind, seat, extras.get(act.kind, ())) for act in ACTS]
    if hand:
        candidates.append(Irregular("out-of-turn", seat, ("stir", str(hand[0]))))
    return tuple(c for c in candidates if not why_impossible(state, c))


# ------------------------------------------------------------------------------------------------ remedies
def apply_remedy(state: GuinguetteState, pending: Pending, remedy: Remedy) -> None:
    """Carry out the remedy chosen for ``pending`` under its law (GU1–GU8)."""
    _REMEDIES[(pending.irregularity.law, remedy.name)](state, pending)


def _fine_remedy(state: GuinguetteState, pending: Pending) -> None:
    law, offender = pending.irregularity.law, pending.irregularity.offender
    _fine(state, offender, law)
    what = {"GU1": "keeps the card, shown", "GU7": "the claim is void"}[law]
    state.rule(f"{law}: {pending.irregularity.description}: {what}; seat {offender} pays 1 to each player")


def _misdeal_remedy(state: GuinguetteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    _fine(state, offender, "GU2")
    state.void_deal()
    state.rule(f"GU2: seat {offender} misdealt: he pays 1 to each player and deals again; the antes stay")


def _exposed_redeal(state: GuinguetteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    penalty = offender != state.deal_in_progress.dealer
    if penalty:
        _fine(state, offender, "GU3")
    state.void_deal()
    tail = f"; seat {offender}, not the dealer, caused it and pays 1 to each" if penalty else " without penalty"
    state.rule(f"GU3: a card was exposed in the deal: redeal{tail}")


def _exposed_play_on(state: GuinguetteState, pending: Pending) -> None:
    state.rule("GU3: a card was exposed in the deal: play goes on, the card stays seen")


def _void(state: GuinguetteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    _fine(state, offender, "GU4")
    state.rule(f"GU4: {pending.irregularity.description}: the act is void and seat {offender} pays 1 to each "
          "player")


def _pay(state: GuinguetteState, pending: Pending) -> None:
    state.rule(f"GU5: seat {pending.irregularity.offender} stirred without paying: he pays at once")
    state.pay_late_stir(pending.cards[0])


def _cancel(state: GuinguetteState, pending: Pending) -> None:
    state.rule(f"GU5: seat {pending.irregularity.offender} stirred without paying and cannot pay: the stir is "
          "cancelled and his discard returned")


def _disqualify(state: GuinguetteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    state.disqualify(offender)
    state.rule(f"GU6: seat {offender} holds a wrong number of cards: he may win neither the guinguette nor the "
          "cabaret")


def _forfeit(state: GuinguetteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    state.forfeit_cabaret(offender)
    state.rule(f"GU8: seat {offender} looked at the cotillon or the discards: he loses what he put into the "
          f"cabaret this deal ({state.deal_in_progress.contributions[offender]}) and his right to it")


def _pardon(state: GuinguetteState, pending: Pending) -> None:
    state.rule(f"GU8: seat {pending.irregularity.offender} looked at the cotillon or the discards: the other "
          "players pardon him")


_REMEDIES: Final[dict[tuple[str, str], Callable[[GuinguetteState, Pending], None]]] = {
    ("GU1", "fine"): _fine_remedy,
    ("GU2", "redeal"): _misdeal_remedy,
    ("GU3", "redeal"): _exposed_redeal,
    ("GU3", "play-on"): _exposed_play_on,
    ("GU4", "void"): _void,
    ("GU5", "pay"): _pay,
    ("GU5", "cancel"): _cancel,
    ("GU6", "disqualify"): _disqualify,
    ("GU7", "fine"): _fine_remedy,
    ("GU8", "forfeit"): _forfeit,
    ("GU8", "pardon"): _pardon,
}
