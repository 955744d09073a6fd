"""The classical Écarté bot: the advice of the old books (rule file §8), rule by rule.

Every decision cites its paragraph: the jeux de règle the elder stands on (E-§8.2), the dealer's table for
accepting or refusing (E-§8.3), the discard of everything but trumps and kings, the leads and the
score-dependent advice (E-§8.4), and the nearly forced second-hand play (E-§5, E-§8.5). The hand tests are
plain functions so that the search bot can use them as its model of an opponent.

>>> from academie.cards import Suit, parse_cards
>>> jeu_de_regle(parse_cards("QS AS 7S KH KD"), Suit.SPADES)[0]
'three or more trumps'
>>> dealer_refuses(parse_cards("KH QD 8C 9S 7H"), Suit.SPADES)
(True, 'refuses (« je joue »): a trump, and the king or the queen in two other suits (§8.3)')

Each reason is a :class:`~academie.bots.Reason`: plain words a screen says in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from academie.bots import OpenReason, Reason
from academie.bots.random import NoLegalActionError
from academie.cards import CARDS, PACK_32, Card, Rank, Suit, card_index
from academie.engine import Action
from academie.games.ecarte.state import (
    ACCEPT,
    MARK_KING,
    PROPOSE,
    REFUSE,
    STAND,
    Accept,
    Discard,
    EcarteView,
    Phase,
    Play,
    TakeBack,
)
from academie.games.ecarte.state import STRENGTH as _STRENGTH

KING, QUEEN, JACK, ACE, TEN = 7, 6, 5, 4, 3
"""Strengths (E-§2.1: K Q J A 10 9 8 7, index = strength)."""


def strength(card: Card) -> int:
    """E-§2.1: 7 for the king down to 0 for the seven."""
    return _STRENGTH[card.index]


def is_court(card: Card) -> bool:
    return card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)


def _by_suit(cards: Iterable[Card], trump: int) -> dict[int, list[Card]]:
    """The plain (non-trump) cards by suit, strongest first."""
    suits: dict[int, list[Card]] = {}
    for card in sorted(cards, key=strength, reverse=True):
        if card.suit != trump:
            suits.setdefault(card.suit, []).append(card)
    return suits


def _trumps(cards: Iterable[Card], trump: int) -> list[Card]:
    return sorted((c for c in cards if c.suit == trump), key=strength, reverse=True)


def keep_value(card: Card, trump: int) -> int:
    """How much a card is worth keeping (E-§8.4: trumps first, then kings, then by rank)."""
    return strength(card) + (20 if card.suit == trump else 10 if card.rank is Rank.KING else 0)


# ------------------------------------------------------------------------------------------ hand tests
def jeu_de_regle(cards: Sequence[Card], trump: int) -> tuple[str, ...]:
    """The reasons (E-§8.2, items 1–5) for which a hand is a jeu de règle, played without proposing.

    Item 2's "two guarded knaves/other high cards in two suits" cannot be read literally with two trumps
    (only three plain cards remain), so it is read as a knave or better in each of two plain suits.

    >>> from academie.cards import Suit, parse_cards
    >>> jeu_de_regle(parse_cards("KH QH JH 8D 9S"), Suit.SPADES)
    ('one trump and a tierce major',)
    >>> jeu_de_regle(parse_cards("7H 8H 9D TC 9S"), Suit.SPADES)
    ()
    """
    trumps = _trumps(cards, trump)
    suits = _by_suit(cards, trump)
    plain = [c for s in suits.values() for c in s]
    kings = [c for c in plain if c.rank is Rank.KING]
    queens = [c for c in plain if c.rank is Rank.QUEEN]
    reasons = []
    if len(trumps) >= 3:
        reasons.append("three or more trumps")
    if len(trumps) == 2:
        if any(len(s) >= 3 for s in suits.values()):
            reasons.append("two trumps and three cards of a plain suit")
        if kings:
            reasons.append("two trumps and a plain king")
        if any(s[0].rank is Rank.QUEEN and len(s) >= 2 for s in suits.values()):
            reasons.append("two trumps and a guarded queen")
        if sum(1 for s in suits.values() if strength(s[0]) >= JACK) >= 2:
            reasons.append("two trumps and high cards in two plain suits")
    if len(trumps) == 1:
        reasons += _one_trump_reasons(suits, queens, kings)
    if not trumps:
        courts = [c for c in plain if is_court(c)]
        if len(courts) >= 4 and len({c.suit for c in courts}) >= 3:
            reasons.append("four court cards in three suits")
        if len(queens) >= 3:
            reasons.append("three queens")
    if sum(1 for c in cards if c.suit != trump and c.rank is not Rank.KING) <= 2:
        reasons.append("only two cards to discard without a king or a trump")
    return tuple(reasons)


def _one_trump_reasons(suits: dict[int, list[Card]], queens: list[Card], kings: list[Card]) -> list[str]:
    """E-§8.2 item 3: one trump and a tierce major, four of a suit, two queens, Q + guarded J, or K + Q."""
    reasons = []
    if any([c.rank for c in s[:3]] == [Rank.KING, Rank.QUEEN, Rank.JACK] for s in suits.values()):
        reasons.append("one trump and a tierce major")
    if any(len(s) >= 4 for s in suits.values()):
        reasons.append("one trump and four cards of a plain suit")
    if len(queens) >= 2:
        reasons.append("one trump and two queens")
    guarded_jacks = [s[0] for s in suits.values() if s[0].rank is Rank.JACK and len(s) >= 2]
    if any(q.suit != j.suit for q in queens for j in guarded_jacks):
        reasons.append("one trump, a queen and a guarded knave")
    if any(k.suit != q.suit for k in kings for q in queens):
        reasons.append("one trump, a king and a queen")
    return reasons


_STANDS: Final = {
    "three or more trumps":
        Reason("plays without proposing (« je joue »): three trumps or more are a jeu de règle (§8.2)"),
    "two trumps and three cards of a plain suit":
        Reason("plays without proposing (« je joue »): two trumps and three cards of another suit are a jeu de "
               "règle (§8.2)"),
    "two trumps and a plain king":
        Reason("plays without proposing (« je joue »): two trumps and a king of another suit are a jeu de règle "
               "(§8.2)"),
    "two trumps and a guarded queen":
        Reason("plays without proposing (« je joue »): two trumps and a guarded queen are a jeu de règle (§8.2)"),
    "two trumps and high cards in two plain suits":
        Reason("plays without proposing (« je joue »): two trumps and a knave or better in two other suits are a "
               "jeu de règle (§8.2)"),
    "one trump and a tierce major":
        Reason("plays without proposing (« je joue »): one trump and a tierce major (king, queen and knave of a "
               "suit) are a jeu de règle (§8.2)"),
    "one trump and four cards of a plain suit":
        Reason("plays without proposing (« je joue »): one trump and four cards of another suit are a jeu de règle "
               "(§8.2)"),
    "one trump and two queens":
        Reason("plays without proposing (« je joue »): one trump and two queens are a jeu de règle (§8.2)"),
    "one trump, a queen and a guarded knave":
        Reason("plays without proposing (« je joue »): one trump, a queen and a guarded knave of another suit are "
               "a jeu de règle (§8.2)"),
    "one trump, a king and a queen":
        Reason("plays without proposing (« je joue »): one trump, a king and a queen of another suit are a jeu de "
               "règle (§8.2)"),
    "four court cards in three suits":
        Reason("plays without proposing (« je joue »): no trump, but four court cards in three suits are a jeu de "
               "règle (§8.2)"),
    "three queens":
        Reason("plays without proposing (« je joue »): no trump, but three queens are a jeu de règle (§8.2)"),
    "only two cards to discard without a king or a trump":
        Reason("plays without proposing (« je joue »): at most two of its cards are neither trumps nor kings, a jeu "
               "de règle (§8.2)"),
}
"""The elder's words for each jeu de règle he stands on (E-§8.2)."""

