"""Table mode for Le Quinze: the irregular acts the seed's laws QUINZE-19 … QUINZE-34 rule on.

An irregular act is an :class:`~academie.games.quinze.state.Irregular` action, ``! KIND SEAT [ARGS]``, accepted from any
seat when it is physically possible (:func:`why_impossible` says why not). Committing it does what happens at a
real table (a card lies face up, two cards come off the pack, a player gets up and leaves) and leaves a ruling
pending: the party the law names (or the table, when the law rules by itself) chooses a remedy with
``remedy NAME law=ID``. Every ruling is written to ``state.rulings`` and every penalty goes through the ledger
citing its law.

>>> from academie.engine import Mode
>>> from academie.games.quinze.state import QuinzeRules, QuinzeState
>>> state = QuinzeState.new(QuinzeRules(players=3, mode=Mode.TABLE), seed=4, first_dealer=2)
>>> _ = state.apply_text("! expose-deal 1")            # the dealer lets seat 1's card be seen
>>> state.actor, [str(a) for a in state.legal_actions()]
(1, ['remedy keep law=QUINZE-20', 'remedy burn-coup law=QUINZE-20'])
>>> _ = state.apply_text("remedy burn-coup law=QUINZE-20")
>>> state.rulings[-1]
'QUINZE-20: the coup is burnt at the request of seat 1 and dealt again from the pack'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from academie.cards import CARDS
from academie.games.quinze.state import JudgedPot, Phase, QuinzePending, QuinzeState
from academie.laws import Act, Irregular, Irregularity, Remedy, why_act_impossible


# ------------------------------------------------------------------------------------------------ helpers
def _pend(state: QuinzeState, law: str, offender: int, description: str, chooser: int | None,
          remedies: tuple[str, ...], *, seat: int = -1, cards: tuple[int, ...] = ()) -> None:
    state.pend(QuinzePending(Irregularity(law, offender, description, chooser, remedies), cards=cards, seat=seat))


def _engaged(state: QuinzeState, seat: int) -> bool:
    coup = state.coup
    return coup.in_coup[seat] and not coup.folded[seat] and not coup.declared[seat]


def _fresh_deal(state: QuinzeState) -> bool:
    """The cards are dealt and nobody has spoken yet (the time of the dealing laws QUINZE-20…24)."""
    coup = state.coup
    return (state.phase is Phase.OPENING and not coup.opened and not any(coup.folded)
            and not any(coup.announced) and len(state.operations) == coup.start + 1 + _acts_since_deal(state))


def _acts_since_deal(state: QuinzeState) -> int:
    """Irregular acts and remedies since the deal (they do not count as speech)."""
    coup = state.coup
    return sum(isinstance(op.action, (Irregular, Remedy)) for op in state.operations[coup.start + 1:])


def _in_play(state: QuinzeState) -> bool:
    return state.phase in (Phase.OPENING, Phase.DRAW)


def _first_adversary(state: QuinzeState, seat: int) -> int:
    """The adversary who speaks for the others: the next engaged player in order after ``seat``."""
    n = state.n
    for k in range(1, n):
        other = (seat + k) % n
        if _engaged(state, other):
            return other
    return (seat + 1) % n


def _seat_arg(act: Irregular, position: int = 0) -> int:
    try:
        return int(act.args[position])
    except (IndexError, ValueError):
        return -1


def _players_in(state: QuinzeState) -> int:
    return sum(state.coup.in_coup)


# ------------------------------------------------------------------------------------------------ QUINZE-19
def _change_position_possible(state: QuinzeState, act: Irregular) -> str:
    coup = state.coup
    if state.phase is not Phase.DRAW or not coup.stood[act.seat] or not _engaged(state, act.seat):
        return "only a player who has stood, while the others draw"
    return ""


def _change_position(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-19, Q-R14: a player who stood asks for a card; only his adversaries' consent allows it."""
    _pend(state, "QUINZE-19", act.seat, f"seat {act.seat} stood and asks to draw again",
          _first_adversary(state, act.seat), ("refuse", "consent"))


def _consent(state: QuinzeState, pending: QuinzePending) -> None:
    seat = pending.irregularity.offender
    state.let_draw_again(seat)
    state.rule( f"QUINZE-19: the adversaries consent; seat {seat} may draw again")


