"""Table mode for Écarté: the irregular acts that the laws of §7 of the rule file and the seed's
ECARTE-V.2–V.4, VI.6 and VI.9 rule on.

An irregular act is an :class:`~academie.games.ecarte.state.Irregular` action, ``! KIND SEAT [ARGS]``, accepted from
any seat when it is physically possible (:func:`why_impossible` says why not). Committing it does what the act
does at a real table (a card lies face up, a hand holds six cards, ...) and, when the law gives a remedy, leaves
a ruling pending: the party the law names (or the table, when the law rules by itself) chooses among the
remedies with a :class:`~academie.games.ecarte.state.Remedy` action, ``remedy NAME law=ID``. Every ruling is written
to ``state.rulings`` and every penalty goes through the ledger citing its law.

>>> from academie.engine import Mode
>>> from academie.games.ecarte.state import EcarteRules, EcarteState
>>> state = EcarteState.new(EcarteRules(mode=Mode.TABLE), seed=4, first_dealer=0)
>>> _ = state.apply_text("stand")
>>> card = state.hand(0)[0]
>>> _ = state.apply_text(f"! out-of-turn 0 {card}")   # the dealer leads when the elder should
>>> state.actor, [str(a) for a in state.legal_actions()]
(1, ['remedy take-back law=E-P1', 'remedy cover law=E-P1'])
>>> _ = state.apply_text("remedy take-back law=E-P1")
>>> state.rulings[-1]
'E-P1: the card played out of turn is taken back (it stays exposed); no penalty'
>>> card in state.view(1).exposed[0]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from academie.cards import CARDS, SUIT_MASKS, Card, Suit, indices_of, suit_of
from academie.engine import Pending
from academie.games.ecarte.state import DECK_SIZE, HAND_SIZE, KING_OF, MARK_KING, TALON_START, EcarteState, Phase
from academie.laws import Act, Irregular, Irregularity, Remedy, why_act_impossible

_IN_DEAL: Final = frozenset(Phase) - {Phase.CUT, Phase.SHUFFLE, Phase.OVER}


# ------------------------------------------------------------------------------------------------ helpers
def _card(act: Irregular, position: int = 0) -> int:
    return Card.parse(act.args[position]).index


def _holds(state: EcarteState, seat: int, card: int) -> bool:
    return bool(state.deal.hands[seat] >> card & 1)


def _pend(state: EcarteState, law: str, offender: int, description: str, chooser: int | None,
          remedies: tuple[str, ...], *, cards: tuple[int, ...] = (), amount: int = 0, seat: int = -1) -> None:
    state.pend(Pending(Irregularity(law, offender, description, chooser, remedies), cards=cards, seat=seat,
                       amount=amount))


def _fresh_deal(state: EcarteState) -> bool:
    """The deal is made and nobody has yet exchanged or played (the time of the dealing laws E-D3…E-D8)."""
    deal = state.deal
    return state.phase is Phase.ELDER_DECIDES and deal.first_decision and deal.talon_pos == TALON_START


def _in_deal(state: EcarteState) -> bool:
    return state.phase in _IN_DEAL


def _talon_left(state: EcarteState) -> int:
    return DECK_SIZE - state.deal.talon_pos


def _amount(act: Irregular) -> int:
    try:
        return int(act.args[0])
    except (IndexError, ValueError):
        return 0


# ------------------------------------------------------------------------------------- §7.1 cutting, dealing
def _cut_exposed_possible(state: EcarteState, act: Irregular) -> str:
    return "" if state.phase is Phase.CUT else "only while cutting for deal"


def _cut_exposed(state: EcarteState, act: Irregular) -> None:
    """E-D1: more than one card exposed in cutting for deal: cut again."""
    _pend(state, "E-D1", act.seat, f"seat {act.seat} exposed more than one card cutting for deal", None,
          ("cut-again",))


def _exposed_in_cut_possible(state: EcarteState, act: Irregular) -> str:
    return "" if state.phase is Phase.SHUFFLE else "only while the pack is cut to the dealer"


def _exposed_in_cut(state: EcarteState, act: Irregular) -> None:
    """E-D2: a card exposed in cutting to the dealer: a fresh cut."""
    _pend(state, "E-D2", act.seat, f"seat {act.seat} exposed a card cutting to the dealer", None, ("fresh-cut",))


def _out_of_turn_deal_possible(state: EcarteState, act: Irregular) -> str:
    if state.phase is not Phase.SHUFFLE:
        return "only before the cards are dealt (afterwards the deal stands, E-D9)"
    return "" if act.seat != state.deal.dealer else f"seat {act.seat} is the dealer"


def _out_of_turn_deal(state: EcarteState, act: Irregular) -> None:
    """E-D9 (reconstructed): a deal out of turn is stopped before the turn-up, at the other player's call."""
    _pend(state, "E-D9", act.seat, f"seat {act.seat} deals out of turn", 1 - act.seat, ("new-deal", "stand"))


