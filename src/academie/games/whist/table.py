"""Table mode for Whist: the irregular acts the seed's laws WHIST-10 … WHIST-24 and §7 of the rule file
rule on.

An irregular act is an :class:`~academie.games.whist.state.Irregular` action, ``! KIND SEAT [ARGS]``, accepted from any
seat when it is physically possible (:func:`why_impossible` says why not). Committing it does what the act does
at a real table and, when the law gives a choice, leaves a ruling pending: the party the law names (an adversary
of the offender, by convention the one on his left) chooses among the remedies with a
:class:`~academie.games.whist.state.Remedy` action (``remedy NAME law=ID``); a law that rules by itself is applied by
the table. Every ruling is written to ``state.rulings`` and every penalty goes through the ledger citing its law.

>>> from academie.engine import Mode
>>> from academie.games.whist.state import WhistRules, WhistState
>>> state = WhistState.new(WhistRules(mode=Mode.TABLE), seed=4, first_dealer=3)
>>> card = state.hand(2)[0]
>>> _ = state.apply_text(f"! lead-out-of-turn 2 {card}")   # seat 2 leads when seat 0 should
>>> state.actor, [str(a) for a in state.legal_actions()][:2]
(3, ['remedy call-card law=W-P1', 'remedy call-suit C law=W-P1'])
>>> _ = state.apply_text("remedy call-card law=W-P1")
>>> card in state.view(1).exposed[2]
True
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Final

from academie.cards import CARDS, SUIT_MASKS, Card, Suit, indices_of, rank_of, suit_of
from academie.games.whist.state import HONOURS, Phase, WhistPending, WhistState, still_wins, winning_card
from academie.laws import Act, Irregular, Irregularity, Remedy, why_act_impossible


# ------------------------------------------------------------------------------------------------ helpers
def _card(act: Irregular, position: int = 0) -> int:
    return Card.parse(act.args[position]).index


def _holds(state: WhistState, seat: int, card: int) -> bool:
    return bool(state.deal.hands[seat] >> card & 1)


def _left(seat: int) -> int:
    """The adversary on a seat's left, who speaks for the adversaries (they may consult)."""
    return (seat + 1) & 3


def _pend(state: WhistState, law: str, offender: int, description: str, chooser: int | None,
          remedies: tuple[str, ...], *, cards: tuple[int, ...] = (), seat: int = -1) -> None:
    state.pend(WhistPending(Irregularity(law, offender, description, chooser, remedies), cards, seat))


def _fresh_deal(state: WhistState) -> bool:
    """The cards are dealt and nobody has played yet (the time of the dealing laws)."""
    deal = state.deal
    return state.phase is Phase.PLAY and not deal.trick and not deal.tricks and deal.caller < 0


def _in_play(state: WhistState) -> bool:
    return state.phase is Phase.PLAY


def _void_deal(state: WhistState, law: str, *, passes: bool = False) -> None:
    """The hand is void: its points are taken back, and the same dealer deals again (or the deal passes)."""
    state.void_deal(law, passes=passes)
    state.rule(f"{law}: the hand is void; " + ("the deal passes to the left" if passes
                                               else "the same dealer deals again"))


def _free_mask(state: WhistState, seat: int) -> int:
    """W-§5: the cards ``seat`` may play now without a revoke (the suit led if he holds it, else any)."""
    deal = state.deal
    hand = deal.hands[seat]
    if deal.trick:
        same = hand & SUIT_MASKS[suit_of(deal.trick[0])]
        if same:
            return same
    return hand


def before_turn(state: WhistState) -> None:
    """Table mode, before the seat to play acts: W-P5 an omission found once the offender has played to the next
    trick; W-P3 (rule file Q5) the fourth hand who may neither trump nor win but whose every legal card would: the
    adversaries choose his highest or lowest; the adversaries offered to call an exposed card liable to be called
    that he can play without a revoke (W-C1, W-C2, W-C3, W-P4, W-P6, W-T2)."""
    deal = state.deal
    seat = deal.to_play
    if deal.omitted >= 0 and not deal.omission_found and _played_since_omission(state):
        state.find_omission()
        _pend(state, "W-P5", deal.omitted, f"seat {deal.omitted} did not play to trick {deal.omitted_trick + 1}",
              _left(deal.omitted), ("new-deal", "stand"), seat=deal.omitted)
        return
    if deal.offered_at == deal.turn or deal.called[seat] >= 0 or not deal.hands[seat]:
        return
    free = _free_mask(state, seat)
    if seat == deal.cannot_win and deal.trick and state.rules.fourth_hand_law == "seed" \
            and not any(_neither_wins(state, seat, card) for card in indices_of(free)):
        state.note_offer()
        _pend(state, "W-P3", seat, f"every card seat {seat} may play would win the trick", _left(seat),
              ("highest", "lowest"), seat=seat)
        return
    callable_cards = deal.liable[seat] & free
    if callable_cards:
        state.note_offer()
        _pend(state, deal.liable_law[seat], seat, f"the exposed cards of seat {seat} may be called", _left(seat),
              ("call", "leave"), cards=tuple(indices_of(callable_cards)), seat=seat)


def _neither_wins(state: WhistState, seat: int, card: int) -> bool:
    """W-P3: ``card`` neither trumps (the suit led not being trumps) nor wins the current trick."""
    deal = state.deal
    led = suit_of(deal.trick[0])
    if suit_of(card) == deal.trump and led != deal.trump:
        return False
    return still_wins(winning_card(deal.trick, deal.trump), card, deal.trump)


def _played_since_omission(state: WhistState) -> bool:
    """W-P5: the omission is found once the offender has played to the next trick."""
    deal = state.deal
    if len(deal.tricks) > deal.omitted_trick + 1:
        return True
    return bool(deal.trick) and (deal.omitted - deal.leader) & 3 < len(deal.trick)


def _offer_now(state: WhistState, seat: int) -> None:
    """The adversaries' choice just made counts as this turn's offer when ``seat`` is the one to play."""
    if state.deal.to_play == seat:
        state.note_offer()


def _extreme(state: WhistState, seat: int, suit: int, highest: bool) -> int:
    """The highest or lowest card ``seat`` holds in ``suit`` (-1 if none)."""
    cards = list(indices_of(state.deal.hands[seat] & SUIT_MASKS[suit]))
    if not cards:
        return -1
    return cards[-1] if highest else cards[0]


def after_play(state: WhistState, seat: int, card: int) -> None:
    """A card leaves the short hand in table mode (W-D5, W-P6): a failure to follow counts as a revoke when the card
    astray is of the suit led; the short hand's last card played, the missing card is found."""
    deal = state.deal
    if seat == deal.short_seat and deal.trick and suit_of(card) != suit_of(deal.trick[0]) \
            and suit_of(deal.aside) == suit_of(deal.trick[0]):
        state.record_revoke(seat, len(deal.tricks))  # W-R7, W-D5, W-P6: answerable as if the card were in hand
        law = "W-R7" if deal.aside_law == "W-D5" else "W-P6"
        state.rule( f"{law}: seat {seat} did not follow suit while his missing card was of the suit led; it counts "
              "as a revoke")
    if seat == deal.short_seat and deal.hands[seat].bit_count() == 0 and len(deal.tricks) < 12:
        _found_aside(state)