_REFUSES: Final = {
    "three or more trumps":
        Reason("refuses (« je joue »): three trumps or more, a jeu de règle strong enough to refuse with (§8.3)"),
    "two trumps and three cards of a plain suit":
        Reason("refuses (« je joue »): two trumps and three cards of another suit headed by a court card, a jeu de "
               "règle strong enough to refuse with (§8.3)"),
    "two trumps and a plain king":
        Reason("refuses (« je joue »): two trumps and a king of another suit, a jeu de règle strong enough to "
               "refuse with (§8.3)"),
    "two trumps and a guarded queen":
        Reason("refuses (« je joue »): two trumps and a guarded queen, a jeu de règle strong enough to refuse with "
               "(§8.3)"),
    "two trumps and high cards in two plain suits":
        Reason("refuses (« je joue »): two trumps and a knave or better in two other suits, a jeu de règle strong "
               "enough to refuse with (§8.3)"),
    "one trump and a tierce major":
        Reason("refuses (« je joue »): one trump, a tierce major and a court card besides, a jeu de règle strong "
               "enough to refuse with (§8.3)"),
    "one trump and two queens":
        Reason("refuses (« je joue »): one trump and two guarded queens, a jeu de règle strong enough to refuse "
               "with (§8.3)"),
    "one trump, a queen and a guarded knave":
        Reason("refuses (« je joue »): one trump, a queen and a guarded knave, a jeu de règle strong enough to "
               "refuse with (§8.3)"),
    "one trump, a king and a queen":
        Reason("refuses (« je joue »): one trump, a king and a queen of another suit, a jeu de règle strong enough "
               "to refuse with (§8.3)"),
    "four court cards in three suits":
        Reason("refuses (« je joue »): four court cards in three suits, a jeu de règle strong enough to refuse with "
               "(§8.3)"),
    "three queens":
        Reason("refuses (« je joue »): three queens, two of them guarded, a jeu de règle strong enough to refuse "
               "with (§8.3)"),
    "only two cards to discard without a king or a trump":
        Reason("refuses (« je joue »): at most two of its cards are neither trumps nor kings, a jeu de règle strong "
               "enough to refuse with (§8.3)"),
}
"""The dealer's words for each jeu de règle strong enough to refuse with (E-§8.3)."""