def _misdeal_possible(state: EcarteState, act: Irregular) -> str:
    if not _fresh_deal(state):
        return "a misdeal is found after the deal and before any exchange or play"
    if _amount(act) not in (-2, -1, 1, 2) or any(a not in ("early", "hidden") for a in act.args[1:]):
        return "expected `! misdeal SEAT ±N [early|hidden]` with N 1 or 2"
    if "hidden" in act.args and _amount(act) < 0:
        return "a short hand cannot go unnoticed through the play; only extra cards can be hidden"
    if _amount(act) > 0 and _talon_left(state) < _amount(act):
        return "the talon is too short"
    return ""


def _misdeal(state: EcarteState, act: Irregular) -> None:
    """E-D3 (found before the turn-up, ``early``), E-D4 (after it), or, ``hidden``, the wrong count E-D10 punishes
    if the holder discards or plays without telling."""
    amount, seat = _amount(act), act.seat
    if amount > 0:
        cards = state.serve_from_talon(seat, amount)
    else:
        cards = state.last_dealt(seat, -amount)
        state.return_to_talon(seat, cards)
    if "hidden" in act.args:
        state.hide_wrong_count(seat, amount)
        return
    law = "E-D3" if "early" in act.args else "E-D4"
    elder = 1 - state.deal.dealer
    _pend(state, law, state.deal.dealer, f"seat {seat} was dealt {HAND_SIZE + amount} cards", elder,
          ("rectify", "new-deal"), cards=cards, amount=amount, seat=seat)


def _wrong_count_possible(state: EcarteState, act: Irregular) -> str:
    if not state.deal.count_error[act.seat]:
        return f"seat {act.seat} holds the right number of cards"
    return ""


def _wrong_count(state: EcarteState, act: Irregular) -> None:
    """E-D10 if the holder of a wrong number of cards has discarded or played without telling; else E-D4."""
    deal, seat = state.deal, act.seat
    amount = state.disclose_wrong_count(seat)
    if not deal.acted_with_error[seat]:
        _pend(state, "E-D4", deal.dealer, f"seat {seat} holds {HAND_SIZE + amount} cards", 1 - deal.dealer,
              ("rectify", "new-deal"), amount=amount, seat=seat)
        return
    _pend(state, "E-D10", seat,
          f"seat {seat} discarded or played with {HAND_SIZE + amount} cards without telling", None, ("penalty",),
          amount=amount)


def _turned_two_possible(state: EcarteState, act: Irregular) -> str:
    if not _fresh_deal(state):
        return "a second card turned up is found after the deal and before any exchange or play"
    if act.seat != state.deal.dealer or any(a != "looked" for a in act.args):
        return "expected `! turned-two DEALER [looked]`"
    return ""


def _turned_two(state: EcarteState, act: Irregular) -> None:
    """E-D5: the non-dealer chooses the trump or a fresh deal; if he has looked at his hand, a fresh deal."""
    deal = state.deal
    second = deal.deck[deal.talon_pos]
    description = f"the dealer turned up {CARDS[deal.trump_card]} and {CARDS[second]}"
    if "looked" in act.args:
        _pend(state, "E-D5", deal.dealer, description, None, ("new-deal",), cards=(second,))
    else:
        _pend(state, "E-D5", deal.dealer, description, 1 - deal.dealer,
              ("first-trump", "second-trump", "new-deal"), cards=(second,))


def _faced_card_possible(state: EcarteState, act: Irregular) -> str:
    return "" if _fresh_deal(state) else "a faced card in the pack is found before any exchange or play"


def _faced_card(state: EcarteState, act: Irregular) -> None:
    """E-D6: a faced card found in the pack before the trump is turned: a fresh deal."""
    _pend(state, "E-D6", state.deal.dealer, "a faced card was found in the pack", None, ("new-deal",))


def _dealer_exposes_possible(state: EcarteState, act: Irregular) -> str:
    if not _fresh_deal(state) or act.seat != state.deal.dealer or len(act.args) != 1:
        return "expected `! dealer-exposes DEALER CARD` after the deal, before any exchange or play"
    card = _card(act)
    return "" if any(_holds(state, s, card) for s in (0, 1)) else f"{CARDS[card]} is in neither hand"


def _dealer_exposes(state: EcarteState, act: Irregular) -> None:
    """E-D7: the dealer exposes one of his own cards: the deal stands. E-D8: one of the non-dealer's cards: the
    non-dealer chooses a fresh deal or to stand."""
    deal, card = state.deal, _card(act)
    owner = 0 if _holds(state, 0, card) else 1
    state.expose_card(owner, card)
    if owner == deal.dealer:
        _pend(state, "E-D7", owner, f"the dealer exposed his own {CARDS[card]}", None, ("stand",))
    else:
        _pend(state, "E-D8", deal.dealer, f"the dealer exposed the non-dealer's {CARDS[card]}", owner,
              ("new-deal", "stand"))


def _imperfect_pack_possible(state: EcarteState, act: Irregular) -> str:
    return "" if _in_deal(state) else "only during a deal"