def _found_aside(state: WhistState) -> None:
    """W-D5, WHIST-15: the missing card is found; the deal stands and the card goes back to its hand. W-P6: a card
    played as a second card to a trick is restored; if it caused no revoke it is an exposed card."""
    deal = state.deal
    since = deal.aside_since
    seat, card, law = state.restore_aside()
    if law == "W-P6":
        revoked = any(s == seat for s, _ in deal.revokes[since:])
        if not revoked:
            state.expose_cards(seat, 1 << card, liable_under="W-P6")
        state.rule( f"W-P6: the second card played by seat {seat} is restored to his hand; "
              + ("he answers for the revoke it caused" if revoked else f"{CARDS[card]} is an exposed card, liable to "
                 "be called"))
        return
    state.rule( f"WHIST-15, W-D5: seat {seat} played with twelve cards; the missing card is found; the deal "
          "stands and only he answers for his revokes")


# ---------------------------------------------------------------------------------------------- §7.1 dealing
def _fresh_possible(state: WhistState, act: Irregular) -> str:
    return "" if _fresh_deal(state) else "only after the deal and before the first card is played"


def _exposed_in_deal_possible(state: WhistState, act: Irregular) -> str:
    if not _fresh_deal(state) or len(act.args) != 1:
        return "expected `! exposed-in-deal CAUSER CARD` after the deal, before the first card is played"
    card = _card(act)
    if card == state.deal.turn_up:
        return "the turn-up is face up by rule (WHIST-24), not exposed"
    return ""


def _exposed_in_deal(state: WhistState, act: Irregular) -> None:
    """WHIST-10, W-D1: a card turned up in dealing; the dealer's adversaries choose, unless they caused it."""
    deal = state.deal
    card = _card(act)
    holder = next(s for s in range(4) if deal.hands[s] >> card & 1)
    state.show_cards(holder, 1 << card)
    dealer = deal.dealer
    chooser = dealer if (act.seat & 1) != (dealer & 1) else _left(dealer)
    _pend(state, "W-D1", act.seat, f"{CARDS[card]} turned up in dealing (caused by seat {act.seat})", chooser,
          ("new-deal", "stand"), cards=(card,), seat=holder)


def _faced_card_possible(state: WhistState, act: Irregular) -> str:
    if not _fresh_deal(state) or len(act.args) != 1:
        return "expected `! faced-card SEAT CARD` after the deal, before the first card is played"
    return ""


def _faced_card(state: WhistState, act: Irregular) -> None:
    """WHIST-12, W-D2: a card found faced in the pack: a new deal, unless it is the last card (the turn-up)."""
    card = _card(act)
    if card == state.deal.turn_up:
        _pend(state, "W-D2", act.seat, f"{CARDS[card]} faced in the pack: the last card", None, ("stand",))
    else:
        _pend(state, "W-D2", act.seat, f"{CARDS[card]} faced in the pack", None, ("new-deal",))


def _misdeal(state: WhistState, act: Irregular) -> None:
    """WHIST-13, W-D4: a misdeal: the same dealer deals again (option misdeal_loses_deal: the deal passes)."""
    _pend(state, "W-D4", act.seat, f"seat {act.seat} misdealt", None, ("new-deal",))


def _misdeal_possible(state: WhistState, act: Irregular) -> str:
    if not _fresh_deal(state) or act.seat != state.deal.dealer:
        return "expected `! misdeal DEALER` by the dealer, after the deal and before the first card"
    return ""


def _looks_during_deal(state: WhistState, act: Irregular) -> None:
    """WHIST-13, W-D3: taking up cards during the deal is forbidden; no penalty (the adversaries may do the same)."""
    _pend(state, "W-D3", act.seat, f"seat {act.seat} took up his cards during the deal", None, ("no-penalty",))


def _fourteen(state: WhistState, act: Irregular) -> None:
    """WHIST-15, W-D6: a player has fourteen cards (another twelve): the deal is void."""
    _pend(state, "W-D6", act.seat, f"seat {act.seat} holds fourteen cards", None, ("new-deal",))


def _twelve_possible(state: WhistState, act: Irregular) -> str:
    if not _fresh_deal(state) or len(act.args) != 1 or state.deal.short_seat >= 0:
        return "expected `! twelve-cards SEAT CARD` after the deal, before the first card is played"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _twelve(state: WhistState, act: Irregular) -> None:
    """WHIST-15, W-D5: a card of ``seat`` lies aside unseen; he plays with twelve; found later, the deal stands."""
    state.set_aside(act.seat, _card(act), "W-D5")
    state.rule(f"W-D5: seat {act.seat} has twelve cards (one lies aside, unseen); play goes on")


def _twelve_found_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    law = "W-D5" if act.kind == "twelve-found" else "W-P6"
    if deal.short_seat != act.seat or deal.aside_law != law or not _in_play(state):
        return f"seat {act.seat} has no card astray under {law}"
    return ""


def _twelve_found(state: WhistState, act: Irregular) -> None:
    _found_aside(state)


def _imperfect_pack(state: WhistState, act: Irregular) -> None:
    """W-D9: the pack is imperfect: the current hand is void (same dealer); past scores stand."""
    _pend(state, "W-D9", act.seat, "the pack is imperfect", None, ("new-deal",))


def _dealer_looks_possible(state: WhistState, act: Irregular) -> str:
    if not _fresh_deal(state) or act.seat != state.deal.dealer:
        return "expected `! dealer-looks DEALER` after the deal, before the first card"
    return ""


def _dealer_looks(state: WhistState, act: Irregular) -> None:
    """W-D8: the dealer looked at the trump card while dealing: the adversaries may exact a new deal."""
    _pend(state, "W-D8", act.seat, f"dealer {act.seat} looked at the trump card while dealing", _left(act.seat),
          ("new-deal", "stand"))


def _new_cards_possible(state: WhistState, act: Irregular) -> str:
    return "" if _in_play(state) and (state.deal.trick or state.deal.tricks) else "only in the middle of a hand"


def _new_cards(state: WhistState, act: Irregular) -> None:
    """WHIST-23, W-D10: fresh cards mid-game only with everyone's consent (the adversaries answer for all)."""
    _pend(state, "W-D10", act.seat, f"seat {act.seat} asks for fresh cards", _left(act.seat), ("refuse", "consent"))


# ---------------------------------------------------------------------------------------------- §7.2 trump card
def _trump_taken_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or act.seat != deal.dealer or not deal.turn_up_on_table or deal.played[act.seat]:
        return "expected `! trump-taken DEALER` while the turn-up lies on the table, before the dealer plays"
    return ""