def _too_weak_to_refuse(reason: str, cards: Sequence[Card], trump: int) -> bool:
    """E-§8.3: the jeux de règle that are too weak for the dealer to refuse with."""
    suits = _by_suit(cards, trump)
    if reason == "two trumps and three cards of a plain suit":
        return any(len(s) >= 3 and not is_court(s[0]) for s in suits.values())
    if reason == "one trump and a tierce major":
        tierce = next(s[:3] for s in suits.values() if [c.rank for c in s[:3]] == [Rank.KING, Rank.QUEEN, Rank.JACK])
        return not any(is_court(c) for s in suits.values() for c in s if c not in tierce)
    if reason == "one trump and four cards of a plain suit":
        return True
    if reason == "one trump and two queens":
        return sum(1 for s in suits.values() if s[0].rank is Rank.QUEEN and len(s) == 2) < 2
    if reason == "one trump, a queen and a guarded knave":
        queen_guarded = any(s[0].rank is Rank.QUEEN and len(s) >= 2 for s in suits.values())
        fourth = [s for s in suits.values() if s[0].rank not in (Rank.QUEEN, Rank.JACK)]
        return not queen_guarded and not any(is_court(s[0]) for s in fourth)
    if reason == "one trump, a king and a queen":
        unguarded = all(len(s) == 1 for s in suits.values() if s[0].rank in (Rank.KING, Rank.QUEEN))
        fourth = [s for s in suits.values() if s[0].rank not in (Rank.KING, Rank.QUEEN)]
        return unguarded and not any(strength(s[0]) >= ACE for s in fourth)
    if reason == "three queens":
        return sum(1 for s in suits.values() if s[0].rank is Rank.QUEEN and len(s) == 2) < 2
    return False


def guarded_suits(cards: Sequence[Card], trump: int) -> int:
    """E-§8.3: the plain suits in which the hand holds the king or the queen (a queen counts as a guard)."""
    return sum(1 for s in _by_suit(cards, trump).values() if strength(s[0]) >= QUEEN)


