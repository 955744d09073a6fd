"""The table picture of Écarté (:mod:`academie.games.ecarte.picture`): what each seat and a spectator see, in
English and in French, built from the view alone.

Scenarios from the rule file's worked examples (E-§6.3): standing and losing (2: the king marked, E-§4.4, then
ECARTE-VI.8), a refusal and the vole (3: ECARTE-VI.7 capped at two, E-§4.3); the trick winner and why (E-§5), the
hand sorted trumps first, the moves in the books' words (« je propose », « combien ? », « je joue »), the exchange
as each seat sees it (ECARTE-VI.4), refusals explained by their rule, and a table-mode ruling (E-P1, E-P4). Then
random parties of every seat and the public, enforced and in table mode: the picture names no card its view does
not hold, tells every trick of the deal, its drawing fits 80 columns and it is plain JSON. Last, the rules for
players (``how_to_play``) fit 80 columns and cite the game's law IDs.
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from typing import Any

import pytest
from picture_support import cards_held, cards_named

from academie.cards import Suit, parse_cards
from academie.engine import PUBLIC, Mode
from academie.games.ecarte import Discard, EcarteRules, EcarteState, Phase, Play, TakeBack, picture
from academie.games.ecarte.laws import CATALOGUE
from academie.games.ecarte.picture import act_label, default_names, paint, shorthand, sort_hand, why_not
from academie.games.ecarte.positions import deck
from academie.picture import Memo, Painter, Picture, draw_text, draw_trick
from academie.words import Words

EN, FR = Words("en", game="ecarte"), Words("fr", game="ecarte")
PAINTER: Painter = picture  # the module satisfies the protocol every screen draws through (checked by mypy)

# E-§6.3, example 2, "standing and losing": the non-dealer (seat 1) at 3, the dealer (seat 0) at 2; the dealer
# turns up 9♥; the non-dealer holds K♥, marks it (4) and plays without proposing; the dealer takes three tricks and
# scores 2 (ECARTE-VI.8): 4 all.
STANDING = {1: "KH 7S 8S 7C 8C", 0: "QH JH AH TH 7D"}
STANDING_PLAYS = ("KH TH", "7S AH", "QH 7C", "JH 8C", "7D 8S")
"""Each trick, the leader's card first: K♥ wins the first; the dealer trumps the 7♠ and leads his trumps."""


def standing(*, tricks: int = 5, rules: EcarteRules | None = None) -> EcarteState:
    state = EcarteState.new(rules, decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0,
                            score=(2, 3))
    state.apply_text("mark-king")
    state.apply_text("stand")
    for trick in STANDING_PLAYS[:tricks]:
        for card in trick.split():
            state.apply_text(f"play {card}")
    return state


def look(state: EcarteState, viewer: int, words: Words = EN) -> Picture:
    view = state.view(viewer)
    return paint(view, words=words, names=default_names(view, words=words))


# ------------------------------------------------------------------------------------------------ scenarios
def test_E_5_each_trick_winner_is_said_with_the_card_and_why() -> None:
    """E-§5: the second player's higher card of the suit led wins, or a trump on a plain card; the log says who
    won each trick, with which card and why, and the last trick is shown with its winner."""
    state = standing(tricks=2)
    shown = look(state, 1)
    assert "You win trick 1 with K♥ (highest trump)." in shown.log
    assert shown.log[shown.log.index("You lead 7♠."):][:3] == (
        "You lead 7♠.", "The bot plays A♥.", "The bot wins trick 2 with A♥ (highest trump).")
    last = shown.last_trick
    assert last is not None and (last.number, last.winner, last.why) == (2, 0, "highest trump")
    drawn = draw_trick(last, shown, EN)
    assert drawn.startswith("Trick 2: You 7♠, The bot A♥") and drawn.endswith("The bot (highest trump)")
    ended = look(standing(), 1)  # the fifth trick, told with the deal's end: 7♦ led, 8♠ thrown on it
    assert ended.log[:3] == ("The bot leads 7♦.", "You play 8♠.", "The bot wins trick 5 with 7♦ (highest ♦).")