def _imperfect_pack(state: EcarteState, act: Irregular) -> None:
    """E-D11: a pack found imperfect: the current deal is void; earlier deals stand."""
    _pend(state, "E-D11", act.seat, "the pack was found imperfect", None, ("void-deal",))


# --------------------------------------------------------------------------------------------- §7.2 king
def _played_king(state: EcarteState, seat: int) -> bool:
    """Whether ``seat`` has played the king of trumps this deal (led to the trick in progress, or to a trick)."""
    deal = state.deal
    king = KING_OF[deal.trump]
    if deal.led == king:
        return deal.leader == seat
    return any(led == king if leader == seat else second == king for leader, led, second, _ in deal.tricks)


def _kings_holder(state: EcarteState, seat: int) -> str:
    """Why an announcement of the king by ``seat`` is no false announcement ("" when it would be one): he holds
    the king of trumps or played it this deal (E-§4.4), or it is the turned-up king and he dealt (E-§3.4, E-K3)."""
    deal = state.deal
    if deal.turned_king:
        return "the turned-up king is the dealer's to mark (E-K3)" if seat == deal.dealer else ""
    if _holds(state, seat, KING_OF[deal.trump]):
        return f"seat {seat} holds the king of trumps"
    return f"seat {seat} played the king of trumps this deal" if _played_king(state, seat) else ""


def _false_king_possible(state: EcarteState, act: Irregular) -> str:
    if not _in_deal(state) or state.deal.trump < 0:
        return "only during a deal"
    held = _kings_holder(state, act.seat)
    # a true announcement out of turn is judged for its time, not as a false one
    return f"{held}; his announcement is `! late-king {act.seat}` (E-K1)" if held else ""


def _false_king(state: EcarteState, act: Irregular) -> None:
    """E-K2: announcing the king without holding it: the opponent marks one."""
    _pend(state, "E-K2", act.seat, f"seat {act.seat} announced the king without holding it", 1 - act.seat,
          ("mark-one", "waive"))


def _late_king_possible(state: EcarteState, act: Irregular) -> str:
    deal, seat = state.deal, act.seat
    if state.phase is Phase.SHUFFLE and deal.turned_king_due == seat:
        return ""  # E-K3: the last deal's turned-up king, before this deal's trump is turned
    if not _in_deal(state) or deal.trump < 0:
        return "only during a deal, or for the dealer's turned-up king until the next trump is turned (E-K3)"
    if deal.king_marked >= 0 or deal.turned_king_marked:
        return "the king of trumps is already marked this deal"
    if not _kings_holder(state, seat):
        return (f"seat {seat} neither holds nor played the king of trumps; announcing it is "
                f"`! false-king {seat}` (E-K2)")
    if state.actor == seat and MARK_KING in state.legal_actions():
        return f"seat {seat} may mark the king now, in turn: `mark-king`"
    return ""


def _late_king(state: EcarteState, act: Irregular) -> None:
    """The king announced out of turn (the only way, in table mode, to speak when it is not one's turn), judged by
    its time. In time it scores as a mark would: before the holder's first card (E-§4.4); when that card is the
    king he led, "before the opponent plays to it" (E-K1, rule file §4.4), which is the case of the king led and
    then announced; the turned-up king, by the dealer, until the next deal's trump is turned, so even after the
    deal (E-K3). Otherwise the point is lost (E-K1), as it is for a seat that lost the right (E-D10)."""
    deal, seat = state.deal, act.seat
    if state.phase is Phase.SHUFFLE:
        state.rule(f"E-K3: seat {seat} marks the turned-up king of the last deal before the next trump is turned: "
                   "in time (E-§3.4)")
        state.mark_king(seat)
        return
    if deal.king_forfeit[seat]:
        state.rule(f"E-D10: seat {seat} lost the right to mark the king this deal; the announcement scores nothing")
        return
    if deal.turned_king:
        state.rule("E-K3: the dealer marks the turned-up king before the next trump is turned: in time (E-§3.4)")
    elif deal.king_led == seat:
        state.rule(f"E-K1: seat {seat} announced the king he led as his first card before seat {1 - seat} played "
                   "to it: in time (E-§4.4)")
    elif not deal.played[seat]:
        state.rule(f"E-§4.4: seat {seat} announced the king out of turn, before his first card: in time")
    else:
        _pend(state, "E-K1", seat, f"seat {seat} marked the king after playing", None, ("refused",))
        return
    state.mark_king(seat)


# ------------------------------------------------------------------------------ §7.3 proposals and discards
def _exchange_possible(state: EcarteState, act: Irregular) -> str:
    return "" if _in_deal(state) and state.phase is not Phase.PLAY else "only during the proposals and discards"


def _retract(state: EcarteState, act: Irregular) -> None:
    """E-X1, ECARTE-VI.2: a proposal, an acceptance or a request for cards cannot be withdrawn."""
    _pend(state, "E-X1", act.seat, f"seat {act.seat} tried to withdraw a proposal, acceptance or request",
          None, ("stands",))