def dealer_refuses(cards: Sequence[Card], trump: int) -> tuple[bool, Reason]:
    """E-§8.3: whether the dealer refuses a proposal with this hand, and why in words.

    >>> from academie.cards import Suit, parse_cards
    >>> dealer_refuses(parse_cards("AH 9H 8H 7H 9S"), Suit.SPADES)  # one trump and four of a suit: too weak
    (False, 'accepts (« combien ? »): a jeu de règle, but too weak to refuse with (§8.3)')
    """
    trumps = _trumps(cards, trump)
    guarded = guarded_suits(cards, trump)
    if len(trumps) >= 3 and trumps[0].rank is Rank.KING:
        return False, Reason("accepts (« combien ? ») with three trumps and the king: the exchange may bring the "
                             "vole (§8.3)")
    if guarded >= 3:
        return True, Reason("refuses (« je joue »): guarded in three suits, holding the king or the queen of each "
                            "(§8.3)")
    if guarded >= 2 and trumps:
        return True, Reason("refuses (« je joue »): a trump, and the king or the queen in two other suits (§8.3)")
    if guarded >= 1 and len(trumps) >= 2:
        return True, Reason("refuses (« je joue »): two trumps, and the king or the queen in another suit (§8.3)")
    strong = [r for r in jeu_de_regle(cards, trump) if not _too_weak_to_refuse(r, cards, trump)]
    if strong:
        return True, _REFUSES.get(strong[0], Reason("refuses (« je joue »): a jeu de règle strong enough to refuse "
                                                    "with (§8.3)"))
    if jeu_de_regle(cards, trump):
        return False, Reason("accepts (« combien ? »): a jeu de règle, but too weak to refuse with (§8.3)")
    return False, Reason("accepts (« combien ? »): the hand is not strong enough to refuse (§8.3)")


def elder_stands(cards: Sequence[Card], trump: int, *, first_decision: bool, king_out_of_sight: bool,
                 opponent_at_game: bool) -> tuple[bool, Reason]:
    """The elder's choice between standing ("je joue") and proposing, and why in words.

    E-§8.2: stand with a jeu de règle, except holding the king of trumps at the first decision: then propose,
    since a refusal would cost the dealer two (E-§8.1). E-§8.4: with the dealer one point from game and the
    king out of sight, stand with any trump unless the plain cards are small and in different suits, and
    with no trump on three court cards (an even chance of three tricks).
    """
    trumps = _trumps(cards, trump)
    reasons = jeu_de_regle(cards, trump)
    if first_decision and reasons and any(c.rank is Rank.KING for c in trumps):
        return False, Reason("proposes (« je propose ») though it could play: it holds the king of trumps, and a "
                             "refusal would cost the dealer 2 points (§8.1)")
    if reasons:
        return True, _STANDS[reasons[0]]
    if opponent_at_game and king_out_of_sight:
        plain = [c for c in cards if c.suit != trump]
        small_spread = all(strength(c) <= TEN for c in plain) and len({c.suit for c in plain}) == len(plain)
        if trumps and not small_spread:
            return True, Reason("plays without proposing (« je joue »): the dealer is one point from game and the "
                                "king of trumps has not been seen (§8.4)")
        if not trumps and sum(1 for c in plain if is_court(c)) >= 3:
            return True, Reason("plays without proposing (« je joue ») on three court cards: the dealer is one point "
                                "from game (§8.4)")
    return False, Reason("proposes (« je propose »): the hand is not a jeu de règle, one to play without exchanging "
                         "(§8.2)")


def discard_choice(cards: Sequence[Card], trump: int, *, minimum: int, maximum: int) -> tuple[Card, ...]:
    """E-§8.4: discard everything except trumps and kings, within the ``minimum`` … ``maximum`` allowed.

    >>> from academie.cards import Suit, parse_cards
    >>> [str(c) for c in discard_choice(parse_cards("KH QH 9S 8D 7C"), Suit.SPADES, minimum=1, maximum=5)]
    ['7C', '8D', 'QH']
    """
    ranked = sorted(cards, key=lambda c: keep_value(c, trump))
    wanted = [c for c in ranked if c.suit != trump and c.rank is not Rank.KING]
    count = max(minimum, min(maximum, len(wanted)))
    return tuple(sorted(ranked[:count], key=lambda c: c.index))