def test_E_6_3_example_2_the_king_marked_then_standing_and_losing_costs_two() -> None:
    """E-§6.3 example 2: « je marque le roi » (E-§4.4) brings the non-dealer to 4; he plays without proposing
    (ECARTE-VI.8), the dealer takes three tricks and marks two: 4 all. The deal's result says why."""
    during = look(standing(tricks=0), 1)
    assert during.log[:3] == (
        "Deal 1, dealt by the bot: the turn-up (la retourne) is 9♥, so ♥ hearts are trumps (E-§3).",
        "You say « je marque le roi ».",
        "You mark 1 point for the king of trumps, « je marque le roi » (E-§4.4).")
    assert ("You play without proposing: « je joue »; fewer than three tricks will cost you 2 points "
            "(ECARTE-VI.8).") in during.log
    after = look(standing(), 1)
    why = "The bot marks 2 points: you played without proposing and took fewer than three tricks (ECARTE-VI.8)."
    assert why in after.log
    assert after.log[-1] == ("Deal 1 is over: tricks the bot 4, you 1; points of the deal the bot 2, you 1; "
                             "score the bot 4, you 4 (game is 5).")
    assert after.result == why + " " + after.log[-1]
    last = standing().view(PUBLIC).last_deal
    assert last is not None and [payment.law for payment in last.payments] == ["E-§4.4", "ECARTE-VI.8"]
    seen_by_dealer = look(standing(), 0)
    assert ("You mark 2 points: the bot played without proposing and took fewer than three tricks (ECARTE-VI.8)."
            in seen_by_dealer.log)


def test_E_6_3_example_3_a_refusal_and_the_vole_score_two_not_three() -> None:
    """E-§6.3 example 3, E-§4.3: the dealer refuses the first proposal (ECARTE-VI.7) and the non-dealer takes all
    five tricks: he marks two, the refusal adding nothing to the vole."""
    hands = {1: "KS QS JS AS TS", 0: "7C 8C 9C 7D 8D"}
    state = EcarteState.new(decks=[deck(hands=hands, dealer=0, turn_up="7S")], first_dealer=0)
    state.apply_text("propose")
    refused = look(state, 0)
    assert [move.label for move in refused.moves] == [
        "« combien ? »: accept the exchange (ECARTE-VI.1)",
        "« je joue »: refuse; fewer than three tricks cost 2 points (ECARTE-VI.7)"]
    state.apply_text("refuse")
    for card in ("KS", "7C", "QS", "8C", "JS", "9C", "AS", "7D", "TS", "8D"):
        state.apply_text(f"play {card}")
    log = look(state, 1).log
    assert "You mark 2 points: the bot refused the first proposal and took fewer than three tricks (ECARTE-VI.7)." \
        in log
    assert state.score == (0, 2)


