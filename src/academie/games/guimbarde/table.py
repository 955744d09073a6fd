"""Table mode for La Guimbarde: the irregular acts that the seed's rules 7–12 and the laws G3, G7–G17 rule on.

An irregular act is an :class:`~academie.games.guimbarde.state.Irregular` action, ``! KIND SEAT [ARGS]``, accepted
from any seat when it is physically possible (:func:`why_impossible` says why not). Committing it does what the
act does at a real table and leaves a ruling pending for the table (every Guimbarde penalty is fixed, nobody
chooses): ``remedy NAME law=ID``. Each ruling is written to ``state.rulings`` and each fine goes through the
ledger citing its law: "one counter to each player" (GUIMBARDE-R7–R10, R12).

>>> from academie.engine import Mode
>>> from academie.games.guimbarde.state import GuimbardeRules, GuimbardeState
>>> state = GuimbardeState.new(GuimbardeRules(mode=Mode.TABLE, players=3), seed=4, first_dealer=0)
>>> card = state.hand(2)[0]
>>> _ = state.apply_text(f"! out-of-turn 2 {card}")   # seat 2 plays before the eldest, seat 1
>>> state.rulings[-1]
'G12: seat 2 played out of turn: he pays one counter to each; the card is taken back (not covered)'
>>> state.ledger.entries[-1].reason
'GUIMBARDE-R12'
"""

from __future__ import annotations

from typing import Final

from academie.cards import Card, Rank, Suit, card_index, rank_of, suit_of
from academie.engine import Mode
from academie.games.guimbarde.state import (
    BOXES,
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    GuimbardePending,
    GuimbardeState,
    Phase,
    legal_mask,
)
from academie.laws import Act, Irregular, Irregularity, Remedy


# ------------------------------------------------------------------------------------------------ helpers
def _card(act: Irregular) -> int:
    return Card.parse(act.args[0]).index


def _playing(state: GuimbardeState) -> str:
    return "" if state.phase is Phase.PLAY and state.pending is None else "only while the cards are played"


def _before_first_card(state: GuimbardeState) -> str:
    deal = state.deal
    if _playing(state) or deal.tricks or deal.trick:
        return "only after the deal and before the first card is played"
    return ""


def _pend(state: GuimbardeState, law: str, offender: int, description: str, remedy: str, *,
          cards: tuple[int, ...] = (), amount: int = 0, box: str = "") -> None:
    state.pend(GuimbardePending(Irregularity(law, offender, description, None, (remedy,)), cards=cards,
                                amount=amount, box=box))


def _fine(state: GuimbardeState, offender: int, reason: str) -> None:
    """One counter from the offender to each other player (GUIMBARDE-R7–R10, R12; G16)."""
    for seat in state.seats_in_order():  # G18: retired seats are no longer at the table; a short offender is ruled on
        if seat != offender:
            state.pay(offender, seat, 1, reason)


def misplay_law(state: GuimbardeState, seat: int, card: int) -> str:
    """Which law an illegal card of the seat to play breaks: G7 (the queen not played on her king), G8 (a
    revoke), G3 (a privileged trump on a marriage) or G9 (not beating or not trumping); "" if it is legal."""
    deal = state.deal
    hand, trick = deal.hands[seat], [c for _, c in deal.trick]
    if not hand >> card & 1 or state.playable(seat) >> card & 1 or not trick:
        return ""
    forced = legal_mask(hand, trick, deal.trump, state.rules, best=deal.best,
                        protected_marriage=deal.protected_marriage)
    previous = trick[-1]
    if (forced.bit_count() == 1 and rank_of(previous) == Rank.KING
            and forced == 1 << card_index(Rank.QUEEN, Suit(suit_of(previous)))):
        return "G7"
    follow = hand & EFFECTIVE_MASKS[deal.trump][EFFECTIVE_SUIT[deal.trump][trick[0]]]
    if follow and not follow >> card & 1:
        return "G8"
    if deal.protected_marriage and state.rules.protected >> card & 1:
        return "G3"
    return "G9"