# ------------------------------------------------------------------------------------------ card play
def cheapest_follow(legal: Sequence[Card], led: Card, trump: int) -> tuple[Card, bool]:
    """E-§5, E-§8.5: the cheapest card that wins the trick, else the lowest card (plain before trump)."""
    def wins(card: Card) -> bool:
        if card.suit == led.suit:
            return strength(card) > strength(led)
        return card.suit == trump

    def cost(card: Card) -> tuple[int, int]:
        return (card.suit == trump, strength(card))

    winners = [c for c in legal if wins(c)]
    if winners:
        return min(winners, key=cost), True
    return min(legal, key=cost), False


class ClassicalBot:
    """Plays by the books (E-§8): stands on jeux de règle, refuses by the §8.3 table, leads by §8.4."""

    name = "classical"

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed  # the classical bot is deterministic; the seed is kept for the common interface
        self._why: str = ""

    def explain(self) -> str:
        """Why the last action was chosen: a :class:`~academie.bots.Reason` citing the books' paragraph."""
        return self._why

    def choose(self, view: EcarteView) -> Action:
        assert isinstance(view, EcarteView)
        legal = view.legal_actions
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        action, self._why = self._decide(view)
        if action not in legal:
            # Table mode reaches positions the books never meet (a refusal barred by E-X7, a card under a
            # ruling): the books' choice then gives way to a legal one rather than to an illegal action.
            action = next((a for a in legal if a != MARK_KING), legal[0])
            self._why = Reason("the books' choice is not allowed here (table mode, §7): takes the first move allowed")
        return action

    def _decide(self, view: EcarteView) -> tuple[Action, Reason]:
        if view.pending is not None:  # table mode: the law gives this seat the choice of remedy
            return _remedy_choice(view)
        if MARK_KING in view.legal_actions and self._marks_king_now(view):
            if view.score[view.viewer] + 1 >= view.rules.game_points:
                return MARK_KING, Reason("marks the king of trumps at once (« je marque le roi »): the point wins the "
                                         "game (§4.4)")
            if any(isinstance(action, Discard) for _, action in view.history):
                return MARK_KING, Reason("marks the king of trumps (« je marque le roi ») before its first card, "
                                         "having kept it quiet during the exchange: 1 point (§4.4)")
            return MARK_KING, Reason("marks the king of trumps (« je marque le roi ») before its first card: 1 point "
                                     "(§4.4)")
        phase = view.phase
        if phase is Phase.ELDER_DECIDES:
            return self._elder_decides(view)
        if phase is Phase.DEALER_DECIDES:
            if REFUSE not in view.legal_actions:
                return ACCEPT, Reason("accepts: a card turned up while serving bars the refusal (E-X7, ECARTE-VI.9)")
            refuse, why = dealer_refuses(view.hand, _trump(view))
            return (REFUSE if refuse else ACCEPT), why
        if phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
            return self._discard(view)
        if phase is Phase.ELDER_TAKE_BACK:
            return self._take_back(view)
        return self._play(view)

    # -------------------------------------------------------------------------- announcements
    def _marks_king_now(self, view: EcarteView) -> bool:
        """E-§4.4: mark at once if it wins the game, else just before the first card (hiding the hand during
        the exchange), except at 4–3 against a stander, where the point cannot help (E-§8.4)."""
        me = view.viewer
        game = view.rules.game_points
        if view.score[me] + 1 >= game:
            return True
        if view.phase is not Phase.PLAY:
            return False
        opponent = 1 - me
        useless = view.stood == opponent and view.score[opponent] == game - 1 and view.score[me] == game - 2
        return not useless

    def _elder_decides(self, view: EcarteView) -> tuple[Action, Reason]:
        trump = _trump(view)
        first = not any(isinstance(a, Accept) for _, a in view.history)
        king = king_of_trumps(trump)
        out_of_sight = king not in view.hand and king != view.trump_card
        dealer = view.dealer if view.dealer is not None else 1 - view.viewer
        stands, why = elder_stands(view.hand, trump, first_decision=first, king_out_of_sight=out_of_sight,
                                   opponent_at_game=view.score[dealer] == view.rules.game_points - 1)
        return (STAND if stands else PROPOSE), why

    def _discard(self, view: EcarteView) -> tuple[Action, Reason]:
        """E-§8.4: throw everything but trumps and kings (the dealer too when he accepts)."""
        trump = _trump(view)
        sizes = [len(a.cards) for a in view.legal_actions if isinstance(a, Discard)]
        low, high = min(sizes), max(sizes)
        if view.phase is Phase.ELDER_DISCARD:
            high = min(high, max(low, view.talon_size))  # ECARTE-VI.5: asking beyond the talon only takes back
        chosen = discard_choice(view.hand, trump, minimum=low, maximum=high)
        action = Discard(tuple(sorted(chosen, key=lambda c: c.index)))
        return action, discard_reason(view.hand, chosen, trump)

    def _take_back(self, view: EcarteView) -> tuple[Action, Reason]:
        """ECARTE-VI.5: take back the most valuable of the cards thrown in excess."""
        trump = _trump(view)
        options = [a for a in view.legal_actions if isinstance(a, TakeBack)]
        best = max(options, key=lambda a: sum(keep_value(c, trump) for c in a.cards))
        return best, Reason("takes back {cards}, the best of its discard: the talon was too short (ECARTE-VI.5)",
                            cards=best.cards)

    # -------------------------------------------------------------------------- play
    def _play(self, view: EcarteView) -> tuple[Action, Reason]:
        trump = _trump(view)
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if not legal:  # table mode: no card to play now, only what a law allows (the king left unmarked)
            action = view.legal_actions[0]
            return action, Reason("no card may be played now: takes the only course the laws leave (§7)")
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        if current is not None:
            card, wins = cheapest_follow(legal, current.cards[0], trump)
            if wins:
                return Play(card), Reason("takes the trick with {card}, the cheapest card that wins it (§5, §8.5)",
                                          card=card)
            return Play(card), Reason("cannot take the trick: plays {card}, the lowest card it may play (§5, §8.5)",
                                      card=card)
        card, why = lead_choice(view, legal, trump)
        return Play(card), why