def test_ECARTE_VI_1_the_moves_say_the_books_words() -> None:
    """ECARTE-VI.1, VI.7, VI.8, E-§4.4: the elder's « je propose » and « je joue », the dealer's « combien ? », the
    king's « je marque le roi »; the same sayings in French."""
    state = EcarteState.new(decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    elder = look(state, 1)
    assert [(move.action, move.label) for move in elder.moves] == [
        ("mark-king", "« je marque le roi »: mark the king of trumps, 1 point (E-§4.4)"),
        ("propose", "« je propose »: propose an exchange of cards (ECARTE-VI.1)"),
        ("stand", "« je joue »: play without proposing; fewer than three tricks cost 2 points (ECARTE-VI.8)")]
    assert [move.label for move in look(state, 1, FR).moves] == [
        "« je marque le roi » : marquer le roi d'atout, 1 point (E-§4.4)",
        "« je propose » : proposer un échange de cartes (ECARTE-VI.1)",
        "« je joue » : jouer sans proposer ; moins de trois levées coûtent 2 points (ECARTE-VI.8)"]
    state.apply_text("propose")
    state.apply_text("accept")
    discards = look(state, 1).moves
    assert len(discards) == 31 + 1 and discards[1].label == "discard 7♣, draw 1"
    assert shorthand(state.view(1), "discard 1 5") == "discard KH 7C"  # positions in the hand as shown


def test_ECARTE_VI_4_the_exchange_as_each_seat_sees_it() -> None:
    """ECARTE-VI.4: each seat sees its own discard and draw; the other's discard is a count, face down."""
    order = deck(hands=STANDING, dealer=0, turn_up="9H", talon="AS KS 9D")
    state = EcarteState.new(decks=[order], first_dealer=0)
    for text in ("propose", "accept", "discard 7S 8S", "discard 7D"):
        state.apply_text(text)
    elder, dealer, public = (look(state, viewer) for viewer in (1, 0, PUBLIC))
    assert "You discard 8♠ 7♠ and draw K♠ A♠ (ECARTE-VI.4)." in elder.log
    assert "The bot discards 1 card face down and draws as many (ECARTE-VI.4)." in elder.log
    assert "You discard 7♦ and draw 9♦ (ECARTE-VI.4)." in dealer.log
    assert "The bot discards 2 cards face down and draws as many (ECARTE-VI.4)." in dealer.log
    assert "Seat 1 discards 2 cards face down and draws as many (ECARTE-VI.4)." in public.log
    assert ("Talon", "18 cards") in elder.extra
    assert "Le robot écarte 1 carte face cachée et en prend autant (ECARTE-VI.4)." in look(state, 1, FR).log


def test_E_2_1_the_hand_is_sorted_trumps_first_then_by_suit_strongest_first() -> None:
    """E-§2.1: K Q J A 10 9 8 7 in every suit; trumps first, then ♠ ♥ ♣ ♦."""
    assert [str(c) for c in sort_hand(parse_cards("7S AH KS 9D JH"), Suit.HEARTS)] == ["JH", "AH", "KS", "7S", "9D"]
    hands = {1: "7S AH KS 9D JH"}
    state = EcarteState.new(decks=[deck(hands=hands, dealer=0, turn_up="8H")], first_dealer=0)
    shown = look(state, 1)
    assert shown.hand == ("JH", "AH", "KS", "7S", "9D")
    assert "   Your hand: J♥ A♥ K♠ 7♠ 9♦" in draw_text(shown, EN)
    assert "   Votre jeu : V♥ A♥ R♠ 7♠ 9♦" in draw_text(look(state, 1, FR), FR)


def test_E_5_why_not_a_card_names_the_rule_and_never_contradicts_itself() -> None:
    """E-§5: follow suit, overtake when able, else trump; the refusal says which, and which cards may be played."""
    state = standing(tricks=1)
    state.apply_text("play 7S")  # the dealer holds no ♠: he must trump
    view = state.view(0)
    assert why_not(view, "play 7D", "", words=EN) == "You have no ♠: you must trump (E-§5). You may play: Q♥ J♥ A♥."
    hands = {1: "TH 7S 8S 7C 8C", 0: "QH 9H AD TD 7D"}
    state = EcarteState.new(decks=[deck(hands=hands, dealer=0, turn_up="9S")], first_dealer=0)
    state.apply_text("stand")
    state.apply_text("play TH")
    view = state.view(0)
    assert why_not(view, "play 9H", "", words=EN) == (
        "You must overtake 10♥ when you can: you hold a higher ♥ (E-§5). You may play: Q♥.")
    assert why_not(view, "play AD", "", words=EN) == "You must follow suit: ♥ was led (E-§5). You may play: Q♥."
    assert why_not(view, "play KS", "", words=EN) == "You do not hold K♠. You may play: Q♥."
    assert why_not(view, "play 9H", "", words=FR) == (
        "Vous devez monter sur 10♥ quand vous le pouvez : vous avez un ♥ plus fort (E-§5). Vous pouvez jouer : D♥.")
    assert why_not(state.view(1), "play 7S", "", words=EN) == (
        "It is not your turn: the bot is to play (a card played out of turn is taken back, E-P1).")
    over = standing()
    for text in ("play 7D", "propose", "mark-king"):
        said = why_not(over.view(0), text, "the partie is over", words=EN)
        assert "nothing" not in said and "allowed" not in said


def test_ECARTE_VI_5_why_not_a_discard_says_how_many_may_be_taken() -> None:
    """ECARTE-VI.1, VI.5: the elder discards one to five cards; the talon bounds the dealer's discard."""
    state = EcarteState.new(decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    assert why_not(state.view(1), "discard 7S", "", words=EN) == (
        "No exchange yet: propose first, « je propose » (ECARTE-VI.1).")
    state.apply_text("propose")
    state.apply_text("accept")
    assert why_not(state.view(1), "discard QH", "", words=EN) == "You do not hold Q♥."
    assert why_not(state.view(1), "accept", "", words=EN) == (
        "Only the dealer answers a proposal, once it is made (ECARTE-VI.1).")
    assert why_not(state.view(0), "discard 7D", "", words=EN) == (
        "It is not your turn: the bot is to discard (ECARTE-VI.4).")


def discard(state: EcarteState, count: int) -> None:
    """The first discard of ``count`` cards allowed now."""
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard) and len(a.cards) == count))