def _change_count(state: EcarteState, act: Irregular) -> None:
    """E-X2, ECARTE-VI.4: after discarding one may not change the number asked nor touch the discard."""
    _pend(state, "E-X2", act.seat, f"seat {act.seat} tried to change the number asked or touch his discard",
          None, ("refused",))


def _look_discard_possible(state: EcarteState, act: Irregular) -> str:
    if not _in_deal(state) or not state.deal.discarded[act.seat]:
        return f"seat {act.seat} has no discard to look at"
    return ""


def _look_discard(state: EcarteState, act: Irregular) -> None:
    """E-X4, ECARTE-VI.6: he who looks at his discard plays with his hand exposed."""
    _pend(state, "E-X4", act.seat, f"seat {act.seat} looked at his discard", None, ("play-exposed",))


def _turn_up_serving_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    phase = state.phase
    serving = phase is Phase.DEALER_DISCARD or (phase is Phase.ELDER_DECIDES and not deal.first_decision)
    if act.seat != deal.dealer or not serving:
        return "only the dealer, while serving cards after a discard"
    return "" if _talon_left(state) >= 2 else "the talon is too short"


def _turn_up_serving(state: EcarteState, act: Irregular) -> None:
    """E-X7, ECARTE-VI.9: the dealer turns up a card while serving: he may not refuse the next proposal ("un second
    écart", that one only). The card goes out of play (E-§9 Q7: the asker has been served already)."""
    deal = state.deal
    card = state.serve_from_talon(deal.dealer, 1)
    state.put_out_of_play(deal.dealer, card)
    state.bind_dealer_to_accept()
    state.rule(f"ECARTE-VI.9: the dealer turned up {CARDS[card[0]]} while serving; it is out of play and "
               "he may not refuse the next proposal (E-X7)")


def _over_serve_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.DEALER_DISCARD or act.seat != deal.dealer:
        return "only the dealer, just after serving the non-dealer"
    amount = _amount(act)
    if amount not in (-2, -1, 1, 2):
        return "expected `! over-serve DEALER ±N` with N 1 or 2"
    if amount > 0 and _talon_left(state) < amount:
        return "the talon is too short"
    if amount < 0 and deal.last_discard[1 - deal.dealer].bit_count() < -amount:
        return "fewer cards were asked"
    return ""


def _over_serve(state: EcarteState, act: Irregular) -> None:
    """E-X8 (reconstructed): the dealer serves more or fewer cards than asked."""
    deal, amount = state.deal, _amount(act)
    elder = 1 - deal.dealer
    if amount > 0:
        cards = state.serve_from_talon(elder, amount)
        remedies: tuple[str, ...] = ("return-extras", "extras-seen")
    else:
        cards = state.last_dealt(elder, -amount)
        state.return_to_talon(elder, cards)
        remedies = ("complete",)
    _pend(state, "E-X8", deal.dealer, f"the dealer served {amount:+d} card(s) against the number asked", elder,
          remedies, cards=cards, amount=amount)


# ---------------------------------------------------------------------------------------------- §7.4 play
def _out_of_turn_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.PLAY or deal.led >= 0 or act.seat == deal.to_play or len(act.args) != 1:
        return "expected `! out-of-turn SEAT CARD` by the player who is not to lead, before the lead"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _out_of_turn(state: EcarteState, act: Irregular) -> None:
    """E-P1, ECARTE-V.4: a card played out of turn is taken back if not covered; if covered, the play stands."""
    card = _card(act)
    state.expose_card(act.seat, card)
    _pend(state, "E-P1", act.seat, f"seat {act.seat} played {CARDS[card]} out of turn", 1 - act.seat,
          ("take-back", "cover"), cards=(card,))


def _misnamed_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.PLAY or deal.led >= 0 or act.seat != deal.to_play or len(act.args) != 2:
        return "expected `! misnamed LEADER SUIT CARD` by the leader"
    try:
        suit, card = Suit.parse(act.args[0]), _card(act, 1)
    except ValueError as error:
        return str(error)
    if not _holds(state, act.seat, card):
        return f"{act.args[1]} is not in seat {act.seat}'s hand"
    return "" if suit_of(card) != suit else "the card is of the suit named"


def _misnamed(state: EcarteState, act: Irregular) -> None:
    """E-P2, ECARTE-V.2, V.3: the leader names one suit and plays another; the opponent requires the named suit
    or covers the card. If the leader holds none of the named suit, the card led stands."""
    suit, card = Suit.parse(act.args[0]), _card(act, 1)
    state.expose_card(act.seat, card)
    description = f"seat {act.seat} named {suit.french} and played {CARDS[card]}"
    if not state.deal.hands[act.seat] & SUIT_MASKS[suit]:
        _pend(state, "E-P2", act.seat, description, None, ("card-stands",), cards=(card,))
        return
    _pend(state, "E-P2", act.seat, description, 1 - act.seat, ("require-named-suit", "cover"),
          cards=(card,), amount=int(suit))