def discard_reason(hand: Sequence[Card], chosen: Sequence[Card], trump: int) -> Reason:
    """Why a discard (E-§8.4): all but trumps and kings, or as many of them as allowed, or more when it must."""
    others = {c for c in hand if c.suit != trump and c.rank is not Rank.KING}
    cards = tuple(chosen)
    if not cards:
        return Reason("discards nothing: it keeps its trumps and kings (§8.4)")
    if set(cards) == others:
        return Reason("discards {cards}: it keeps only its trumps and kings (§8.4)", cards=cards)
    if set(cards) < others:
        return Reason("discards {cards}, as many as it may: its weakest cards, keeping trumps and kings (§8.4)",
                      cards=cards)
    return Reason("discards {cards}: it must discard {count} cards, more than those besides its trumps and kings, "
                  "so it throws the weakest of them too (§8.4)", cards=cards, count=len(cards))


def lead_choice(view: EcarteView, legal: Sequence[Card], trump: int) -> tuple[Card, Reason]:
    """E-§8.4: the classical lead."""
    hand = list(legal)
    trumps = _trumps(hand, trump)
    suits = _by_suit(hand, trump)
    me = view.viewer
    opening = not any(t.leader == me for t in view.tricks)
    master = bool(trumps) and _is_master(trumps[0], view)
    if not suits:
        if master:
            return trumps[0], Reason("only trumps left: leads {card}, the master trump (§8.4)", card=trumps[0])
        return trumps[-1], Reason("only trumps left: leads {card}, a small one, keeping the higher trump (§8.4)",
                                  card=trumps[-1])
    ranks = {c.rank for c in trumps}
    plain_court = any(is_court(c) for s in suits.values() for c in s)
    if opening and master:
        return trumps[0], Reason("opens with {card}, the master trump: no higher trump can be against it (§8.4)",
                                 card=trumps[0])
    if opening and {Rank.QUEEN, Rank.JACK} <= ranks:
        return trumps[0], Reason("opens with a trump, {card}, holding the queen and the knave of trumps (§8.4)",
                                 card=trumps[0])
    if opening and {Rank.JACK, Rank.ACE} <= ranks and plain_court:
        return trumps[0], Reason("opens with a trump, {card}, holding the knave and the ace of trumps and court cards "
                                 "outside (§8.4)", card=trumps[0])
    previous = _last_own_lead(view)
    if previous is not None and previous.suit in suits:
        return suits[previous.suit][0], Reason("leads {card}: keeps on with the suit the opponent followed last time "
                                               "(§8.4)", card=suits[previous.suit][0])
    guarded = [s for s in suits.values() if len(s) >= 2 or strength(s[0]) >= QUEEN]
    if len(trumps) == 1 and not guarded:
        best = max((s[0] for s in suits.values()), key=strength)
        return best, Reason("a poor hand with one trump: leads {card}, its best single card, keeping the trump "
                            "(§8.4)", card=best)
    pool = guarded or list(suits.values())
    suit = max(pool, key=lambda s: (strength(s[0]) >= QUEEN, len(s), strength(s[0])))
    return suit[0], Reason("leads {card}, the highest card of its strongest suit (§8.4)", card=suit[0])