def test_ECARTE_VI_5_a_short_talon_bounds_the_discard_and_the_take_back() -> None:
    """ECARTE-VI.5: neither player takes more cards than the talon holds; the elder who asked too many takes the
    rest back from his last discard. The refusals say how many, with the rule."""
    state = EcarteState.new(decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    for count in (5, 5, 5, 2):  # the talon: 21, 16, 11, 6, 4
        if state.phase is Phase.ELDER_DECIDES:
            state.apply_text("propose")
            state.apply_text("accept")
        discard(state, count)
    state.apply_text("propose")
    state.apply_text("accept")
    discard(state, 1)  # 3 left for the dealer
    hand = [str(card) for card in state.view(0).hand]
    assert why_not(state.view(0), "discard " + " ".join(hand[:4]), "", words=EN) == (
        "The talon holds only 3 cards: you may discard at most 3 cards (ECARTE-VI.5).")
    assert look(state, 0).extra == (("Talon", "3 cards"),)
    discard(state, 1)
    state.apply_text("propose")
    state.apply_text("accept")
    discard(state, 4)  # 2 left: two of the four come back
    shown = look(state, 1)
    assert "You discard" in shown.log[-1] and "(ECARTE-VI.4)" in shown.log[-1]
    assert why_not(state.view(1), "take-back", "", words=EN) == (
        "Take back exactly 2 of the cards you last discarded (ECARTE-VI.5).")
    taken = next(a for a in state.legal_actions() if isinstance(a, TakeBack))
    state.apply(taken)
    assert look(state, 1).log[-1] == ("You take back " + EN.cards(sort_hand(taken.cards, Suit.HEARTS)) +
                                      " from your discard: the talon was too short (ECARTE-VI.5).")
    assert look(state, 0).log[-2:] == (
        "The bot discards 4 cards face down and draws 2, all the talon had (ECARTE-VI.5).",
        "The bot takes back 2 cards from the discard: the talon was too short (ECARTE-VI.5).")


def test_shorthand_reads_a_card_alone_and_the_sayings() -> None:
    state = EcarteState.new(decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    view = state.view(1)
    assert [shorthand(view, text) for text in ("je propose", "Je joue", "kh", "help")] == [
        "propose", "stand", "play KH", "help"]
    assert why_not(view, "play KH", "", words=EN) == (
        "Not yet: first propose, « je propose », or play, « je joue » (ECARTE-VI.1).")
    state.apply_text("propose")
    assert shorthand(state.view(0), "combien ?") == "accept" and shorthand(state.view(0), "je joue") == "refuse"
    played = standing(tricks=0)
    assert [shorthand(played.view(1), text) for text in ("kh", "10h", "R♥", "play 7s")] == [
        "play KH", "play TH", "play KH", "play 7S"]


def test_E_P1_a_card_out_of_turn_is_pending_with_its_law_and_who_chooses() -> None:
    """E-P1 (table mode): the card lies face up; the other player chooses to have it taken back or to cover it."""
    rules = EcarteRules(mode=Mode.TABLE)
    state = EcarteState.new(rules, decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    state.apply_text("stand")
    state.apply_text("! out-of-turn 0 QH")
    shown = look(state, 1)
    assert shown.pending == ("E-P1: Q♥ played out of turn by the bot: taken back unless covered, no penalty (E-P1). "
                             "You choose: the card is taken back and stays face up; no penalty / the card is covered "
                             "and the play stands; no penalty.")
    assert [move.label for move in shown.moves] == [
        "the card is taken back and stays face up; no penalty (E-P1)",
        "the card is covered and the play stands; no penalty (E-P1)"]
    assert "Irregularity: Q♥ played out of turn by the bot: taken back unless covered, no penalty (E-P1)." in shown.log
    assert act_label(state.view(1), "! revoke 1 KH", words=EN) == (
        "a revoke by you with K♥, not following, overtaking or trumping when able: it may be corrected before the "
        "next lead (E-P3)")
    assert "a card" in act_label(state.view(1), "! revoke 0 JH", words=EN)  # the bot's hidden card is not named


def test_E_P4_a_payment_is_explained_with_its_law() -> None:
    """E-P4 (table mode): the hand abandoned with one trick: the opponent marks the point (two, as the offender
    stood: ECARTE-VI.8); the deal's end tells it with its law."""
    rules = EcarteRules(mode=Mode.TABLE)
    state = EcarteState.new(rules, decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0)
    for text in ("stand", "play KH", "play TH", "! abandon 1"):
        state.apply_text(text)
    assert state.score == (2, 0)
    shown = look(state, 0)
    assert "You mark 2 points: the bot abandoned the hand (E-P4)." in shown.log
    assert "Le robot marque 2 points : vous avez abandonné la main (E-P4)." in look(state, 1, FR).log


def test_the_french_picture_of_the_same_position() -> None:
    """The same position in French: the words are French, the cards R♥, D♥, V♥."""
    state = standing(tricks=1)
    shown = look(state, 1, FR)
    text = "\n".join(draw_text(shown, FR))
    assert "Vous gagnez la levée 1 avec R♥ (plus fort atout)." in shown.log
    assert shown.waiting_for.startswith("À vous")
    assert "Atout : ♥ cœur\n" in text and "La retourne : 9♥" in text  # the turn-up said once
    assert "Votre jeu : 8♠ 7♠ 8♣ 7♣" in text
    assert shown.status == "Donne 1, donnée par le robot : levée 2 sur 5"
    assert not re.search(r"\b(?:You|The bot|trick|dealt|Score)\b", text)


def test_the_game_over_says_who_won_and_why() -> None:
    """E-§6.2: the game is five points; the partie's result says who won it and the score."""
    state = EcarteState.new(decks=[deck(hands=STANDING, dealer=0, turn_up="9H")], first_dealer=0, score=(2, 4))
    state.apply_text("mark-king")
    assert state.is_terminal
    shown = look(state, 1)
    assert shown.result == "The game is over: you win it, 5 to 2 (E-§6.2)."
    assert "You mark 1 point for the king of trumps, « je marque le roi » (E-§4.4)." in shown.log
    assert shown.waiting_for == "The game is over" and not shown.moves


# ------------------------------------------------------------------------------------------------ random parties






def random_states(mode: Mode, seed: int, rules: EcarteRules | None = None) -> Any:
    state = EcarteState.new(rules or EcarteRules(mode=mode), seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_terminal:
            yield state
            return
        yield state
        acts = [act for seat in (0, 1) for act in state.irregular_actions(seat)] if mode is Mode.TABLE else []
        if acts and rng.random() < 0.08:
            state.apply(rng.choice(acts))
        else:
            state.apply(rng.choice(tuple(state.legal_actions())))


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
def test_E_5_random_parties_name_no_card_the_view_does_not_hold(mode: Mode) -> None:
    """Every seat's and the public's picture over random parties, in both languages: no card beyond its view's
    (E-§5: the tricks are face up, the discards face down), every trick of the deal told with its winner, 80
    columns, plain JSON, one move per legal action, and a refused card explained by its rule."""
    variants = [None, EcarteRules(mode=mode, partie_liee=True, stake_scoring=True, deal_pattern=(2, 3))]
    for seed in range(14):
        for step, state in enumerate(random_states(mode, seed, variants[seed % 2])):
            if step % 3 and not state.is_terminal:
                continue
            for viewer in (0, 1, PUBLIC):
                view = state.view(viewer)
                for words in (EN, FR):
                    shown = paint(view, words=words, names=default_names(view, words=words))
                    leaked = cards_named(shown, words) - cards_held(view)
                    assert not leaked, f"seed {seed} step {step} viewer {viewer}: the picture names {leaked}"
                    assert all(len(line) <= 80 for line in draw_text(shown, words))
                    json.dumps(shown.as_json())
                    assert [move.action for move in shown.moves] == [str(a) for a in view.legal_actions]
                shown = paint(view, words=EN, names=default_names(view, words=EN))
                for number, trick in enumerate(view.tricks, start=1):
                    if trick.winner is not None:
                        card = trick.cards[0] if trick.winner == trick.leader else trick.cards[1]
                        assert re.search(rf"wins? trick {number} with {re.escape(EN.card(card))} ", " ".join(shown.log))
                if viewer != PUBLIC and view.actor == viewer and view.phase is Phase.PLAY and view.pending is None:
                    legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
                    for card in set(view.hand) - legal:
                        said = why_not(view, f"play {card}", "", words=EN)
                        assert re.search(r"\((?:E-§5|E-P2, ECARTE-V\.2)\)", said), said
                        assert "nothing" not in said


# ------------------------------------------------------------------------------------------------ how to play
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_E_6_1_how_to_play_fits_the_screen_and_cites_the_laws(lang: str) -> None:
    """The rules for players: at most about two screens of 80 columns, citing law IDs of the catalogue (E-§6.1,
    ECARTE-VI.7 ...)."""
    text = resources.files("academie.games.ecarte").joinpath(f"how_to_play.{lang}.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# ") and len(lines) <= 45
    assert all(len(line) <= 80 for line in lines)
    ids = {entry.id for entry in CATALOGUE}
    cited = set(re.findall(r"\b(?:ECARTE-VI?\.\d+|E-§\d(?:\.\d)?|E-[DKXPS]\d+)", text))
    assert len(cited & ids) >= 8 and cited <= ids, cited - ids


# ------------------------------------------------------------------------------------------------ told on (issue 33)
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "partie liée": {"partie_liee": True, "stake_scoring": True, "deal_pattern": (2, 3), "game_points": 7},
    "penalty anytime": {"penalty_first_decision_only": False, "penalty_on_vole": "add", "dealer_min_exchange": 1},
}
"""Rules that change what a picture says: the games of a partie liée and their value (E-§6.2), the penalty of
standing or refusing after an exchange (ECARTE-VI.7, ECARTE-VI.8), the vole on top of it (E-§6.1)."""


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
def test_E_6_1_E_6_2_ECARTE_VI_4_pictures_told_on_from_memos_are_the_pictures_painted_afresh(
        mode: Mode, variant: str) -> None:
    """The card room paints both seats and then the spectators after every action, each with the memo of its last
    picture (the deal told so far and its points placed, the parts kept), in English and in French: over random
    parties (irregular acts now and then in table mode), every picture is the one painted from its view alone and
    from a state replayed from the log, also when painted with another viewer's memo now and then, and names no
    card its view does not hold, though the seat painted just before held his own (ECARTE-VI.4: the discards face
    down; E-§6.1, E-§6.2: the points and games told with their laws)."""
    rules = EcarteRules(mode=mode, **VARIANTS[variant])
    compared = 0
    for seed in range(5):
        rng = random.Random(seed)
        state, played = EcarteState.new(rules, seed=seed), list[Any]()
        memos: dict[tuple[int, str], Memo] = {}
        for _ in range(300):
            if state.is_terminal:
                break
            replayed = None
            if rng.random() < 0.03:
                replayed = EcarteState.new(rules, seed=seed)
                for action in played:
                    replayed.apply(action)
            for words in (EN, FR):
                for viewer in (0, 1, PUBLIC):
                    view = state.view(viewer)
                    names = default_names(view, words=words)
                    fresh = paint(view, words=words, names=names)
                    assert not cards_named(fresh, words) - cards_held(view), (seed, viewer)
                    mine = memos.setdefault((viewer, words.lang), Memo())
                    other = memos.get((rng.choice((0, 1, PUBLIC)), words.lang)) if rng.random() < 0.1 else None
                    for memo in (mine,) if other is None or other is mine else (mine, other):
                        assert paint(view, words=words, names=names, memo=memo) == fresh, (seed, viewer, words.lang)
                        compared += 1
                    if replayed is not None:
                        assert paint(replayed.view(viewer), words=words, names=names) == fresh
            acts = [act for seat in (0, 1) for act in state.irregular_actions(seat)] if mode is Mode.TABLE else []
            action = rng.choice(acts) if acts and rng.random() < 0.05 else rng.choice(tuple(state.legal_actions()))
            state = state.clone()
            state.apply(action)
            played.append(action)
    assert compared > 1200