# ------------------------------------------------------------------------------------------------ play
_MISPLAY: Final = {"break-marriage": ("G7", "GUIMBARDE-R7", "broke a marriage (the queen not played on her king)"),
                   "revoke": ("G8", "GUIMBARDE-R8", "revoked (did not follow suit)"),
                   "no-beat": ("G9", "GUIMBARDE-R9", "did not beat or trump when able"),
                   "trump-marriage": ("G3", "GUIMBARDE-R3", "took a marriage with a privileged trump")}


def _misplay_possible(state: GuimbardeState, act: Irregular) -> str:
    if _playing(state):
        return _playing(state)
    if act.seat != state.deal.to_play or len(act.args) != 1:
        return f"only the seat to play ({state.deal.to_play}) can, naming one card of his hand"
    law = _MISPLAY[act.kind][0]
    if misplay_law(state, act.seat, _card(act)) != law:
        return f"that card is not a {act.kind} here ({law})"
    return ""


def _misplay(state: GuimbardeState, act: Irregular) -> None:
    """G7, G8, G9, G3 (GUIMBARDE-R7, R8, R9, R3): the card stands, the offender pays one to each (G-Q17: or the
    card is taken back and he plays again)."""
    law, _, what = _MISPLAY[act.kind]
    _pend(state, law, act.seat, f"seat {act.seat} {what}", "fine", cards=(_card(act),))


def _out_of_turn_possible(state: GuimbardeState, act: Irregular) -> str:
    if _playing(state):
        return _playing(state)
    deal = state.deal
    if act.seat == deal.to_play or any(seat == act.seat for seat, _ in deal.trick) or len(act.args) != 1:
        return "only a seat that is not to play and has not played to this trick, naming a card of his hand"
    return "" if deal.hands[act.seat] >> _card(act) & 1 else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _out_of_turn(state: GuimbardeState, act: Irregular) -> None:
    """G12 (GUIMBARDE-R12): one to each; the card, not yet covered, is taken back (it has been seen)."""
    card = _card(act)
    state.expose(act.seat, card)
    _pend(state, "G12", act.seat, f"seat {act.seat} played {act.args[0]} out of turn", "fine", cards=(card,))


# ------------------------------------------------------------------------------------------------ the deal
def _misdeal_possible(state: GuimbardeState, act: Irregular) -> str:
    reason = _before_first_card(state)
    if reason:
        return reason
    return "" if act.seat == state.dealer else f"only the dealer ({state.dealer}) misdeals"


def _misdeal(state: GuimbardeState, act: Irregular) -> None:
    _pend(state, "G10", act.seat, f"the dealer (seat {act.seat}) misdealt", "fine")


def _faced_card(state: GuimbardeState, act: Irregular) -> None:
    _pend(state, "G13", act.seat, "a card was found face up in the pack", "redeal")


def _wrong_count_possible(state: GuimbardeState, act: Irregular) -> str:
    return _playing(state)


def _wrong_count(state: GuimbardeState, act: Irregular) -> None:
    first_trick_done = bool(state.deal.tricks)
    remedy = "no-prize" if first_trick_done else "misdeal"
    _pend(state, "G17", act.seat, f"seat {act.seat} is found with a wrong number of cards", remedy)


def _false_pack(state: GuimbardeState, act: Irregular) -> None:
    _pend(state, "G11", act.seat, "the pack is found faulty before the deal is played out", "void")


def _deal_out_of_turn_possible(state: GuimbardeState, act: Irregular) -> str:
    if state.phase is not Phase.SHUFFLE or state.pending is not None:
        return "only when a deal is about to be dealt"
    return "" if act.seat != state.dealer else "the dealer is the right one to deal"


def _deal_out_of_turn(state: GuimbardeState, act: Irregular) -> None:
    _pend(state, "G14", act.seat, f"seat {act.seat} began to deal out of turn", "redeal")


# ------------------------------------------------------------------------------------------------ claims
def _forgo_possible(state: GuimbardeState, act: Irregular) -> str:
    reason = _before_first_card(state)
    if reason:
        return reason
    box = act.args[0] if act.args else ""
    if not any(c.seat == act.seat and c.box == box and c.amount for c in state.deal.claims):
        return f"seat {act.seat} drew no counters from box {box!r} this deal"
    return ""