def _last_own_lead(view: EcarteView) -> Card | None:
    """The plain card this seat led last, if the opponent followed suit to it (not trumped)."""
    for trick in reversed(view.tricks):
        if trick.winner is not None and trick.leader == view.viewer:
            led, reply = trick.cards
            return led if reply.suit == led.suit and led.suit != _trump(view) else None
    return None


def _is_master(card: Card, view: EcarteView) -> bool:
    """Whether no trump above ``card`` can be in the opponent's hand (played, turned up or discarded by me)."""
    gone = {c for t in view.tricks for c in t.cards} | set(view.my_discards) | set(view.hand)
    if view.trump_card is not None:
        gone.add(view.trump_card)
    return all(c in gone for c in PACK_32 if c.suit == card.suit and strength(c) > strength(card))


def _trump(view: EcarteView) -> int:
    if view.trump_card is None:
        raise NoLegalActionError("no trump card in the view: the deal has not been dealt")
    return int(view.trump_card.suit)


def king_of_trumps(trump: int) -> Card:
    return CARDS[card_index(Rank.KING, Suit(trump))]



_PREFERRED_REMEDIES: Final = ("mark-one", "reduce-score", "take-back", "require-named-suit", "show-tricks",
                              "rectify", "first-trump", "return-extras", "complete", "stand")
"""Remedies this bot takes when the law lets it choose: the point offered, the score reduced rather than a replay,
the card taken back, and otherwise the deal as it stands."""


def _remedy_reason(name: str, law: str) -> Reason:
    """Why this seat takes the remedy ``name`` under ``law`` (table mode, rule file §7)."""
    reasons = {
        "mark-one": OpenReason("takes the point the law offers ({law})", law=law),
        "reduce-score": OpenReason("lets the tricks stand and has the revoker's score reduced, rather than the hand "
                               "played again ({law})", law=law),
        "take-back": OpenReason("has the card taken back, face up ({law})", law=law),
        "require-named-suit": OpenReason("requires the leader to lead the suit he named ({law})", law=law),
        "show-tricks": OpenReason("asks to see the offender's tricks ({law})", law=law),
        "rectify": OpenReason("has the deal put right rather than dealt again ({law})", law=law),
        "first-trump": OpenReason("takes the first card turned up as trumps ({law})", law=law),
        "return-extras": OpenReason("has the extra cards put back on the talon ({law})", law=law),
        "complete": OpenReason("has the short service completed from the talon ({law})", law=law),
        "stand": OpenReason("lets the deal stand ({law})", law=law),
    }
    return reasons.get(name, OpenReason("takes the first remedy the law offers ({law})", law=law))


def _remedy_choice(view: EcarteView) -> tuple[Action, Reason]:
    """Table mode (rule file §7): take the remedy the laws give the chooser, preferring the ones listed above."""
    assert view.pending is not None
    by_name = {getattr(action, "name", ""): action for action in view.legal_actions}
    for name in _PREFERRED_REMEDIES:
        if name in by_name:
            return by_name[name], _remedy_reason(name, view.pending.law)
    return view.legal_actions[0], _remedy_reason("", view.pending.law)