# ------------------------------------------------------------------------------------------------ QUINZE-20…24
def _deal_fault_possible(state: QuinzeState, act: Irregular) -> str:
    if not _fresh_deal(state):
        return "only when the cards have just been dealt, before anyone speaks"
    if not state.coup.in_coup[act.seat]:
        return f"seat {act.seat} has no card in this coup"
    return ""


def _expose_deal(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-20: a card seen in the deal through the dealer's fault: its owner keeps it or has the coup burnt."""
    state.expose(act.seat)
    _pend(state, "QUINZE-20", state.coup.dealer, f"seat {act.seat}'s card was seen through the dealer's fault",
          act.seat, ("keep", "burn-coup"), seat=act.seat)


def _expose_own(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-21: a card seen through its owner's fault: he keeps it and cannot have the coup burnt."""
    state.expose(act.seat)
    _pend(state, "QUINZE-21", act.seat, f"seat {act.seat} let his own card be seen", None, ("keep",),
          seat=act.seat)


def _burn_coup(state: QuinzeState, pending: QuinzePending) -> None:
    coup = state.coup
    cards = [coup.hole[s] for s in state.order() if coup.in_coup[s]]
    if state.pack_left < len(cards):
        state.rule("QUINZE-20: the pack is too short to burn the coup; the card is kept")
        return
    state.burn(cards)
    state.deal_again()
    state.rule( f"QUINZE-20: the coup is burnt at the request of seat {pending.seat} and dealt again from the pack")


def _expose_other_possible(state: QuinzeState, act: Irregular) -> str:
    offender = _seat_arg(act)
    coup = state.coup
    if not _in_play(state) or not _engaged(state, act.seat):
        return "only the hidden card of a player in the coup"
    if not 0 <= offender < state.n or offender == act.seat:
        return "expected `! expose-other SEAT OFFENDER` with another seat as the offender"
    if coup.substitute[act.seat] >= 0 or coup.revealed[act.seat]:
        return f"seat {act.seat}'s card is already known"
    return ""


def _expose_other(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-22: a card seen through another player's fault: its owner may take the next card face down,
    valid only against the offender."""
    offender = _seat_arg(act)
    state.expose(act.seat)
    remedies = ("keep",) if state.rules.substitute_card == "none" else ("keep", "substitute")  # option (Q7)
    _pend(state, "QUINZE-22", offender, f"seat {offender} exposed seat {act.seat}'s hidden card", act.seat,
          remedies, seat=act.seat)


def _substitute(state: QuinzeState, pending: QuinzePending) -> None:
    seat = pending.seat
    if not state.pack_left:
        state.rule("QUINZE-22: the pack is spent; the exposed card is kept")
        return
    state.give_substitute(seat, pending.irregularity.offender)
    state.rule( f"QUINZE-22: seat {seat} takes the next card face down, valid only against seat "
                 f"{pending.irregularity.offender}")


def _misdeal_possible(state: QuinzeState, act: Irregular) -> str:
    reason = _deal_fault_possible(state, act)
    if reason:
        return reason
    if act.args not in (("1",), ("-1",)):
        return "expected `! misdeal SEAT 1` (a card too many) or `! misdeal SEAT -1` (a card too few)"
    if state.pack_left < 3 * _players_in(state):
        return "the pack is too short to burn and deal again"
    return ""


def _misdeal(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-23: more or fewer cards dealt than players; the cards dealt are burnt, the round made complete."""
    extra = act.args == ("1",)
    cards = (state.take_from_pack(),) if extra else ()
    count = _players_in(state) + (1 if extra else -1)
    _pend(state, "QUINZE-23", state.coup.dealer, f"{count} cards were dealt to {_players_in(state)} players",
          None, ("burn-rounds",), seat=act.seat, cards=cards)


def _seen_in_deal(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-24: "une carte à donner est connue": the next card of the pack was seen; as law 23, and that card
    must be among those burnt, or it would reach a player face down and known (noted in the pending ruling, left in
    the pack until the remedy burns it)."""
    _pend(state, "QUINZE-24", state.coup.dealer, f"seat {act.seat} saw the next card to be dealt", None,
          ("burn-rounds",), seat=act.seat, cards=(state.pack_bottom(),))


def _deal_order(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-24: "l'ordre de la donne est interverti": as law 23, no card but those dealt being known."""
    _pend(state, "QUINZE-24", state.coup.dealer, f"the order of dealing was disturbed (seat {act.seat} served out "
          "of turn)", None, ("burn-rounds",), seat=act.seat)


def _seen_possible(state: QuinzeState, act: Irregular) -> str:
    reason = _deal_fault_possible(state, act)
    if not reason and state.pack_left < 3 * _players_in(state):
        return "the pack is too short to burn and deal again"
    return reason


def _burn_rounds(state: QuinzeState, pending: QuinzePending) -> None:
    """QUINZE-23/24: burn one complete round (N cards, those dealt included) when no more than N must go, two (2N)
    when more; then deal again correctly. QUINZE-24: a known card about to be dealt must go too, so it counts with
    those dealt (N + 1: two rounds) and is the first card taken off the pack to complete them."""
    coup = state.coup
    players = _players_in(state)
    law = pending.irregularity.law
    holes = [coup.hole[s] for s in state.order() if coup.in_coup[s]]
    if law == "QUINZE-23" and not pending.cards:
        state.put_back_under(coup.hole[pending.seat])  # the short player never had his card: it is still the bottom
        holes.remove(coup.hole[pending.seat])
    dealt = holes + list(pending.cards) if law == "QUINZE-23" else holes
    known = len(pending.cards) if law == "QUINZE-24" else 0
    rounds = 2 if len(dealt) + known > players else 1
    more = [state.take_from_pack() for _ in range(rounds * players - len(dealt))]
    state.burn(dealt + more)
    state.deal_again()
    also = " and the card seen" if known else ""
    state.rule(f"{law}: {rounds} complete round(s) burnt ({rounds * players} cards, those dealt{also} included); the "
               "cards are dealt again")


# ------------------------------------------------------------------------------------------------ QUINZE-28
def _leave_possible(state: QuinzeState, act: Irregular) -> str:
    if not _in_play(state) or not state.coup.in_coup[act.seat] or state.coup.folded[act.seat]:
        return "only a player with a card in the coup"
    if sum(1 for s in range(state.n) if _engaged(state, s)) <= 2 and state.coup.opened:
        return "leaving would end the contest; throw the cards in (pass) instead"
    return ""


def _leave(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-28: a player leaves without a replacement. The dealer ("si c'est à lui à donner") chooses: his pack
    is burnt, "à moins qu'il ne veuille achever le jeu en brûlant sa carte"; any other player's card is burnt and
    he is dealt no more cards (the deal passes over him, with a fresh pack, when his turn comes)."""
    if act.seat == state.coup.dealer:
        _pend(state, "QUINZE-28", act.seat, f"seat {act.seat}, the dealer, leaves the table without a replacement",
              act.seat, ("burn-pack", "finish-pack"), seat=act.seat)
        return
    _pend(state, "QUINZE-28", act.seat, f"seat {act.seat} leaves the table without a replacement", None,
          ("burn-card",), seat=act.seat)


def _burn_leaver(state: QuinzeState, pending: QuinzePending) -> None:
    seat = pending.seat
    state.withdraw(seat, f"QUINZE-28: seat {seat}'s card is burnt; he loses what he staked and is dealt no more "
                   "cards", leaves_table=True)


def _burn_pack(state: QuinzeState, pending: QuinzePending) -> None:
    """QUINZE-28: the dealer who leaves has his pack burnt (his choice)."""
    seat = pending.seat
    when = "after this coup" if state.coup.opened else "now, with the cards of this coup"
    state.dealer_leaves(f"QUINZE-28: seat {seat}, the dealer, leaves; his card is burnt, he loses what he staked, "
                        f"and his pack is burnt {when}; the next player deals the other pack", burn_pack=True)


def _finish_pack(state: QuinzeState, pending: QuinzePending) -> None:
    """QUINZE-28: the dealer who leaves finishes his pack, his card burnt (his choice)."""
    seat = pending.seat
    state.dealer_leaves(f"QUINZE-28: seat {seat}, the dealer, leaves and finishes his pack; his card is burnt, he "
                        "loses what he staked and deals on without playing until his pack is done", burn_pack=False)


# ------------------------------------------------------------------------------------------------ QUINZE-29
def _drawer_turn(state: QuinzeState) -> int:
    coup = state.coup
    if state.phase is not Phase.DRAW or coup.to_respond or coup.word or not coup.drawers or not state.pack_left:
        return -1
    return coup.drawers[0]


def _gesture_possible(state: QuinzeState, act: Irregular) -> str:
    return "" if _drawer_turn(state) == act.seat else "only the player whose turn it is to draw"


def _gesture(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-29: the dealer obeys the spoken word only, never a gesture: no card is given."""
    _pend(state, "QUINZE-29", act.seat, f"seat {act.seat} asks for a card by a gesture", None, ("no-card",))


def _detach_possible(state: QuinzeState, act: Irregular) -> str:
    drawer = _drawer_turn(state)
    if drawer < 0 or drawer != state.coup.dealer or act.seat != drawer:
        return "only the dealer, drawing for himself"
    return ""


def _detach(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-29: for his own hand, a card the dealer has detached is a card taken."""
    _pend(state, "QUINZE-29", act.seat, f"the dealer (seat {act.seat}) detached a card", None, ("taken",))


def _taken(state: QuinzeState, pending: QuinzePending) -> None:
    state.rule("QUINZE-29: a card detached by the dealer for himself is a card taken")
    state.serve(pending.irregularity.offender)


# ------------------------------------------------------------------------------------------------ QUINZE-30
def _look_burnt_possible(state: QuinzeState, act: Irregular) -> str:
    if not _in_play(state) or not _engaged(state, act.seat) or not state.coup.opened:
        return "only a player engaged in a coup"
    return "" if state.dead_cards() else "there are no burnt or dead cards to look at"


def _look_burnt(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-30: looking at the burnt cards against the adversary's will loses what is at stake."""
    _pend(state, "QUINZE-30", act.seat, f"seat {act.seat} looked at the burnt cards",
          _first_adversary(state, act.seat), ("forfeit", "allow"), seat=act.seat)


def _forfeit(state: QuinzeState, pending: QuinzePending) -> None:
    seat = pending.seat
    state.withdraw(seat, f"QUINZE-30: seat {seat} looked at the burnt cards against his adversary's will and loses "
                   f"what he staked ({state.coup.contrib[seat] + state.rules.ante})")


# ------------------------------------------------------------------------------------------------ QUINZE-32…33
def _dealer_gives_possible(state: QuinzeState, act: Irregular) -> str:
    drawer = _drawer_turn(state)
    if drawer < 0 or act.seat != state.coup.dealer:
        return "only the dealer, while a player is drawing"
    if state.pack_left < 2:
        return "the pack holds fewer than two cards"
    return ""


def _two_cards(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-32: the dealer gives two cards: the receiver takes both or chooses."""
    cards = (state.take_from_pack(), state.take_from_pack())
    drawer = state.coup.drawers[0]
    _pend(state, "QUINZE-32", act.seat, f"the dealer gave seat {drawer} two cards: "
          f"{CARDS[cards[0]]} {CARDS[cards[1]]}", drawer, ("take-first", "take-second", "take-both"),
          seat=drawer, cards=cards)


def _unasked(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-33: a card given without being asked: the receiver keeps it (the penalty of law 32 follows) or
    refuses it (it goes back under the pack: no card may be burnt, QUINZE-28)."""
    card = state.take_from_pack()
    drawer = state.coup.drawers[0]
    _pend(state, "QUINZE-33", act.seat, f"the dealer gave seat {drawer} {CARDS[card]} unasked", drawer,
          ("penalty", "refuse"), seat=drawer, cards=(card,))


def _take(which: tuple[int, ...]) -> Callable[[QuinzeState, QuinzePending], None]:
    def remedy(state: QuinzeState, pending: QuinzePending) -> None:
        """QUINZE-32/33: the chosen cards are the receiver's; a refused card goes back under the pack (seen by
        all, it may not be burnt, QUINZE-28); with several engaged the dealer owes what the others could have won."""
        seat = pending.seat
        kept = [pending.cards[i] for i in which]
        for card in reversed([c for i, c in enumerate(pending.cards) if i not in which]):
            state.put_back_under(card)
        state.mark_aided(seat)
        law = pending.irregularity.law
        state.rule(f"{law}: seat {seat} takes {' '.join(str(CARDS[c]) for c in kept)}")
        state.keep_cards(seat, kept)

    return remedy


def _refuse_unasked(state: QuinzeState, pending: QuinzePending) -> None:
    state.put_back_under(pending.cards[0])
    state.rule( f"QUINZE-33: seat {pending.seat} refuses the card; it goes back under the pack")


def _show_possible(state: QuinzeState, act: Irregular) -> str:
    if _drawer_turn(state) < 0 or act.seat != state.coup.dealer:
        return "only the dealer, while a player is drawing"
    return "the next card is already shown" if state.coup.shown_card >= 0 else ""


def _burn_possible(state: QuinzeState, act: Irregular) -> str:
    return "" if _drawer_turn(state) >= 0 and act.seat == state.coup.dealer else \
        "only the dealer, while a player is drawing"


def _show_card(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-33: the dealer shows the next card while bets are engaged: it stays the next card (QUINZE-28: no
    card may be burnt, even turned up), known to all; the penalty of law 32 follows."""
    card = state.show_next_card()
    drawer = state.coup.drawers[0]
    _pend(state, "QUINZE-33", act.seat, f"the dealer showed the next card, {CARDS[card]}, while seat {drawer} draws",
          None, ("penalty",), seat=drawer)


def _burn_card(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-33: the dealer burns a card while bets are engaged: it is out of play, unseen; the penalty of law 32
    follows and can be softened only with the consent of those concerned (their first player speaks)."""
    state.burn([state.take_from_pack()])
    drawer = state.coup.drawers[0]
    _pend(state, "QUINZE-33", act.seat, f"the dealer burnt a card while seat {drawer} draws",
          _first_adversary(state, act.seat), ("penalty", "soften"), seat=drawer)


def _penalty(state: QuinzeState, pending: QuinzePending) -> None:
    """QUINZE-33 (as law 32): an unasked card is kept by its receiver; a shown or burnt card: the player drawing is
    the one the fault may have helped. The dealer's penalty is settled with the pot (:func:`dealer_fault`)."""
    if pending.cards:
        _take((0,))(state, pending)
        return
    state.mark_aided(pending.seat)
    state.rule(f"QUINZE-33: {pending.irregularity.description}; the dealer owes the penalty of law 32")


def _several_engaged(state: QuinzeState) -> bool:
    """QUINZE-32: "c'est l'unique punition si le donneur est seul engagé" (against the receiver), "mais qu'il soit
    du coup, ou non, s'il y a plusieurs engagés, il paie": the dealer's own part in the coup does not count either
    way, so several means two or more engaged players besides the dealer (the receiver one of them)."""
    coup = state.coup
    return sum(1 for s in range(state.n) if s != coup.dealer and coup.in_coup[s] and not coup.folded[s]) >= 2


def _judges(state: QuinzeState) -> list[int]:
    """QUINZE-32: the players not concerned: not engaged in the coup, not the dealer, still at the table."""
    coup = state.coup
    return [s for s in state.order() if s != coup.dealer and not state.left[s]
            and (not coup.in_coup[s] or coup.folded[s])]


def dealer_fault(state: QuinzeState, pots: tuple[JudgedPot, ...], notes: tuple[str, ...],
                 winners: tuple[int, ...]) -> bool:
    """QUINZE-32/33 at the settlement, with several engaged: the dealer pays, up to his money, what each could have
    won when the cards plainly changed the coup. Rules option ``fault_judgment``: "winner" (the rule file's §7.1
    approximation: they did when the player they served won the pot; settled here, returns False) or "neutral"
    (the players not concerned judge: a ruling is left pending, returns True; the approximation without judges)."""
    if not _several_engaged(state):
        return False
    judges = _judges(state)
    if state.rules.fault_judgment == "neutral" and judges:
        question = Irregularity("QUINZE-32", state.coup.dealer, "did the cards the dealer gave, showed or burnt "
                                "plainly change the coup? (the players not concerned judge)", judges[0],
                                ("changed", "unchanged"))
        state.pend(QuinzePending(question, pots=pots, notes=notes, winners=winners))
        return True
    aided = state.coup.aided
    for index, (won, eligible, shares) in enumerate(pots):
        if aided[won[0]]:
            _dealer_pays(state, [s for s in eligible if s not in (won[0], state.coup.dealer)], shares,
                         main=index == 0)
    return False


def _dealer_pays(state: QuinzeState, seats: list[int], shares: tuple[int, ...], *, main: bool) -> None:
    """QUINZE-32: the dealer pays each seat what he put in the pot (with his ante in the main pot), up to his
    cave."""
    dealer = state.coup.dealer
    for seat in seats:
        amount = min(shares[seat] + (state.rules.ante if main else 0), state.caves[dealer])
        if amount:
            state.pay(dealer, seat, amount, "QUINZE-32")
            state.rule( f"QUINZE-32: the dealer pays seat {seat} the {amount} he could have won")


def _judged_changed(state: QuinzeState, pending: QuinzePending) -> None:
    """QUINZE-32 (fault_judgment "neutral"): the players not concerned judge that the cards changed the coup: the
    dealer pays every engaged player who did not win the pot and was not served the cards."""
    coup = state.coup
    state.rule("QUINZE-32: the players not concerned judge that the cards plainly changed the coup")
    for index, (won, eligible, shares) in enumerate(pending.pots):
        losers = [s for s in eligible if s not in won and s != coup.dealer and not coup.aided[s]]
        _dealer_pays(state, losers, shares, main=index == 0)
    state.finish_coup(pending.notes, pending.winners)


def _judged_unchanged(state: QuinzeState, pending: QuinzePending) -> None:
    state.rule("QUINZE-32: the players not concerned judge that the cards did not change the coup; no penalty")
    state.finish_coup(pending.notes, pending.winners)


# ------------------------------------------------------------------------------------------------ QUINZE-34
def _compose_possible(state: QuinzeState, act: Irregular) -> str:
    coup = state.coup
    if not _in_play(state) or not coup.opened or not _engaged(state, act.seat):
        return "only a player engaged in an opened coup"
    if any(coup.up):
        return "a composition can be objected to only before a card is taken; afterwards the engine offers none"
    return ""


def _compose(state: QuinzeState, act: Irregular) -> None:
    """QUINZE-34: a composition (the pot shared among the engaged) before a card is taken: any player may veto."""
    _pend(state, "QUINZE-34", act.seat, f"seat {act.seat} proposes to share the pot among the engaged players",
          (act.seat + 1) % state.n, ("veto", "agree"), seat=act.seat)


def _agree(state: QuinzeState, pending: QuinzePending) -> None:
    coup = state.coup
    engaged = [s for s in state.order() if coup.in_coup[s] and not coup.folded[s]]
    pot = state.pot()
    share, extra = divmod(pot, len(engaged))
    for i, seat in enumerate(engaged):
        amount = share + (1 if i < extra else 0)
        if amount:
            state.pay_from_pot(seat, amount, "QUINZE-34")
    state.rule(f"QUINZE-34: the composition stands; the pot of {pot} is shared by seats "
                 f"{', '.join(map(str, engaged))}")
    state.finish_coup([f"the pot of {pot} is shared by composition (QUINZE-34)"], tuple(engaged))


# ------------------------------------------------------------------------------------------------ tables
ACTS: Final[dict[str, Act[QuinzeState]]] = {act.kind: act for act in (
    Act("change-position", "QUINZE-19", "! change-position SEAT", "a player who stood asks to draw again",
        _change_position_possible, _change_position),
    Act("expose-deal", "QUINZE-20", "! expose-deal SEAT", "a card seen in the deal by the dealer's fault",
        _deal_fault_possible, _expose_deal),
    Act("expose-own", "QUINZE-21", "! expose-own SEAT", "a player lets his own card be seen",
        _deal_fault_possible, _expose_own),
    Act("expose-other", "QUINZE-22", "! expose-other SEAT OFFENDER", "another player exposes a hidden card",
        _expose_other_possible, _expose_other),
    Act("misdeal", "QUINZE-23", "! misdeal SEAT ±1", "a card too many or too few dealt", _misdeal_possible,
        _misdeal),
    Act("seen-in-deal", "QUINZE-24", "! seen-in-deal SEAT", "a card about to be dealt is seen (by SEAT)",
        _seen_possible, _seen_in_deal),
    Act("deal-order", "QUINZE-24", "! deal-order SEAT", "the order of dealing disturbed (SEAT served out of turn)",
        _seen_possible, _deal_order),
    Act("leave", "QUINZE-28", "! leave SEAT", "a player leaves without a replacement", _leave_possible, _leave),
    Act("gesture", "QUINZE-29", "! gesture SEAT", "a card asked for by a gesture", _gesture_possible, _gesture),
    Act("detach", "QUINZE-29", "! detach DEALER", "the dealer detaches a card for himself", _detach_possible,
        _detach),
    Act("look-burnt", "QUINZE-30", "! look-burnt SEAT", "looking at the burnt cards", _look_burnt_possible,
        _look_burnt),
    Act("two-cards", "QUINZE-32", "! two-cards DEALER", "the dealer gives two cards", _dealer_gives_possible,
        _two_cards),
    Act("unasked-card", "QUINZE-33", "! unasked-card DEALER", "the dealer gives a card unasked",
        _dealer_gives_possible, _unasked),
    Act("show-card", "QUINZE-33", "! show-card DEALER", "the dealer shows the next card", _show_possible,
        _show_card),
    Act("burn-card", "QUINZE-33", "! burn-card DEALER", "the dealer burns a card", _burn_possible, _burn_card),
    Act("compose", "QUINZE-34", "! compose SEAT", "a composition proposed before a card is taken",
        _compose_possible, _compose),
)}


def why_impossible(state: QuinzeState, act: Irregular) -> str:
    """Why the irregular act cannot be committed now ("" when it can)."""
    if state.rules.form != "A":
        return "the laws of irregularities are those of Form A"
    return why_act_impossible(state, act, ACTS, seats=state.n)


def commit(state: QuinzeState, act: Irregular) -> None:
    """Do what the act does at the table, then leave its ruling pending."""
    ACTS[act.kind].commit(state, act)


def possible_acts(state: QuinzeState, seat: int) -> tuple[Irregular, ...]:
    """Irregular acts ``seat`` could commit now (one per kind and argument)."""
    candidates: list[Irregular] = []
    for kind, spec in ACTS.items():
        if "OFFENDER" in spec.syntax:
            args: list[tuple[str, ...]] = [(str(o),) for o in range(state.n) if o != seat]
        elif "±1" in spec.syntax:
            args = [("1",), ("-1",)]
        else:
            args = [()]
        candidates += [Irregular(kind, seat, a) for a in args]
    return tuple(act for act in candidates if not why_impossible(state, act))


def apply_remedy(state: QuinzeState, pending: QuinzePending, remedy: Remedy) -> None:
    """Carry out the remedy chosen for ``pending`` and record the ruling with its law."""
    REMEDIES[(remedy.law, remedy.name)](state, pending)


def _log(text: str) -> Callable[[QuinzeState, QuinzePending], None]:
    def remedy(state: QuinzeState, pending: QuinzePending) -> None:
        state.rule(text)

    return remedy


REMEDIES: Final[dict[tuple[str, str], Callable[[QuinzeState, QuinzePending], None]]] = {
    ("QUINZE-19", "refuse"): _log("QUINZE-19: the adversaries refuse; standing is final"),
    ("QUINZE-19", "consent"): _consent,
    ("QUINZE-20", "keep"): _log("QUINZE-20: the owner keeps his seen card"),
    ("QUINZE-20", "burn-coup"): _burn_coup,
    ("QUINZE-21", "keep"): _log("QUINZE-21: the card was seen by its owner's fault; he keeps it"),
    ("QUINZE-22", "keep"): _log("QUINZE-22: the owner keeps his exposed card"),
    ("QUINZE-22", "substitute"): _substitute,
    ("QUINZE-23", "burn-rounds"): _burn_rounds,
    ("QUINZE-24", "burn-rounds"): _burn_rounds,
    ("QUINZE-28", "burn-card"): _burn_leaver,
    ("QUINZE-28", "burn-pack"): _burn_pack,
    ("QUINZE-28", "finish-pack"): _finish_pack,
    ("QUINZE-29", "no-card"): _log("QUINZE-29: a gesture is not a request; no card is given"),
    ("QUINZE-29", "taken"): _taken,
    ("QUINZE-30", "forfeit"): _forfeit,
    ("QUINZE-30", "allow"): _log("QUINZE-30: the adversary allows the look; no penalty"),
    ("QUINZE-32", "take-first"): _take((0,)),
    ("QUINZE-32", "take-second"): _take((1,)),
    ("QUINZE-32", "take-both"): _take((0, 1)),
    ("QUINZE-33", "refuse"): _refuse_unasked,
    ("QUINZE-33", "penalty"): _penalty,
    ("QUINZE-33", "soften"): _log("QUINZE-33: those concerned consent to soften the penalty of the burnt card"),
    ("QUINZE-32", "changed"): _judged_changed,
    ("QUINZE-32", "unchanged"): _judged_unchanged,
    ("QUINZE-34", "veto"): _log("QUINZE-34: the composition is vetoed; the coup is played out"),
    ("QUINZE-34", "agree"): _agree,
}