def _forgo(state: GuimbardeState, act: Irregular) -> None:
    """G15: the box was drawn without showing the cards: no claim, and from now on no seat sees those cards among
    the shown ones (the ruling puts the counters back)."""
    box = act.args[0]
    amount = state.withdraw_claim(act.seat, box)
    _pend(state, "G15", act.seat, f"seat {act.seat} did not show his cards for the {box} box", "stays",
          amount=amount, box=box)


def _false_claim_possible(state: GuimbardeState, act: Irregular) -> str:
    reason = _before_first_card(state)
    if reason:
        return reason
    box = act.args[0] if act.args else ""
    if box not in BOXES:
        return f"name a box: {', '.join(BOXES)}"
    claims = (*state.deal.claims, *state.deal.forgone)  # G15: a chance drawn without showing is still held
    if any(c.seat == act.seat and c.box == box for c in claims) or state.ledger.balance(box) <= 0:
        return f"seat {act.seat} holds that chance, or the {box} box is empty"
    return ""


def _false_claim(state: GuimbardeState, act: Irregular) -> None:
    box = act.args[0]
    amount = state.draw_box(act.seat, box, "G16")
    _pend(state, "G16", act.seat, f"seat {act.seat} drew the {box} box without holding it", "fine", amount=amount,
          box=box)


ACTS: Final[tuple[Act[GuimbardeState], ...]] = (
    Act("break-marriage", "G7", "! break-marriage SEAT CARD", "not playing the queen on her king (rule 7)",
        _misplay_possible, _misplay),
    Act("revoke", "G8", "! revoke SEAT CARD", "not following suit when able (rule 8)", _misplay_possible, _misplay),
    Act("no-beat", "G9", "! no-beat SEAT CARD", "not beating or trumping when able (rule 9)", _misplay_possible,
        _misplay),
    Act("trump-marriage", "G3", "! trump-marriage SEAT CARD", "taking a marriage with ♥Q, ♥K or ♦J (rule 3)",
        _misplay_possible, _misplay),
    Act("out-of-turn", "G12", "! out-of-turn SEAT CARD", "playing before one's turn (rule 12)",
        _out_of_turn_possible, _out_of_turn),
    Act("misdeal", "G10", "! misdeal SEAT", "the dealer dealt wrongly (rule 10)", _misdeal_possible, _misdeal),
    Act("faced-card", "G13", "! faced-card SEAT", "a card is found face up in the pack",
        lambda state, act: _before_first_card(state), _faced_card),
    Act("deal-out-of-turn", "G14", "! deal-out-of-turn SEAT", "a player deals out of turn",
        _deal_out_of_turn_possible, _deal_out_of_turn),
    Act("false-pack", "G11", "! false-pack SEAT", "the pack is found faulty (rule 11)",
        lambda state, act: _playing(state), _false_pack),
    Act("wrong-count", "G17", "! wrong-count SEAT", "a hand with too few or too many cards",
        _wrong_count_possible, _wrong_count),
    Act("forgo", "G15", "! forgo SEAT BOX", "a box drawn without showing the cards", _forgo_possible, _forgo),
    Act("false-claim", "G16", "! false-claim SEAT BOX", "drawing a box one does not hold", _false_claim_possible,
        _false_claim),
)
_BY_KIND: Final = {act.kind: act for act in ACTS}
_FINE_REASON: Final = {law: reason for law, reason, _ in _MISPLAY.values()}
"""The seed's rule each misplay law fines under (G7: GUIMBARDE-R7, ...)."""


# ------------------------------------------------------------------------------------------------ entry points
def why_impossible(state: GuimbardeState, act: Irregular) -> str:
    """Why ``act`` cannot happen now ("" when it can)."""
    if state.rules.mode is not Mode.TABLE:
        return "irregular acts are accepted only in table mode (rules option mode=table)"
    if state.pending is not None:
        return "a ruling is pending"
    if not 0 <= act.seat < state.players:
        return f"seat {act.seat} is not at the table; seats 0 to {state.players - 1}"
    if state.retired[act.seat]:
        seats = ", ".join(map(str, sorted(state.seats_in_order())))
        return f"seat {act.seat} has retired (G18); seats at the table: {seats}"
    kind = _BY_KIND.get(act.kind)
    if kind is None:
        return f"unknown irregular act {act.kind!r}; known: {', '.join(_BY_KIND)}"
    try:
        return kind.possible(state, act)
    except (ValueError, IndexError):
        return f"expected {kind.syntax}"


