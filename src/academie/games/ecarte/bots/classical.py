"""The classical Écarté bot: the advice of the old books (rule file §8), rule by rule.

Every decision cites its paragraph: the jeux de règle the elder stands on (E-§8.2), the dealer's table for
accepting or refusing (E-§8.3), the discard of everything but trumps and kings, the leads and the
score-dependent advice (E-§8.4), and the nearly forced second-hand play (E-§5, E-§8.5). The hand tests are
plain functions so that the search bot can use them as its model of an opponent.

>>> from academie.cards import Suit, parse_cards
>>> jeu_de_regle(parse_cards("QS AS 7S KH KD"), Suit.SPADES)[0]
'three or more trumps'
>>> dealer_refuses(parse_cards("KH QD 8C 9S 7H"), Suit.SPADES)
(True, 'guarded in two suits with a trump')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

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


def dealer_refuses(cards: Sequence[Card], trump: int) -> tuple[bool, str]:
    """E-§8.3: whether the dealer refuses a proposal with this hand, and why in words.

    >>> from academie.cards import Suit, parse_cards
    >>> dealer_refuses(parse_cards("AH 9H 8H 7H 9S"), Suit.SPADES)  # one trump and four of a suit: too weak
    (False, 'accepts: the hand is too weak to refuse (§8.3)')
    """
    trumps = _trumps(cards, trump)
    guarded = guarded_suits(cards, trump)
    if len(trumps) >= 3 and trumps[0].rank is Rank.KING:
        return False, "accepts with three trumps and the king, playing for the vole (§8.3, HGM)"
    if guarded >= 3:
        return True, "guarded in three suits"
    if guarded >= 2 and trumps:
        return True, "guarded in two suits with a trump"
    if guarded >= 1 and len(trumps) >= 2:
        return True, "guarded in one suit with two trumps"
    strong = [r for r in jeu_de_regle(cards, trump) if not _too_weak_to_refuse(r, cards, trump)]
    if strong:
        return True, f"a jeu de règle: {strong[0]}"
    if jeu_de_regle(cards, trump):
        return False, "accepts: the hand is too weak to refuse (§8.3)"
    return False, "accepts: not strong enough to refuse (§8.3)"


def elder_stands(cards: Sequence[Card], trump: int, *, first_decision: bool, king_out_of_sight: bool,
                 opponent_at_game: bool) -> tuple[bool, str]:
    """The elder's choice between standing ("je joue") and proposing, and why in words.

    E-§8.2: stand with a jeu de règle, except holding the king of trumps at the first decision: then propose,
    since a refusal would cost the dealer two (E-§8.1). E-§8.4: with the dealer one point from game and the
    king out of sight, stand with any trump unless the plain cards are small and in different suits, and
    with no trump on three court cards (an even chance of three tricks).
    """
    trumps = _trumps(cards, trump)
    reasons = jeu_de_regle(cards, trump)
    if first_decision and reasons and any(c.rank is Rank.KING for c in trumps):
        return False, "proposes holding the king of trumps: a refusal would cost two (§8.1)"
    if reasons:
        return True, f"stands: {reasons[0]} (§8.2)"
    if opponent_at_game and king_out_of_sight:
        plain = [c for c in cards if c.suit != trump]
        small_spread = all(strength(c) <= TEN for c in plain) and len({c.suit for c in plain}) == len(plain)
        if trumps and not small_spread:
            return True, "stands: the dealer is one point from game and the king is out of sight (§8.4)"
        if not trumps and sum(1 for c in plain if is_court(c)) >= 3:
            return True, "stands on three court cards: the dealer is one point from game (§8.4)"
    return False, "proposes: not a jeu de règle (§8.2)"


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
        self._why = ""

    def explain(self) -> str:
        return self._why

    def choose(self, view: Any) -> Action:
        assert isinstance(view, EcarteView)
        legal = view.legal_actions
        if not legal:
            raise NoLegalActionError("the view offers no legal action: the bot is not the seat to act")
        action, self._why = self._decide(view)
        if action not in legal:
            # Table mode reaches positions the books never meet (a refusal barred by E-X7, a card under a
            # ruling): the books' choice then gives way to a legal one rather than to an illegal action.
            action = next((a for a in legal if a != MARK_KING), legal[0])
            self._why = f"{action}: the books' choice is not allowed here (table mode, §7)"
        return action

    def _decide(self, view: EcarteView) -> tuple[Action, str]:
        if view.pending is not None:  # table mode: the law gives this seat the choice of remedy
            return _remedy_choice(view)
        if MARK_KING in view.legal_actions and self._marks_king_now(view):
            return MARK_KING, "marks the king of trumps (§4.4)"
        phase = view.phase
        if phase is Phase.ELDER_DECIDES:
            return self._elder_decides(view)
        if phase is Phase.DEALER_DECIDES:
            if REFUSE not in view.legal_actions:
                return ACCEPT, "accepts: a card turned up while serving bars the refusal (E-X7, ECARTE-VI.9)"
            refuse, why = dealer_refuses(view.hand, _trump(view))
            return (REFUSE, f"refuses: {why} (§8.3)") if refuse else (ACCEPT, why)
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

    def _elder_decides(self, view: EcarteView) -> tuple[Action, str]:
        trump = _trump(view)
        first = not any(isinstance(a, Accept) for _, a in view.history)
        king = king_of_trumps(trump)
        out_of_sight = king not in view.hand and king != view.trump_card
        dealer = view.dealer if view.dealer is not None else 1 - view.viewer
        stands, why = elder_stands(view.hand, trump, first_decision=first, king_out_of_sight=out_of_sight,
                                   opponent_at_game=view.score[dealer] == view.rules.game_points - 1)
        return (STAND if stands else PROPOSE), why

    def _discard(self, view: EcarteView) -> tuple[Action, str]:
        """E-§8.4: throw everything but trumps and kings (the dealer too when he accepts)."""
        trump = _trump(view)
        sizes = [len(a.cards) for a in view.legal_actions if isinstance(a, Discard)]
        low, high = min(sizes), max(sizes)
        if view.phase is Phase.ELDER_DISCARD:
            high = min(high, max(low, view.talon_size))  # ECARTE-VI.5: asking beyond the talon only takes back
        chosen = discard_choice(view.hand, trump, minimum=low, maximum=high)
        action = Discard(tuple(sorted(chosen, key=lambda c: c.index)))
        shown = " ".join(str(c) for c in chosen) or "nothing"
        return action, f"discards {shown}: keeps trumps and kings (§8.4)"

    def _take_back(self, view: EcarteView) -> tuple[Action, str]:
        """ECARTE-VI.5: take back the most valuable of the cards thrown in excess."""
        trump = _trump(view)
        options = [a for a in view.legal_actions if isinstance(a, TakeBack)]
        best = max(options, key=lambda a: sum(keep_value(c, trump) for c in a.cards))
        return best, "takes back the best cards of the discard (ECARTE-VI.5)"

    # -------------------------------------------------------------------------- play
    def _play(self, view: EcarteView) -> tuple[Action, str]:
        trump = _trump(view)
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if not legal:  # table mode: no card to play now, only what a law allows (the king left unmarked)
            action = view.legal_actions[0]
            return action, f"{action}: no card may be played now"
        current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        if current is not None:
            card, wins = cheapest_follow(legal, current.cards[0], trump)
            why = "takes with the cheapest winning card" if wins else "cannot win: plays the lowest card"
            return Play(card), f"{why} (§5, §8.5)"
        card, why = lead_choice(view, legal, trump)
        return Play(card), why


def lead_choice(view: EcarteView, legal: Sequence[Card], trump: int) -> tuple[Card, str]:
    """E-§8.4: the classical lead."""
    hand = list(legal)
    trumps = _trumps(hand, trump)
    suits = _by_suit(hand, trump)
    me = view.viewer
    opening = not any(t.leader == me for t in view.tricks)
    master = bool(trumps) and _is_master(trumps[0], view)
    if not suits:
        if master:
            return trumps[0], "only trumps left: leads the master trump (§8.4)"
        return trumps[-1], "only trumps left: leads a small one, keeping the high trump (§8.4)"
    ranks = {c.rank for c in trumps}
    plain_court = any(is_court(c) for s in suits.values() for c in s)
    if opening and (master or {Rank.QUEEN, Rank.JACK} <= ranks or ({Rank.JACK, Rank.ACE} <= ranks and plain_court)):
        return trumps[0], "opens with a trump: holds the master trump, Q J or J A with courts outside (§8.4)"
    previous = _last_own_lead(view)
    if previous is not None and previous.suit in suits:
        return suits[previous.suit][0], "perseveres in the suit that was not trumped (§8.4)"
    guarded = [s for s in suits.values() if len(s) >= 2 or strength(s[0]) >= QUEEN]
    if len(trumps) == 1 and not guarded:
        best = max((s[0] for s in suits.values()), key=strength)
        return best, "a bad hand with one trump: leads the best single card, keeping the trump (§8.4)"
    pool = guarded or list(suits.values())
    suit = max(pool, key=lambda s: (strength(s[0]) >= QUEEN, len(s), strength(s[0])))
    return suit[0], "leads the strongest suit, highest card first (§8.4)"


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


def _remedy_choice(view: EcarteView) -> tuple[Action, str]:
    """Table mode (rule file §7): take the remedy the laws give the chooser, preferring the ones listed above."""
    assert view.pending is not None
    by_name = {getattr(action, "name", ""): action for action in view.legal_actions}
    for name in _PREFERRED_REMEDIES:
        if name in by_name:
            return by_name[name], f"chooses {name} under {view.pending.law}"
    action = view.legal_actions[0]
    return action, f"chooses {getattr(action, 'name', action)} under {view.pending.law}"