def _revoke_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.PLAY or deal.led < 0 or act.seat != deal.to_play or len(act.args) != 1:
        return "expected `! revoke SEAT CARD` by the second player to a trick"
    card = _card(act)
    if not _holds(state, act.seat, card):
        return f"{act.args[0]} is not in seat {act.seat}'s hand"
    return "" if not state.playable(act.seat) >> card & 1 else f"{act.args[0]} is a legal card, not a revoke"


def _revoke(state: EcarteState, act: Irregular) -> None:
    """E-P3: a revoke, a failure to overtake or to trump; it may be corrected before the next card is led."""
    state.rule(f"E-P3: seat {act.seat} revoked with {act.args[0]}; it may be corrected before the next lead")
    state.revoke(act.seat, _card(act))


def _correct_revoke_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if deal.revoke != act.seat or deal.led >= 0 or state.phase is not Phase.PLAY:
        return f"seat {act.seat} has no revoke to correct (only before the next card is led)"
    return ""


def _correct_revoke(state: EcarteState, act: Irregular) -> None:
    """E-P3: corrected before the next lead: the card is taken back (exposed) and the play corrected, no
    penalty."""
    state.correct_revoke(act.seat)
    state.rule(f"E-P3: seat {act.seat} corrected his revoke before the next lead; no penalty")


def rule_on_established_revoke(state: EcarteState) -> None:
    """E-P3: at the end of the deal the opponent of an uncorrected revoke chooses to replay the hand or to let it
    stand with the offender's score reduced (the state has established the revoke: the deal is over)."""
    deal = state.deal
    _pend(state, "E-P3", deal.revoker, f"seat {deal.revoker}'s revoke was not corrected", 1 - deal.revoker,
          ("replay", "reduce-score"))


def _abandon_possible(state: EcarteState, act: Irregular) -> str:
    if state.phase is not Phase.PLAY:
        return "only during the play of the tricks"
    if state.deal.tricks_won[act.seat] >= 3:
        return "a player with three tricks who throws down his cards claims; it is not abandonment (E-P4)"
    return ""


def _abandon(state: EcarteState, act: Irregular) -> None:
    """E-P4: abandoning the hand: the opponent marks the vole if the offender has no trick, else the point
    (two if the offender stood or refused, as ECARTE-VI.7/VI.8 would give)."""
    _pend(state, "E-P4", act.seat, f"seat {act.seat} abandoned the hand", None, ("score-abandon",))