def _trump_taken(state: WhistState, act: Irregular) -> None:
    """WHIST-24, W-T1: the dealer takes the turn-up in hand early: the adversaries may have it laid down again."""
    state.place_turn_up(on_table=False)
    _pend(state, "W-T1", act.seat, f"dealer {act.seat} took the turn-up into his hand early", _left(act.seat),
          ("lay-on-table", "let-it-be"))


def _ask_turn_up_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or deal.turn_up_on_table:
        return "expected `! ask-turn-up SEAT` once the dealer has taken the turn-up in hand"
    return "" if deal.hands[act.seat] & SUIT_MASKS[deal.trump] else f"seat {act.seat} holds no trump to call"


def _ask_turn_up(state: WhistState, act: Irregular) -> None:
    """WHIST-24, W-T3: only the trump suit may be asked once the turn-up is taken in: the asker's highest or
    lowest trump may be called."""
    _pend(state, "W-T3", act.seat, f"seat {act.seat} asked which card was turned up", _left(act.seat),
          ("highest", "lowest"), seat=act.seat)


# ---------------------------------------------------------------------------------------------- §7.3 out of turn
def _lead_out_of_turn_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or deal.trick or act.seat == deal.to_play or len(act.args) != 1:
        return "expected `! lead-out-of-turn SEAT CARD` by a player who is not to lead, before the lead"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _lead_out_of_turn(state: WhistState, act: Irregular) -> None:
    """W-P1: a lead out of turn: the adversaries call the card, or (when the offender's partner is to lead)
    require a suit of him."""
    card = _card(act)
    deal = state.deal
    state.expose_cards(act.seat, 1 << card)
    remedies: tuple[str, ...] = ("call-card",)
    if deal.to_play == (act.seat + 2) & 3:
        remedies += ("call-suit",)
    _pend(state, "W-P1", act.seat, f"seat {act.seat} led {CARDS[card]} out of turn", _left(act.seat), remedies,
          cards=(card,), seat=deal.to_play)


def _third_before_second_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or len(deal.trick) != 1 or act.seat != (deal.leader + 2) & 3 or len(act.args) != 1:
        return "expected `! third-before-second SEAT CARD` by the leader's partner before the second hand plays"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _third_before_second(state: WhistState, act: Irregular) -> None:
    """WHIST-17, W-P2: the third hand played before the second: his card stands as his play to the trick (face up,
    played to the trick at his turn); no other penalty, but the fourth hand may play before his partner: he names
    his card now (``play-before CARD``, face up, played at his turn) or waits for his turn (``in-turn``)."""
    card = _card(act)
    deal = state.deal
    state.call_card(act.seat, card)
    fourth = (deal.leader + 3) & 3
    _pend(state, "W-P2", act.seat, f"seat {act.seat} played {CARDS[card]} before the second hand", fourth,
          ("play-before", "in-turn"), cards=tuple(indices_of(_free_mask(state, fourth))), seat=fourth)