def commit(state: GuimbardeState, act: Irregular) -> None:
    _BY_KIND[act.kind].commit(state, act)


def apply_remedy(state: GuimbardeState, pending: GuimbardePending, remedy: Remedy) -> None:
    """Apply the fixed ruling of the pending irregularity, citing its law."""
    law = pending.irregularity.law
    offender = pending.irregularity.offender
    what = pending.irregularity.description
    if law in ("G7", "G8", "G9", "G3"):
        _fine(state, offender, _FINE_REASON[law])
        fate = "taken back (G-Q17)" if state.rules.retract_irregular_card else "stands"
        state.rule(f"{law}: {what}: he pays one counter to each; the card {fate}")
        if not state.rules.retract_irregular_card:
            state.play_card(offender, pending.cards[0])
        else:  # G-Q17: everybody saw the card played: back in his hand it stays shown, as under G12
            state.expose(offender, pending.cards[0])
    elif law == "G12":
        _fine(state, offender, "GUIMBARDE-R12")
        state.rule(f"G12: seat {offender} played out of turn: he pays one counter to each; the card is taken "
                   "back (not covered)")
    elif law == "G10":
        state.deal_again("G10")
        _fine(state, offender, "GUIMBARDE-R10")
        state.rule(f"G10: {what}: he pays one counter to each and deals again; the antes stay in the boxes")
    elif law == "G13":
        state.deal_again("G13")
        state.rule("G13: a card was found face up in the pack: the same dealer deals again, no penalty")
    elif law == "G14":
        state.rule(f"G14: {what}: stopped before the turn-up; the right dealer deals, no penalty")
    elif law == "G11":
        _void(state)
    elif law == "G17":
        _wrong_count_ruling(state, pending, remedy)
    elif law == "G15":
        if pending.amount:
            state.pay(offender, pending.box, pending.amount, "G15")
        state.rule(f"G15: {what}: no claim; the counters stay in the box and carry over")
    elif law == "G16":
        if pending.amount:
            state.pay(offender, pending.box, pending.amount, "G16")
        _fine(state, offender, "G16")
        state.rule(f"G16: {what}: he returns what he drew and pays one counter to each")


def _void(state: GuimbardeState) -> None:
    """G11 (GUIMBARDE-R11): the deal does not count; every movement of it, antes included, is restored."""
    state.rule("G11: the pack is faulty: the deal does not count; every counter of it is restored and the same "
               "dealer deals again")
    state.void_deal()


def _wrong_count_ruling(state: GuimbardeState, pending: GuimbardePending, remedy: Remedy) -> None:
    offender = pending.irregularity.offender
    if remedy.name == "misdeal":
        dealer = state.dealer
        assert dealer is not None
        state.deal_again("G17")
        _fine(state, dealer, "GUIMBARDE-R10")
        state.rule(f"G17: seat {offender} has a wrong number of cards before the first trick is complete: a "
                   "misdeal (G10), the dealer pays one to each and deals again")
    else:
        state.bar_from_trick_prize(offender)
        state.rule(f"G17: seat {offender} has a wrong number of cards: he cannot win the trick prize this deal")


def possible_acts(state: GuimbardeState, seat: int) -> tuple[Irregular, ...]:
    """Examples of the irregular acts ``seat`` could commit now (one per kind and card), for interfaces."""
    if state.rules.mode is not Mode.TABLE or state.pending is not None:
        return ()
    hand = state.hand(seat)
    candidates: list[Irregular] = []
    for act in ACTS:
        if act.syntax.endswith("CARD"):
            candidates += [Irregular(act.kind, seat, (str(card),)) for card in hand]
        elif act.syntax.endswith("BOX"):
            candidates += [Irregular(act.kind, seat, (box,)) for box in BOXES]
        else:
            candidates.append(Irregular(act.kind, seat))
    return tuple(c for c in candidates if not why_impossible(state, c))