def _look_tricks_possible(state: EcarteState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.PLAY or not deal.tricks_won[1 - act.seat]:
        return "the opponent has no trick to look at"
    return ""


def _look_tricks(state: EcarteState, act: Irregular) -> None:
    """E-P5: looking at the opponent's tricks: he may require the offender to show his own."""
    _pend(state, "E-P5", act.seat, f"seat {act.seat} looked at the opponent's tricks", 1 - act.seat,
          ("show-tricks", "waive"))


def _leave_possible(state: EcarteState, act: Irregular) -> str:
    return "" if state.phase is not Phase.OVER else "the partie is over"


def _leave(state: EcarteState, act: Irregular) -> None:
    """E-P6: leaving the table without consent mid-game: the game is abandoned (lost)."""
    _pend(state, "E-P6", act.seat, f"seat {act.seat} left the table", None, ("game-abandoned",))


# ------------------------------------------------------------------------------------ §7.5 score and cards
def _misscore_possible(state: EcarteState, act: Irregular) -> str:
    amount = _amount(act)
    if amount == 0 or not 0 <= state.score[act.seat] + amount < state.rules.game_points:
        return "expected `! misscore SEAT ±N` leaving the score between 0 and game"
    return "" if state.phase is not Phase.OVER else "the partie is over"


def _misscore(state: EcarteState, act: Irregular) -> None:
    """E-S1: a player marks a wrong score (it may be corrected without penalty before the next deal)."""
    amount = _amount(act)
    state.mark_in_error(act.seat, amount)
    state.rule(f"E-S1: seat {act.seat} marked {amount:+d} in error")


def _correct_score_possible(state: EcarteState, act: Irregular) -> str:
    if not state.deal.misscore[act.seat]:
        return "no wrong score of this seat to correct before the cards are dealt for the next hand"
    return ""


def _correct_score(state: EcarteState, act: Irregular) -> None:
    """E-S1: an admitted over- or under-score is corrected, without penalty, before the next deal."""
    amount = state.correct_score(act.seat)
    state.rule(f"E-S1: seat {act.seat}'s score corrected by {-amount:+d}, without penalty")


def _new_cards_possible(state: EcarteState, act: Irregular) -> str:
    return "" if state.phase is Phase.SHUFFLE else "new cards may be called for only before the next cut"


def _new_cards(state: EcarteState, act: Irregular) -> None:
    """E-S2: a call for new cards before the cut, at the caller's expense; the dealer chooses between two packs."""
    _pend(state, "E-S2", act.seat, f"seat {act.seat} called for new cards", None, ("new-packs",))


ACTS: Final[dict[str, Act[EcarteState]]] = {act.kind: act for act in (
    Act("cut-exposed", "E-D1", "! cut-exposed SEAT", "more than one card exposed cutting for deal",
        _cut_exposed_possible, _cut_exposed),
    Act("exposed-in-cut", "E-D2", "! exposed-in-cut SEAT", "a card exposed cutting to the dealer",
        _exposed_in_cut_possible, _exposed_in_cut),
    Act("deal-out-of-turn", "E-D9", "! deal-out-of-turn SEAT", "the wrong player deals",
        _out_of_turn_deal_possible, _out_of_turn_deal),
    Act("misdeal", "E-D3", "! misdeal SEAT ±N [early|hidden]", "a hand dealt N too many or too few",
        _misdeal_possible, _misdeal),
    Act("wrong-count", "E-D10", "! wrong-count SEAT", "a wrong number of cards discovered",
        _wrong_count_possible, _wrong_count),
    Act("turned-two", "E-D5", "! turned-two DEALER [looked]", "two cards turned up",
        _turned_two_possible, _turned_two),
    Act("faced-card", "E-D6", "! faced-card SEAT", "a faced card in the pack", _faced_card_possible, _faced_card),
    Act("dealer-exposes", "E-D7", "! dealer-exposes DEALER CARD", "the dealer exposes a card in dealing",
        _dealer_exposes_possible, _dealer_exposes),
    Act("imperfect-pack", "E-D11", "! imperfect-pack SEAT", "the pack is found imperfect",
        _imperfect_pack_possible, _imperfect_pack),
    Act("false-king", "E-K2", "! false-king SEAT", "the king announced by a player who has not got it",
        _false_king_possible, _false_king),
    Act("late-king", "E-K1", "! late-king SEAT", "the king announced out of turn: scored in time (a king led as the "
        "first card, not yet played to; a turned-up king before the next turn-up), else lost",
        _late_king_possible, _late_king),
    Act("retract", "E-X1", "! retract SEAT", "withdrawing a proposal, acceptance or request",
        _exchange_possible, _retract),
    Act("change-count", "E-X2", "! change-count SEAT", "changing the number asked or touching the discard",
        _exchange_possible, _change_count),
    Act("look-discard", "E-X4", "! look-discard SEAT", "looking at one's discard",
        _look_discard_possible, _look_discard),
    Act("turn-up-serving", "E-X7", "! turn-up-serving DEALER", "a card turned up while serving after a discard",
        _turn_up_serving_possible, _turn_up_serving),
    Act("over-serve", "E-X8", "! over-serve DEALER ±N", "more or fewer cards served than asked",
        _over_serve_possible, _over_serve),
    Act("out-of-turn", "E-P1", "! out-of-turn SEAT CARD", "a card led out of turn",
        _out_of_turn_possible, _out_of_turn),
    Act("misnamed", "E-P2", "! misnamed LEADER SUIT CARD", "a suit named and another played",
        _misnamed_possible, _misnamed),
    Act("revoke", "E-P3", "! revoke SEAT CARD", "not following, overtaking or trumping when able",
        _revoke_possible, _revoke),
    Act("correct-revoke", "E-P3", "! correct-revoke SEAT", "a revoke corrected before the next lead",
        _correct_revoke_possible, _correct_revoke),
    Act("abandon", "E-P4", "! abandon SEAT", "throwing down one's cards, conceding", _abandon_possible, _abandon),
    Act("look-tricks", "E-P5", "! look-tricks SEAT", "looking at the opponent's tricks",
        _look_tricks_possible, _look_tricks),
    Act("leave", "E-P6", "! leave SEAT", "leaving the table without consent", _leave_possible, _leave),
    Act("misscore", "E-S1", "! misscore SEAT ±N", "marking a wrong score", _misscore_possible, _misscore),
    Act("correct-score", "E-S1", "! correct-score SEAT", "an admitted wrong score corrected",
        _correct_score_possible, _correct_score),
    Act("new-cards", "E-S2", "! new-cards SEAT", "a call for new cards", _new_cards_possible, _new_cards),
)}


def why_impossible(state: EcarteState, act: Irregular) -> str:
    """Why the irregular act cannot be committed now ("" when it can)."""
    return why_act_impossible(state, act, ACTS, seats=2)


def commit(state: EcarteState, act: Irregular) -> None:
    """Do what the act does at the table, then leave its ruling pending (or rule at once)."""
    ACTS[act.kind].commit(state, act)


_VARIANTS: Final[dict[str, list[tuple[str, ...]]]] = {
    "misdeal": [("1", "early"), ("-1", "early"), ("1", "hidden")],
    "turned-two": [("looked",)],
}


def possible_acts(state: EcarteState, seat: int) -> tuple[Irregular, ...]:
    """Irregular acts ``seat`` could commit now: one per kind and card (cards from the seat's own hand)."""
    candidates: list[Irregular] = []
    hand = tuple(str(CARDS[i]) for i in indices_of(state.deal.hands[seat]))
    for kind, spec in ACTS.items():
        if "CARD" in spec.syntax and "SUIT" in spec.syntax:
            args: list[tuple[str, ...]] = [(suit.letter, card) for card in hand for suit in Suit]
        elif "CARD" in spec.syntax:
            args = [(card,) for card in hand]
        elif "±N" in spec.syntax:
            args = [("1",), ("-1",)]
        else:
            args = [()]
        args += _VARIANTS.get(kind, [])
        candidates += [Irregular(kind, seat, a) for a in args]
    return tuple(act for act in candidates if not why_impossible(state, act))


# ---------------------------------------------------------------------------------------------- remedies
def apply_remedy(state: EcarteState, pending: Pending, remedy: Remedy) -> None:
    """Carry out the remedy chosen for ``pending`` and record the ruling with its law."""
    REMEDIES[(remedy.law, remedy.name)](state, pending)


def _log(text: str) -> Callable[[EcarteState, Pending], None]:
    def remedy(state: EcarteState, pending: Pending) -> None:
        state.rule(text)

    return remedy


def _new_deal(law: str) -> Callable[[EcarteState, Pending], None]:
    def remedy(state: EcarteState, pending: Pending) -> None:
        state.void_deal(law)
        state.rule(f"{law}: a fresh deal by the same dealer")

    return remedy


def _rectify_deal(state: EcarteState, pending: Pending) -> None:
    """E-D3/E-D4: extras go back to the talon (the non-dealer's) or are drawn out of play (the dealer's, E-D4);
    a short hand is completed from the talon; the trump is unchanged."""
    deal, amount, seat = state.deal, pending.amount, pending.seat
    if amount < 0:
        state.serve_from_talon(seat, -amount)
    elif pending.irregularity.law == "E-D4" and seat == deal.dealer:
        state.put_out_of_play(seat, pending.cards or state.last_dealt(seat, amount))
    else:
        state.return_to_talon(seat, pending.cards or state.last_dealt(seat, amount))
    state.rule(f"{pending.irregularity.law}: the deal is rectified, the trump unchanged")


def _choose_trump(second: bool) -> Callable[[EcarteState, Pending], None]:
    def remedy(state: EcarteState, pending: Pending) -> None:
        """E-D5: the non-dealer chooses which turned card is trumps; the other is out of play."""
        other = state.choose_turn_up(pending.cards[0], keep_second=second)
        state.rule(f"E-D5: {CARDS[state.deal.trump_card]} is trumps; {CARDS[other]} is out of play")

    return remedy


def _penalty_wrong_count(state: EcarteState, pending: Pending) -> None:
    """E-D10: the offender loses two points (the opponent scores two) and the right to mark the king; the hand is
    then put right from the talon, extras out of play."""
    offender = pending.irregularity.offender
    state.forfeit_king(offender)
    # the extras are drawn blind from his hand; we take them in card order, which no player chooses
    state.put_out_of_play(offender, tuple(indices_of(state.deal.hands[offender]))[:pending.amount])
    state.rule(f"E-D10: seat {offender} played with a wrong number of cards without telling: seat "
               f"{1 - offender} scores two and seat {offender} loses the right to mark the king")
    state.mark_points(1 - offender, 2, "E-D10")


def _mark_one(state: EcarteState, pending: Pending) -> None:
    opponent = 1 - pending.irregularity.offender
    state.rule(f"E-K2: seat {opponent} marks one for the false announcement")
    state.mark_points(opponent, 1, "E-K2")


def _play_exposed(state: EcarteState, pending: Pending) -> None:
    state.expose_hand(pending.irregularity.offender)
    state.rule(f"ECARTE-VI.6: seat {pending.irregularity.offender} looked at his discard and plays with his "
               "hand exposed (E-X4)")


def _return_extras(seen: bool) -> Callable[[EcarteState, Pending], None]:
    def remedy(state: EcarteState, pending: Pending) -> None:
        """E-X8 (reconstructed): unseen extras go back on the talon; seen ones are out of play and the dealer
        may not refuse the next proposal, as under E-X7."""
        elder = 1 - state.deal.dealer
        if seen:
            state.put_out_of_play(elder, pending.cards)
            state.bind_dealer_to_accept()
            state.rule("E-X8: the extra cards were seen: out of play, and the dealer may not refuse the next "
                       "proposal (as E-X7)")
        else:
            state.return_to_talon(elder, pending.cards)
            state.rule("E-X8: the extra cards go back on the talon")

    return remedy


def _complete(state: EcarteState, pending: Pending) -> None:
    state.serve_from_talon(1 - state.deal.dealer, -pending.amount)
    state.rule("E-X8: the short service is completed from the talon")


def _take_back(state: EcarteState, pending: Pending) -> None:
    state.rule("E-P1: the card played out of turn is taken back (it stays exposed); no penalty")


def _cover(law: str) -> Callable[[EcarteState, Pending], None]:
    def remedy(state: EcarteState, pending: Pending) -> None:
        """E-P1/ECARTE-V.4 and E-P2/ECARTE-V.3: once covered, the card stands as led."""
        offender = pending.irregularity.offender
        state.play_card(offender, pending.cards[0])
        state.rule(f"{law}: the card is covered and the play stands; nobody is penalised")

    return remedy


def _require_named_suit(state: EcarteState, pending: Pending) -> None:
    """E-P2, ECARTE-V.2: the leader takes back his card and leads the suit he named."""
    state.require_suit(pending.amount)
    state.rule(f"ECARTE-V.2: seat {pending.irregularity.offender} must take back his card and lead "
               f"{Suit(pending.amount).french} (E-P2)")


def _replay_hand(state: EcarteState, pending: Pending) -> None:
    """E-P3: the hand is replayed from the cards held when play began."""
    state.replay_hand()
    state.rule("E-P3: the revoke was established; the hand is replayed")


def _reduce_score(state: EcarteState, pending: Pending) -> None:
    """E-P3: the trick stands and the revoker's score is reduced: point 0, vole 1, point after a stand 1."""
    revoker = pending.irregularity.offender
    state.rule(f"E-P3: the revoke stands; seat {revoker}'s score for the deal is reduced by one")
    state.reduce_score(revoker)


def _score_abandon(state: EcarteState, pending: Pending) -> None:
    """E-P4: the vole (two) if the offender has no trick or stood or refused, else the point."""
    deal, offender = state.deal, pending.irregularity.offender
    points = 2 if not deal.tricks_won[offender] or offender in (deal.stood, deal.refused) else 1
    state.rule(f"E-P4: seat {offender} abandoned the hand; seat {1 - offender} marks {points}")
    state.concede_deal(offender, points)


def _game_abandoned(state: EcarteState, pending: Pending) -> None:
    offender = pending.irregularity.offender
    state.rule(f"E-P6: seat {offender} left the table; the game is his opponent's")
    state.forfeit_game(offender)


def _stand_deal_out_of_turn(state: EcarteState, pending: Pending) -> None:
    state.let_deal_stand(pending.irregularity.offender)
    state.rule(f"E-D9: the deal by seat {pending.irregularity.offender} stands")


REMEDIES: Final[dict[tuple[str, str], Callable[[EcarteState, Pending], None]]] = {
    ("E-D1", "cut-again"): _log("E-D1: more than one card exposed: cut again"),
    ("E-D2", "fresh-cut"): _log("E-D2: a card exposed in the cut: the pack is cut afresh"),
    ("E-D9", "new-deal"): _log("E-D9: the deal out of turn is stopped; the right dealer deals"),
    ("E-D9", "stand"): _stand_deal_out_of_turn,
    ("E-D3", "rectify"): _rectify_deal,
    ("E-D3", "new-deal"): _new_deal("E-D3"),
    ("E-D4", "rectify"): _rectify_deal,
    ("E-D4", "new-deal"): _new_deal("E-D4"),
    ("E-D10", "penalty"): _penalty_wrong_count,
    ("E-D5", "first-trump"): _choose_trump(second=False),
    ("E-D5", "second-trump"): _choose_trump(second=True),
    ("E-D5", "new-deal"): _new_deal("E-D5"),
    ("E-D6", "new-deal"): _new_deal("E-D6"),
    ("E-D7", "stand"): _log("E-D7: the dealer exposed his own card; the deal stands"),
    ("E-D8", "new-deal"): _new_deal("E-D8"),
    ("E-D8", "stand"): _log("E-D8: the non-dealer lets the deal stand"),
    ("E-D11", "void-deal"): _new_deal("E-D11"),
    ("E-K1", "refused"): _log("E-K1: the king was not marked before the holder's first card; the point is lost"),
    ("E-K2", "mark-one"): _mark_one,
    ("E-K2", "waive"): _log("E-K2: the opponent waives the point for the false announcement"),
    ("E-X1", "stands"): _log("E-X1: a proposal, acceptance or request cannot be withdrawn; it stands "
                             "(ECARTE-VI.2)"),
    ("E-X2", "refused"): _log("E-X2: the number asked cannot change and the discard cannot be touched "
                              "(ECARTE-VI.4)"),
    ("E-X4", "play-exposed"): _play_exposed,
    ("E-X8", "return-extras"): _return_extras(seen=False),
    ("E-X8", "extras-seen"): _return_extras(seen=True),
    ("E-X8", "complete"): _complete,
    ("E-P1", "take-back"): _take_back,
    ("E-P1", "cover"): _cover("E-P1"),
    ("E-P2", "require-named-suit"): _require_named_suit,
    ("E-P2", "cover"): _cover("ECARTE-V.3"),
    ("E-P2", "card-stands"): _cover("E-P2"),
    ("E-P3", "replay"): _replay_hand,
    ("E-P3", "reduce-score"): _reduce_score,
    ("E-P4", "score-abandon"): _score_abandon,
    ("E-P5", "show-tricks"): _log("E-P5: the offender shows his own tricks"),
    ("E-P5", "waive"): _log("E-P5: the opponent does not require the offender's tricks"),
    ("E-P6", "game-abandoned"): _game_abandoned,
    ("E-S2", "new-packs"): _log("E-S2: two new packs at the caller's expense; the dealer chooses"),
}