def _play_before(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """WHIST-17, W-P2: the fourth hand plays before his partner: his card lies face up and is played at his turn."""
    card = Card.parse(remedy.args[0]).index
    state.call_card(pending.seat, card)
    state.rule(f"W-P2: the fourth hand, seat {pending.seat}, plays {CARDS[card]} before his partner (WHIST-17)")


def _fourth_out_of_turn_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or len(deal.trick) != 1 or act.seat != (deal.leader + 3) & 3 or len(act.args) != 1:
        return "expected `! fourth-out-of-turn SEAT CARD` by the fourth hand before the second hand plays"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _fourth_out_of_turn(state: WhistState, act: Irregular) -> None:
    """WHIST-11, WHIST-14, W-P3: the last player plays before the second: the adversaries (the leader) choose."""
    card = _card(act)
    deal = state.deal
    state.expose_cards(act.seat, 1 << card)
    if state.rules.fourth_hand_law == "club":
        remedies: tuple[str, ...] = ("partner-to-win", "partner-not-to-win")
    else:
        remedies = ("neither-trump-nor-win", "stand")
    _pend(state, "W-P3", act.seat, f"the fourth hand, seat {act.seat}, played {CARDS[card]} before the second",
          deal.leader, remedies, cards=(card,))


# ---------------------------------------------------------------------------------------------- §7.4 exposed cards
def _in_play_possible(state: WhistState, act: Irregular) -> str:
    return "" if _in_play(state) and state.deal.hands[act.seat] else "only during the play of a hand"


def _throw_down(state: WhistState, act: Irregular) -> None:
    """WHIST-16, W-C1: cards thrown face up, the partner not conceding: all exposed; the adversaries call them."""
    deal = state.deal
    state.expose_cards(act.seat, deal.hands[act.seat], liable_under="W-C1")
    _pend(state, "W-C1", act.seat, f"seat {act.seat} threw his cards face up", _left(act.seat), ("call", "leave"),
          cards=tuple(indices_of(deal.hands[act.seat])), seat=act.seat)


def _claim_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or deal.trick or act.seat != deal.to_play or not deal.hands[act.seat]:
        return "expected `! claim SEAT` by the player on lead, between tricks"
    return ""


def claim_is_sound(state: WhistState, seat: int) -> bool:
    """W-C2: every card of the claimant wins whatever the others hold: in each suit his lowest card is above every
    card the others hold of it, and no adversary holds a trump unless all his cards are trumps."""
    deal = state.deal
    hand = deal.hands[seat]
    others = 0
    for other in range(4):
        if other != seat:
            others |= deal.hands[other]
    for suit in range(4):
        mine, theirs = hand & SUIT_MASKS[suit], others & SUIT_MASKS[suit]
        if mine and theirs and _lowest(mine) < theirs.bit_length() - 1:
            return False
    adversaries = deal.hands[(seat + 1) & 3] | deal.hands[(seat + 3) & 3]
    trumps_out = adversaries & SUIT_MASKS[deal.trump]
    return not trumps_out or not hand & ~SUIT_MASKS[deal.trump]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _claim(state: WhistState, act: Irregular) -> None:
    """WHIST-18, W-C2: a player shows his cards claiming every trick: if sound, the tricks are his side's; if he
    holds a losing card, all his cards may be called."""
    deal = state.deal
    if claim_is_sound(state, act.seat):
        _pend(state, "W-C2", act.seat, f"seat {act.seat} claims the remaining tricks", None, ("grant",),
              seat=act.seat)
        return
    state.expose_cards(act.seat, deal.hands[act.seat], liable_under="W-C2")
    _pend(state, "W-C2", act.seat, f"seat {act.seat} claimed every trick with a losing card", _left(act.seat),
          ("call", "leave"), cards=tuple(indices_of(deal.hands[act.seat])), seat=act.seat)


def _drop_card_possible(state: WhistState, act: Irregular) -> str:
    if not _in_play(state) or len(act.args) != 1:
        return "expected `! drop-card SEAT CARD` during play"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _drop_card(state: WhistState, act: Irregular) -> None:
    """W-C3: a card dropped face up: exposed, liable to be called."""
    card = _card(act)
    state.expose_cards(act.seat, 1 << card, liable_under="W-C3")
    _pend(state, "W-C3", act.seat, f"seat {act.seat} dropped {CARDS[card]} face up", _left(act.seat),
          ("call-card", "leave"), cards=(card,), seat=act.seat)


def _ask_honour_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or not deal.trick:
        return "expected `! ask-honour SEAT` during a trick"
    return ""


def _ask_honour(state: WhistState, act: Irregular) -> None:
    """WHIST-19, W-C4: asking partner whether he played an honour is forbidden; our remedy (reconstructed): the
    adversaries call the partner's highest or lowest card of the suit led, if he has still to play to it."""
    deal = state.deal
    partner = (act.seat + 2) & 3
    played = len(deal.trick)
    position = (partner - deal.leader) & 3
    if position < played or not deal.hands[partner] & SUIT_MASKS[suit_of(deal.trick[0])]:
        _pend(state, "W-C4", act.seat, f"seat {act.seat} asked his partner about an honour", None, ("no-penalty",))
        return
    _pend(state, "W-C4", act.seat, f"seat {act.seat} asked his partner about an honour", _left(act.seat),
          ("highest", "lowest"), seat=partner)


# ---------------------------------------------------------------------------------------------- §7.5 revoke
def _revoke_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or not deal.trick or act.seat != deal.to_play or len(act.args) != 1:
        return "expected `! revoke SEAT CARD` by the player to play, once a card is led"
    card = _card(act)
    if not _holds(state, act.seat, card):
        return f"{act.args[0]} is not in seat {act.seat}'s hand"
    led = suit_of(deal.trick[0])
    if suit_of(card) == led or not deal.hands[act.seat] & SUIT_MASKS[led]:
        return f"{act.args[0]} is a legal card, not a revoke"
    return ""


def _revoke(state: WhistState, act: Irregular) -> None:
    """W-R1, W-R3: a revoke: the card is played; it is established when the trick is turned and quitted."""
    deal = state.deal
    state.record_revoke(act.seat, len(deal.tricks))
    state.rule(f"W-R3: seat {act.seat} revoked with {act.args[0]}; it may be corrected before the trick is "
          "turned and quitted")
    state.play_card(act.seat, _card(act))


def _correct_revoke_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not deal.revokes or deal.revokes[-1][0] != act.seat or not _in_play(state):
        return f"seat {act.seat} has no revoke to correct"
    number = deal.revokes[-1][1]
    if number == len(deal.tricks) or (number == len(deal.tricks) - 1 and not deal.trick):
        return ""
    return "too late: the trick was turned and quitted (W-R3)"


def _correct_revoke(state: WhistState, act: Irregular) -> None:
    """WHIST-20, W-R2: corrected before the trick is turned: the players after the revoker take back their cards;
    the adversaries oblige the revoker to play his highest or lowest card of the suit led."""
    seat = state.correct_revoke()
    _pend(state, "W-R2", seat, f"seat {seat} corrected a revoke before the trick was turned", _left(seat),
          ("highest", "lowest"), seat=seat)


def rule_on_revokes(state: WhistState) -> bool:
    """W-R1 at the end of the hand: each established revoke costs three points, the adversaries choosing how;
    revokes by both sides void the hand (W-R6). Returns True when a ruling is now pending or the hand is void."""
    deal = state.deal
    sides = {seat & 1 for seat, _ in deal.revokes}
    if len(sides) == 2:
        _pend(state, "W-R6", deal.revokes[0][0], "both sides revoked", None, ("new-deal",))
        return True
    seat, _ = deal.revokes[0]
    state.establish_revoke()
    _pend(state, "W-R1", seat, f"seat {seat}'s revoke is established", _left(seat), ("add", "take-tricks", "deduct"),
          seat=seat)
    return True


# ---------------------------------------------------------------------------------------------- §7.6 calling
def _calling_side(state: WhistState, seat: int) -> bool:
    return state.deal.start_score[seat & 1] == state.rules.game_points - 2 and state.rules.calling


def _false_call_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or deal.caller >= 0:
        return "expected `! false-call SEAT` during the play of a hand, before any call this hand"
    return ""


def _false_call(state: WhistState, act: Irregular) -> None:
    """W-H1 (calling at a score other than eight), W-H6 (after having played), or WHIST-21, W-H4 (a call answered
    when the side does not hold three honours): the adversaries choose a new deal or not."""
    deal = state.deal
    state.declare_call(act.seat)
    if not _calling_side(state, act.seat):
        _pend(state, "W-H1", act.seat, f"seat {act.seat} called at a score other than eight", _left(act.seat),
              ("new-deal", "play-on"))
        return
    if deal.played[act.seat]:
        _pend(state, "W-H6", act.seat, f"seat {act.seat} called after having played", _left(act.seat),
              ("new-deal", "play-on"))
        return
    held = state.honours_dealt(act.seat & 1)
    law = "W-H4" if held < 3 else "W-§4.2"
    if held >= 3:
        _pend(state, law, act.seat, f"seat {act.seat} called and the side holds {held} honours", None, ("honours",))
        return
    _pend(state, law, act.seat, f"seat {act.seat} called, was answered, and the side holds only {held} honours",
          _left(act.seat), ("stand", "new-deal"))


def _false_answer_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if state.phase is not Phase.ANSWER or act.seat != (deal.caller + 2) & 3:
        return "expected `! false-answer SEAT` by the partner of a caller"
    if deal.hands[act.seat] & HONOURS[deal.trump]:
        return f"seat {act.seat} holds an honour: his answer is true"
    return ""


def _false_answer(state: WhistState, act: Irregular) -> None:
    """WHIST-22, W-H5: an answer without an honour: the adversaries let the deal stand or have a new deal."""
    _pend(state, "W-H5", act.seat, f"seat {act.seat} answered without holding an honour", _left(act.seat),
          ("stand", "new-deal"))


def _remind_possible(state: WhistState, act: Irregular) -> str:
    if not _in_play(state) or not _calling_side(state, act.seat):
        return "expected `! remind-call SEAT` by a player of a side at eight, during the hand"
    return ""


def _remind(state: WhistState, act: Irregular) -> None:
    """W-H2: reminding partner to call after the trump is turned: the offending side loses one point."""
    _pend(state, "W-H2", act.seat, f"seat {act.seat} reminded his partner to call", None, ("lose-point",),
          seat=act.seat)


# ---------------------------------------------------------------------------------------------- W-D7, W-T2, W-T4
def _deal_out_of_turn_possible(state: WhistState, act: Irregular) -> str:
    if state.dealer is None or act.seat == state.deal.dealer:
        return "expected `! deal-out-of-turn SEAT` by a player who is not the dealer"
    if state.phase is Phase.SHUFFLE or _fresh_deal(state):
        return ""
    return "only before the deal (it can be stopped) or after it, before the first card is played (it stands)"


def _deal_out_of_turn(state: WhistState, act: Irregular) -> None:
    """W-D7: a deal out of turn may be stopped before the last card is dealt (the rightful dealer, whose turn it is,
    chooses); found only after the last card, it stands and play proceeds, the deal passing on from the offender."""
    dealer = state.deal.dealer
    if state.phase is Phase.SHUFFLE:
        _pend(state, "W-D7", act.seat, f"seat {act.seat} deals out of turn (it is seat {dealer}'s deal)", dealer,
              ("stop", "stand"), seat=act.seat)
    else:
        _pend(state, "W-D7", act.seat, f"seat {act.seat} dealt out of turn; found after the last card", None,
              ("stand",), seat=act.seat)


def _deal_stands(state: WhistState, pending: WhistPending) -> None:
    """W-D7: the offender is the dealer of this hand (and the deal passes to his left after it)."""
    shuffling = state.phase is Phase.SHUFFLE
    state.make_dealer(pending.seat)  # found after the last card: the cards as dealt from the offender
    if shuffling:
        state.rule(f"W-D7: the deal out of turn is not stopped: seat {pending.seat} deals this hand")
        return
    state.rule(f"W-D7: found after the last card: the deal out of turn stands; seat {pending.seat} is the dealer")


def _trump_left_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or act.seat != deal.dealer or not deal.tricks:
        return "expected `! trump-left DEALER` once the first trick is turned and quitted"
    if not _holds(state, act.seat, deal.turn_up) or deal.liable[act.seat] >> deal.turn_up & 1:
        return "the dealer no longer holds the turn-up, or it is already exposed"
    return ""


def _trump_left(state: WhistState, act: Irregular) -> None:
    """W-T2: the dealer leaves the turn-up on the table after the first trick is quitted: it is liable to be
    called (offered again at each of his turns while it lies there)."""
    deal = state.deal
    card = deal.turn_up
    state.expose_cards(act.seat, 1 << card, liable_under="W-T2")
    _pend(state, "W-T2", act.seat, f"dealer {act.seat} left the turn-up {CARDS[card]} on the table", _left(act.seat),
          ("call-card", "leave"), cards=(card,), seat=act.seat)


def _forgets_trump_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or act.seat != deal.dealer or deal.turn_up_on_table:
        return "expected `! forgets-trump DEALER` once the dealer has taken the turn-up into his hand"
    return "" if deal.hands[act.seat] & SUIT_MASKS[deal.trump] else f"dealer {act.seat} holds no trump to call"


def _forgets_trump(state: WhistState, act: Irregular) -> None:
    """W-T4: the dealer cannot remember the trump card: the adversaries may call his highest or lowest trump (the
    call takes effect at once: played at his first turn that allows it without a revoke)."""
    _pend(state, "W-T4", act.seat, f"dealer {act.seat} cannot remember the trump card", _left(act.seat),
          ("highest", "lowest"), seat=act.seat)


# ---------------------------------------------------------------------------------------------- W-P4, W-P5, W-P6
def _lead_again_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or len(deal.trick) != 3 or act.seat != (deal.to_play + 2) & 3 or len(act.args) != 1:
        return "expected `! lead-again SEAT CARD` by the second hand before his partner, the fourth, has played"
    return "" if _holds(state, act.seat, _card(act)) else f"{act.args[0]} is not in seat {act.seat}'s hand"


def _lead_again(state: WhistState, act: Irregular) -> None:
    """W-P4: believing his side has won, a player leads again before his partner (the fourth hand) has played:
    the card led is exposed (liable to be called); the adversaries may oblige the partner to win the trick."""
    card = _card(act)
    deal = state.deal
    state.expose_cards(act.seat, 1 << card, liable_under="W-P4")
    _pend(state, "W-P4", act.seat, f"seat {act.seat} led {CARDS[card]} before his partner played", _left(act.seat),
          ("oblige-win", "partner-free"), cards=(card,), seat=deal.to_play)


def _oblige_to_win(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-P4: the partner must win the trick if he can."""
    state.oblige_to_win(pending.seat)
    state.rule(f"W-P4: seat {pending.seat} must win the trick if he can; {CARDS[pending.cards[0]]} is exposed")


def _omit_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or len(deal.trick) != 3 or act.seat != deal.to_play or deal.omitted >= 0 \
            or len(deal.tricks) >= 11:
        return ("expected `! omit-play SEAT` by the fourth hand of one of the first eleven tricks (one omission a "
                "hand)")
    return ""


def _omit(state: WhistState, act: Irregular) -> None:
    """W-P5: the fourth hand omits to play: the trick is turned and quitted with three cards and play goes on; the
    omission is found once he has played to the next trick (see :func:`before_turn`)."""
    state.omit_play(act.seat)
    state.rule(f"W-P5: seat {act.seat} did not play to trick {len(state.deal.tricks)}; it is turned with three cards")


def before_scoring(state: WhistState) -> None:
    """W-P5: the deal having stood, the offender's surplus card counts as played to the trick he missed (no revoke
    in it)."""
    deal = state.deal
    seat = deal.omitted
    if seat < 0 or not deal.hands[seat] or any(deal.hands[other] for other in range(4) if other != seat):
        return  # no omission, or the hand ended by a claim (W-C2) with cards unplayed
    surplus = state.play_surplus_to_missed_trick()
    state.rule(f"W-P5: {' '.join(str(CARDS[c]) for c in surplus)}, left over in seat {seat}'s hand, counts as "
          f"played to trick {deal.omitted_trick + 1}")


def _two_cards_possible(state: WhistState, act: Irregular) -> str:
    deal = state.deal
    if not _in_play(state) or act.seat != deal.to_play or len(act.args) != 2 or deal.short_seat >= 0:
        return "expected `! two-cards SEAT CARD SECOND` by the player to play (one card astray at a time)"
    first, second = _card(act), _card(act, 1)
    if first == second or not _holds(state, act.seat, first) or not _holds(state, act.seat, second):
        return "both cards must be different cards of his hand"
    return "" if state.legal_card_mask() >> first & 1 else f"{act.args[0]} is not a legal card now"


def _two_cards(state: WhistState, act: Irregular) -> None:
    """W-P6: a second card goes into the trick with the card played: it is astray (unseen) and he answers for any
    revoke it causes; found in play it is restored to his hand and, if it caused no revoke, is an exposed card."""
    first, second = _card(act), _card(act, 1)
    state.set_aside(act.seat, second, "W-P6")
    state.rule(f"W-P6: seat {act.seat} played two cards to the trick; the second one is astray")
    state.play_card(act.seat, first)


# ---------------------------------------------------------------------------------------------- W-R4, W-R5
def _failed_to_follow(state: WhistState, seat: int) -> bool:
    """Whether ``seat`` played another suit than the one led to a quitted trick (a revoke may be claimed)."""
    for leader, cards, _ in state.deal.tricks:
        position = (seat - leader) & 3
        if len(cards) == 4 and position and suit_of(cards[position]) != suit_of(cards[0]):
            return True
    return False


def _mix_possible(state: WhistState, act: Irregular) -> str:
    if not _in_play(state) or not _failed_to_follow(state, act.seat):
        return "expected `! mix-cards SEAT` during play by a player who did not follow suit to a quitted trick"
    return ""


def _mix_cards(state: WhistState, act: Irregular) -> None:
    """W-R4: a revoke is claimed against ``seat``; his side mixes the cards before they are examined: the revoke is
    deemed established (penalised at the end of the hand under W-R1)."""
    deal = state.deal
    if any(seat == act.seat for seat, _ in deal.revokes):
        state.rule(f"W-R4: seat {act.seat}'s side mixed the cards; the revoke on record stands established")
        return
    state.record_revoke(act.seat, -1)
    state.rule(f"W-R4: a revoke is claimed against seat {act.seat}; his side mixed the cards before they were "
          "examined: the revoke is deemed established")


def _claim_revoke_possible(state: WhistState, act: Irregular) -> str:
    if not state.deal_results or not _in_play(state):
        return ("expected `! claim-revoke SEAT` about the last hand, once the next deal is cut (until then its "
                "revokes are ruled at its end, W-R1)")
    return ""


def _claim_revoke(state: WhistState, act: Irregular) -> None:
    """W-R5: a revoke claimed after the cards are cut for the next deal is too late: no claim."""
    _pend(state, "W-R5", act.seat, f"seat {act.seat} claims a revoke of the last hand after the cut", None,
          ("too-late",))


# ---------------------------------------------------------------------------------------------- W-H3, W-H7
def _forget_possible(state: WhistState, act: Irregular) -> str:
    return "" if _in_play(state) and state.deal.forgot < 0 else "expected `! forget-honours SEAT` during a hand"


def _forget(state: WhistState, act: Irregular) -> None:
    """W-H3: a side does not claim its honours at the end of the hand: they are not scored then."""
    state.forget_honours(act.seat & 1)
    state.rule(f"W-H3: side {act.seat & 1} has not claimed its honours for this hand")


def _claim_honours_possible(state: WhistState, act: Irregular) -> str:
    deal, side = state.deal, act.seat & 1
    if (deal.forgot == side and _in_play(state)) or deal.too_late[0] == side:
        return ""
    if deal.unclaimed[0] == side and state.phase is Phase.SHUFFLE:
        return ""
    return f"side {side} has no unclaimed honours"


def _claim_honours(state: WhistState, act: Irregular) -> None:
    """W-H3: honours claimed before the next trump card is turned are scored; after it, they are lost."""
    deal, side = state.deal, act.seat & 1
    if deal.forgot == side and _in_play(state):
        state.claim_honours(side)
        state.rule(f"W-H3: side {side} claims its honours in time; they are scored at the end of the hand")
    elif deal.unclaimed[0] == side and state.phase is Phase.SHUFFLE:
        points = state.claim_honours(side)
        state.rule(f"W-H3: side {side} claims its honours before the next trump card is turned: {points} scored")
    else:
        state.rule_too_late(honours=True)
        _pend(state, "W-H3", act.seat, f"side {side} claims honours after the next trump card was turned", None,
              ("lost",))


def trump_turned(state: WhistState) -> None:
    """W-H3, W-H7: the next trump card is turned: unclaimed honours are lost and an unproved overscore stands (the
    state then marks them too late)."""
    deal = state.deal
    lost, stood = deal.unclaimed[0], deal.overscore[0]
    if lost >= 0:
        state.rule(f"W-H3: side {lost}'s honours were not claimed before the trump card was turned: they are lost")
    if stood >= 0:
        state.rule(f"W-H7: side {stood}'s overscore was not proved before the trump card was turned: it stands")


def _overscore_possible(state: WhistState, act: Irregular) -> str:
    deal, side = state.deal, act.seat & 1
    points = int(act.args[0]) if len(act.args) == 1 and act.args[0].isascii() and act.args[0].isdigit() else 0
    if not _in_play(state) or not 1 <= points <= 4 or deal.overscore[0] >= 0 \
            or state.score[side] + points >= state.rules.game_points:
        return ("expected `! overscore SEAT POINTS` during a hand: 1 to 4 points marked in error, short of game, "
                "one overscore at a time")
    return ""


def _overscore(state: WhistState, act: Irregular) -> None:
    """W-H7: a side marks points it is not owed (honours at nine, honours scored in error)."""
    side, points = act.seat & 1, int(act.args[0])
    state.mark_overscore(side, points)
    state.rule(f"W-H7: side {side} marks {points} point(s) in error; deducted if proved before the next trump card "
          "is turned")


def _prove_possible(state: WhistState, act: Irregular) -> str:
    deal, other = state.deal, 1 - (act.seat & 1)
    if deal.overscore[0] == other or deal.too_late[1] == other:
        return ""
    return "expected `! prove-overscore SEAT` by an adversary of a side that marked points in error"


def _prove(state: WhistState, act: Irregular) -> None:
    """W-H7: an overscore proved before the next trump card is turned is deducted; after it, it stands."""
    deal, other = state.deal, 1 - (act.seat & 1)
    if deal.overscore[0] == other:
        points = state.prove_overscore()
        state.rule(f"W-H7: side {other}'s overscore of {points} is proved and deducted")
    else:
        state.rule_too_late(honours=False)
        _pend(state, "W-H7", act.seat, f"side {other}'s overscore proved after the next trump card was turned", None,
              ("stands",))


ACTS: Final[dict[str, Act[WhistState]]] = {act.kind: act for act in (
    Act("exposed-in-deal", "W-D1", "! exposed-in-deal CAUSER CARD", "a card turned up in dealing",
        _exposed_in_deal_possible, _exposed_in_deal),
    Act("faced-card", "W-D2", "! faced-card SEAT CARD", "a card found faced in the pack",
        _faced_card_possible, _faced_card),
    Act("looks-during-deal", "W-D3", "! looks-during-deal SEAT", "taking up one's cards during the deal",
        _fresh_possible, _looks_during_deal),
    Act("misdeal", "W-D4", "! misdeal DEALER", "a misdeal", _misdeal_possible, _misdeal),
    Act("twelve-cards", "W-D5", "! twelve-cards SEAT CARD", "a card lying aside: the seat plays with twelve",
        _twelve_possible, _twelve),
    Act("twelve-found", "W-D5", "! twelve-found SEAT", "the missing card of a twelve-card hand found",
        _twelve_found_possible, _twelve_found),
    Act("fourteen-cards", "W-D6", "! fourteen-cards SEAT", "a hand of fourteen cards", _fresh_possible, _fourteen),
    Act("dealer-looks", "W-D8", "! dealer-looks DEALER", "the dealer looks at the trump card while dealing",
        _dealer_looks_possible, _dealer_looks),
    Act("imperfect-pack", "W-D9", "! imperfect-pack SEAT", "the pack is found imperfect", _in_play_possible,
        _imperfect_pack),
    Act("new-cards", "W-D10", "! new-cards SEAT", "a call for fresh cards mid-game", _new_cards_possible,
        _new_cards),
    Act("trump-taken", "W-T1", "! trump-taken DEALER", "the turn-up taken in hand before the dealer's turn",
        _trump_taken_possible, _trump_taken),
    Act("ask-turn-up", "W-T3", "! ask-turn-up SEAT", "asking which card was turned up", _ask_turn_up_possible,
        _ask_turn_up),
    Act("lead-out-of-turn", "W-P1", "! lead-out-of-turn SEAT CARD", "a lead out of turn",
        _lead_out_of_turn_possible, _lead_out_of_turn),
    Act("third-before-second", "W-P2", "! third-before-second SEAT CARD", "the third hand plays before the second",
        _third_before_second_possible, _third_before_second),
    Act("fourth-out-of-turn", "W-P3", "! fourth-out-of-turn SEAT CARD", "the fourth hand plays before the second",
        _fourth_out_of_turn_possible, _fourth_out_of_turn),
    Act("throw-down", "W-C1", "! throw-down SEAT", "throwing one's cards face up", _in_play_possible, _throw_down),
    Act("claim", "W-C2", "! claim SEAT", "showing one's cards to claim every trick", _claim_possible, _claim),
    Act("drop-card", "W-C3", "! drop-card SEAT CARD", "a card dropped face up", _drop_card_possible, _drop_card),
    Act("ask-honour", "W-C4", "! ask-honour SEAT", "asking partner whether he played an honour",
        _ask_honour_possible, _ask_honour),
    Act("revoke", "W-R1", "! revoke SEAT CARD", "not following suit when able", _revoke_possible, _revoke),
    Act("correct-revoke", "W-R2", "! correct-revoke SEAT", "a revoke corrected before the trick is turned",
        _correct_revoke_possible, _correct_revoke),
    Act("false-call", "W-H4", "! false-call SEAT", "a call at eight without the honours, at another score, or "
        "after playing", _false_call_possible, _false_call),
    Act("false-answer", "W-H5", "! false-answer SEAT", "an answer without an honour", _false_answer_possible,
        _false_answer),
    Act("remind-call", "W-H2", "! remind-call SEAT", "reminding partner to call", _remind_possible, _remind),
    Act("deal-out-of-turn", "W-D7", "! deal-out-of-turn SEAT", "dealing out of turn", _deal_out_of_turn_possible,
        _deal_out_of_turn),
    Act("trump-left", "W-T2", "! trump-left DEALER", "the turn-up left on the table after the first trick",
        _trump_left_possible, _trump_left),
    Act("forgets-trump", "W-T4", "! forgets-trump DEALER", "the dealer cannot remember the trump card",
        _forgets_trump_possible, _forgets_trump),
    Act("lead-again", "W-P4", "! lead-again SEAT CARD", "leading again before partner has played",
        _lead_again_possible, _lead_again),
    Act("omit-play", "W-P5", "! omit-play SEAT", "omitting to play to a trick", _omit_possible, _omit),
    Act("two-cards", "W-P6", "! two-cards SEAT CARD SECOND", "two cards played to a trick", _two_cards_possible,
        _two_cards),
    Act("extra-card-found", "W-P6", "! extra-card-found SEAT", "the second card played to a trick found",
        _twelve_found_possible, _twelve_found),
    Act("mix-cards", "W-R4", "! mix-cards SEAT", "mixing the cards when a revoke is claimed", _mix_possible,
        _mix_cards),
    Act("claim-revoke", "W-R5", "! claim-revoke SEAT", "claiming a revoke of the last hand after the cut",
        _claim_revoke_possible, _claim_revoke),
    Act("forget-honours", "W-H3", "! forget-honours SEAT", "not claiming one's honours at the end of the hand",
        _forget_possible, _forget),
    Act("claim-honours", "W-H3", "! claim-honours SEAT", "claiming honours left unclaimed",
        _claim_honours_possible, _claim_honours),
    Act("overscore", "W-H7", "! overscore SEAT POINTS", "points marked in error", _overscore_possible, _overscore),
    Act("prove-overscore", "W-H7", "! prove-overscore SEAT", "proving the adversaries' overscore", _prove_possible,
        _prove),
)}


def why_impossible(state: WhistState, act: Irregular) -> str:
    """Why the irregular act cannot be committed now ("" when it can)."""
    return why_act_impossible(state, act, ACTS, seats=4)


def commit(state: WhistState, act: Irregular) -> None:
    """Do what the act does at the table, then leave its ruling pending (or rule at once)."""
    ACTS[act.kind].commit(state, act)


def possible_acts(state: WhistState, seat: int) -> tuple[Irregular, ...]:
    """Irregular acts ``seat`` could commit now: one per kind and card (cards from the seat's own hand)."""
    candidates: list[Irregular] = []
    hand = tuple(str(CARDS[i]) for i in indices_of(state.deal.hands[seat]))
    for kind, spec in ACTS.items():
        if "SECOND" in spec.syntax:
            args: list[tuple[str, ...]] = list(pairwise(hand))
        elif "CARD" in spec.syntax:
            args = [(card,) for card in hand]
        elif "POINTS" in spec.syntax:
            args = [("1",), ("2",), ("4",)]
        else:
            args = [()]
        candidates += [Irregular(kind, seat, a) for a in args]
    return tuple(act for act in candidates if not why_impossible(state, act))


# ---------------------------------------------------------------------------------------------- remedies


def apply_remedy(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """Carry out the remedy chosen for ``pending`` and record the ruling with its law."""
    REMEDIES[remedy.name](state, pending, remedy)


def _new_deal(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    law = pending.irregularity.law
    passes = law == "W-D4" and state.rules.misdeal_loses_deal
    _void_deal(state, law, passes=passes)


def _stand(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """The deal stands. WHIST-21, WHIST-22 (W-§9 Q7 option B): the cards are taken up again and the hand is played
    out without any honour score for the offending side."""
    law = pending.irregularity.law
    if law in ("W-H4", "W-H5"):
        state.play_on_without_honours(pending.irregularity.offender & 1)
        state.rule(f"{law}: the deal stands; it is played out and the offending side scores no honours")
        return
    if law == "W-D7":
        _deal_stands(state, pending)
        return
    if law == "W-P5":
        state.rule("W-P5: the deal stands; the surplus card at the end counts as played to the trick missed")
        return
    state.rule(f"{law}: the deal stands" + (" (the card is not liable to be called)" if law == "W-D1" else ""))


def _lay_on_table(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-T1: the turn-up is laid on the table again until the dealer's turn to play (WHIST-24)."""
    state.place_turn_up(on_table=True)
    state.rule("W-T1: the turn-up is laid on the table again until the dealer's turn to play")


def _log(text: str) -> Callable[[WhistState, WhistPending, Remedy], None]:
    def remedy(state: WhistState, pending: WhistPending, chosen: Remedy) -> None:
        state.rule(f"{pending.irregularity.law}: {text}")

    return remedy


def _call_card(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-P1, W-C3, W-T2: the exposed card is called: it is played at its holder's first turn that allows it."""
    law = pending.irregularity.law
    seat = pending.irregularity.offender
    state.call_card(seat, pending.cards[0])
    _offer_now(state, seat)
    state.rule(f"{law}: {CARDS[pending.cards[0]]} is exposed and called")


def _call_named(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-C1, W-C2 (WHIST-16, WHIST-18) and every exposed card liable to be called: the adversaries name the card;
    it is played at his first turn that allows it without a revoke; his other exposed cards stay liable."""
    seat = pending.seat
    card = Card.parse(remedy.args[0]).index
    state.call_card(seat, card)
    _offer_now(state, seat)
    state.rule(f"{pending.irregularity.law}: the adversaries call {CARDS[card]} of seat {seat}")


def _leave(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """The adversaries do not call the exposed card now; it stays liable to be called at a later turn."""
    _offer_now(state, pending.seat if pending.seat >= 0 else pending.irregularity.offender)
    state.rule(f"{pending.irregularity.law}: the exposed card is not called now")


def _call_suit(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-P1: the card led in error is taken back (exposed); the rightful leader must lead the suit called."""
    suit = Suit.parse(remedy.args[0])
    state.require_lead(int(suit))
    state.rule(f"W-P1: seat {pending.seat} must lead {suit.name.lower()} if he can; the card led in error is "
          "taken back, exposed")


def _extreme_called(highest: bool) -> Callable[[WhistState, WhistPending, Remedy], None]:
    def remedy(state: WhistState, pending: WhistPending, chosen: Remedy) -> None:
        """W-R2, W-T3, W-C4: the seat's highest or lowest card of the suit concerned is called."""
        deal = state.deal
        law = pending.irregularity.law
        seat = pending.seat
        which = "highest" if highest else "lowest"
        if law == "W-P3":  # rule file Q5: every legal card would win: his highest or lowest legal card stands
            free = list(indices_of(_free_mask(state, seat)))
            card = (max if highest else min)(free, key=lambda c: (rank_of(c), c))
            state.call_card(seat, card)
            state.rule(f"W-P3: every card seat {seat} may play wins; the adversaries choose his {which}, "
                  f"{CARDS[card]}")
            return
        suit = deal.trump if law in ("W-T3", "W-T4") else suit_of(deal.trick[0]) if deal.trick else deal.trump
        card = _extreme(state, seat, suit, highest)
        if card >= 0:
            state.call_card(seat, card)
        state.rule(f"{law}: seat {seat} must play his {which} {Suit(suit).name.lower()[:-1]}"
              + (f" ({CARDS[card]})" if card >= 0 else ": he has none"))

    return remedy


def _neither(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """WHIST-11, WHIST-14, W-P3: the card is taken back; he may neither trump nor win, nor may his partner win."""
    offender = pending.irregularity.offender
    state.bar_from_winning(offender, nor_trump=True)
    state.bar_from_winning((offender + 2) & 3)
    state.rule(f"W-P3: seat {offender} takes back his card; he may neither trump nor win this trick, and his "
          "partner may not win it, unless a revoke is forced (WHIST-11, WHIST-14)")


def _partner_win(must: bool) -> Callable[[WhistState, WhistPending, Remedy], None]:
    def remedy(state: WhistState, pending: WhistPending, chosen: Remedy) -> None:
        """W-P3, Club 68: the card stands; the partner (second hand) is called on to win, or not to win."""
        offender = pending.irregularity.offender
        state.call_card(offender, pending.cards[0])
        partner = (offender + 2) & 3
        if must:
            state.oblige_to_win(partner)
        else:
            state.bar_from_winning(partner)
        state.rule(f"W-P3: seat {partner} is called on {'to win' if must else 'not to win'} the trick (Club 68)")

    return remedy


def _grant(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-C2: a sound claim: every remaining trick goes to the claimant's side, then the hand is scored."""
    seat = pending.seat
    remaining = state.concede_tricks(seat)
    state.rule(f"W-C2: seat {seat}'s claim is sound; his side takes the {remaining} remaining trick(s)")
    state.score_deal()


def _honours_shown(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    """W-§4.2: the side holds three honours after all: it scores them and goes out."""
    state.rule("W-§4.2: the calling side holds three honours; it scores two and wins the game")
    state.win_by_honours(pending.irregularity.offender & 1)


def _revoke_penalty(choice: str) -> Callable[[WhistState, WhistPending, Remedy], None]:
    def remedy(state: WhistState, pending: WhistPending, chosen: Remedy) -> None:
        """W-R1: three points: added to the adversaries, three tricks taken from the revokers, or deducted."""
        deal = state.deal
        offender_side = pending.seat & 1
        points = state.rules.revoke_points
        state.settle_revoke()
        state.rule(f"W-R1: the adversaries of seat {pending.seat} choose to {choice.replace('-', ' ')} "
              f"({points})")
        if choice == "take-tricks":
            state.move_tricks(offender_side, points)
        elif choice == "deduct":
            state.deduct(offender_side, points, "W-R1")
        elif state.score_points(1 - offender_side, points, "W-R1"):
            return
        if deal.revokes:
            rule_on_revokes(state)
        else:
            state.score_tricks_and_honours()

    return remedy


def _lose_point(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    state.deduct(pending.seat & 1, 1, "W-H2")
    state.rule(f"W-H2: the side of seat {pending.seat} loses one point")


def _consent(state: WhistState, pending: WhistPending, remedy: Remedy) -> None:
    state.rule("W-D10: fresh cards with everyone's consent: the next deal is made with a fresh pack")


REMEDIES: Final[dict[str, Callable[[WhistState, WhistPending, Remedy], None]]] = {
    "new-deal": _new_deal,
    "stand": _stand,
    "no-penalty": _log("forbidden, but no penalty"),
    "card-stands": _log("the card stands as the offender's play; the fourth hand may play before his partner"),
    "call-card": _call_card,
    "call-suit": _call_suit,
    "leave": _leave,
    "call": _call_named,
    "highest": _extreme_called(True),
    "lowest": _extreme_called(False),
    "neither-trump-nor-win": _neither,
    "partner-to-win": _partner_win(True),
    "partner-not-to-win": _partner_win(False),
    "grant": _grant,
    "honours": _honours_shown,
    "add": _revoke_penalty("add"),
    "take-tricks": _revoke_penalty("take-tricks"),
    "deduct": _revoke_penalty("deduct"),
    "lose-point": _lose_point,
    "lay-on-table": _lay_on_table,
    "let-it-be": _log("the turn-up stays in the dealer's hand"),
    "refuse": _log("fresh cards refused: play goes on with the same pack"),
    "consent": _consent,
    "play-on": _log("the call is void; the hand is played on"),
    "play-before": _play_before,
    "in-turn": _log("the fourth hand waits for his turn"),
    "stop": _log("the deal out of turn is stopped before the last card: the rightful dealer deals"),
    "oblige-win": _oblige_to_win,
    "partner-free": _log("the partner plays as he likes; the card led in error is exposed"),
    "too-late": _log("a revoke claimed after the cards are cut for the next deal is too late: no penalty"),
    "lost": _log("honours claimed after the next trump card is turned are lost"),
    "stands": _log("an overscore proved after the next trump card is turned stands"),
}
