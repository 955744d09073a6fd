"""The table picture of La Guinguette (games/guinguette/picture.py): what a seat or a spectator sees, in words.

Scenario tests follow the rule file's worked examples (§6): Example 1's stirs (the
viewer's own discard and draw, another player's face down, GU-§5.1a, GU-§5.1b), its vying with the tokens each word
puts in (GU-§5.1d, GU-§5.3b), its showdown with who took each basket and why (GU-§5.4a, GU-§5.4b, GU-§5.4c) and the
deal's result matching the rule file's table; Example 2's point fallback (GU-§5.4b, GU-§2.2v); the four tricks of
the GU-§5.6 option with each trick's winner and why; the menu in the books' words and in the order of the hand
(GU-§2.2); the refusals citing their rule and never contradicting themselves; rulings with their law (GU4, GU1);
the same position in French. Random games of several tables, in enforced and in table mode, check that no picture
names a card its view does not hold, that the drawing fits 80 columns and that the picture is JSON.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from picture_support import cards_held, cards_named

from academie.cards import Card
from academie.engine import PUBLIC, Mode
from academie.games.guinguette import GuinguetteRules, GuinguetteState, Reshuffle
from academie.games.guinguette import picture as painter
from academie.games.guinguette.laws import CATALOGUE
from academie.games.guinguette.positions import deck
from academie.games.guinguette.state import PlayCard, Restir, Stir
from academie.picture import WIDTH, Memo, Picture, draw_text
from academie.words import Words

EN, FR = Words("en"), Words("fr")
NAMES = ("A", "B", "C", "D")

# ------------------------------------------------------------------------------------------------ positions
EXAMPLE_1 = {0: "9S 8H KC 6D", 1: "QD JC TH 7S", 2: "TS 9D 8C AH", 3: "KH QS 7D 6C"}
"""The rule file's Example 1 (§6): A (seat 0) eldest, D (seat 3) deals, 36 cards."""
EXAMPLE_1_PLAY = ("stir KC", "7C", "stir 7S", "AC", "keep", "stir KH", "8D",  # round 1: A, B, C keeps, D
                  "keep", "restir AC", "9H", "keep",                           # the renvi: A keeps, B, D keeps
                  "bet 2", "raise 4", "hold", "fold", "fold")                  # the vying
"""Each action as text; a card alone is the cotillon shuffled so that the stirrer draws it (GU-§5.1a)."""


def play(state: GuinguetteState, steps: tuple[str, ...]) -> GuinguetteState:
    for step in steps:
        if len(step) == 2 and step[0] in "23456789TJQKA":
            card = Card.parse(step)
            state.apply(Reshuffle((card, *(other for other in state.cotillon() if other != card))))
        else:
            state.apply_text(step)
    return state


def example_1(steps: int = len(EXAMPLE_1_PLAY), rules: GuinguetteRules | None = None) -> GuinguetteState:
    """Example 1 after its first ``steps`` steps."""
    rules = rules or GuinguetteRules(players=4)
    state = GuinguetteState.new(rules, decks=[deck(hands=EXAMPLE_1, dealer=3, rules=rules)], first_dealer=3)
    return play(state, EXAMPLE_1_PLAY[:steps])


def paint(state: GuinguetteState, viewer: int, words: Words = EN, names: tuple[str, ...] = NAMES) -> Picture:
    return painter.paint(state.view(viewer), words=words, names=names)


# ------------------------------------------------------------------------------------------------ the cotillon
def test_GU_5_1a_GU_5_1b_stirs_told_with_what_each_seat_may_know() -> None:
    """GU-§5.1a: A sees his own discard (♣K) and the card he draws (♣7); the others see a card go face down and
    one drawn unseen. GU-§5.1b: B's renvi costs 4 (GU-§3.2)."""
    mine = paint(example_1(2), 0).log
    assert ("You stir the cotillon (« je remue le cotillon »): you discard K♣ face down, pay 2 tokens into the "
            "cotillon basket and draw 7♣ (GU-§5.1a).") in mine
    theirs = paint(example_1(2), 2)
    assert ("A stirs the cotillon (« je remue le cotillon »): discards a card face down, pays 2 tokens into the "
            "cotillon basket and draws the top card unseen (GU-§5.1a).") in theirs.log
    assert not any("K♣" in line or "7♣" in line for line in theirs.log)
    log = paint(example_1(11), 2).log
    assert "C keeps the cards (« je m'y tiens »)." not in log and "You keep your cards (« je m'y tiens »)." in log
    assert ("Round 2 of the cotillon, the renvi: those who stirred in the round before may stir again (GU-§5.1b, "
            "GU-§5.3a).") in log
    assert ("B stirs the cotillon again (« je renvie le cotillon »): discards a card face down, pays 4 tokens into "
            "the cotillon basket and draws the top card unseen (GU-§5.1b).") in log
    seats = {seat.seat: seat for seat in paint(example_1(11), 2).seats}
    assert "stirred twice" in seats[1].notes and "stirred once" in seats[0].notes and not seats[2].notes


def test_GU_2_2_the_hand_is_sorted_by_rank_strongest_first_and_the_stirs_follow_it() -> None:
    """GU-§2.2: K high, the ace lowest; the hand by rank (a tierce ignores suits), then suit (♠ ♥ ♣ ♦), and the stir
    menu in the same order."""
    assert paint(example_1(0), 0).hand == ("KC", "9S", "8H", "6D")
    assert paint(example_1(0), 2).hand == ("TS", "9D", "8C", "AH")  # the ace last, lowest
    picture = paint(example_1(4), 2)
    assert picture.hand == ("TS", "9D", "8C", "AH")
    assert dict(picture.extra)["Your hand is worth"] == "a tierce au dix"  # GU-§5.1c: 10 9 8
    assert [move.card for move in picture.moves] == [None, "TS", "9D", "8C", "AH"]
    assert [move.label for move in picture.moves] == [
        "keep your cards (« je m'y tiens »)",
        "stir: discard 10♠, pay 2 tokens (« je remue le cotillon »)",
        "stir: discard 9♦, pay 2 tokens (« je remue le cotillon »)",
        "stir: discard 8♣, pay 2 tokens (« je remue le cotillon »)",
        "stir: discard A♥, pay 2 tokens (« je remue le cotillon »)"]
    assert sorted(move.action for move in picture.moves) == sorted(str(a) for a in example_1(4).legal_actions())
    renvi = paint(example_1(8), 1)  # B in the renvi round, holding ♦Q ♣J ♥10 ♣A
    assert [move.action for move in renvi.moves] == ["keep", "restir QD", "restir JC", "restir TH", "restir AC"]
    assert renvi.moves[1].label == "stir again: discard Q♦, pay 4 tokens (« je renvie le cotillon »)"


# ------------------------------------------------------------------------------------------------ the vying
def test_GU_5_3b_GU_5_1d_the_vying_in_the_books_words_with_its_tokens() -> None:
    """GU-§5.3b: pass, bet a measure, hold, raise (« renvi », GU-§5.1d), fold, each with what it puts in."""
    opening = paint(example_1(11), 0)
    assert opening.waiting_for == "Your turn to speak on the cabaret"
    assert [move.label for move in opening.moves] == [
        "pass (« passe »): no bet for now, you may still come in", "bet a demi-septier: 1 token into the cabaret",
        "bet a chopine: 2 tokens into the cabaret", "bet a pinte: 4 tokens into the cabaret"]
    after_raise = paint(example_1(13), 2)
    assert [move.label for move in after_raise.moves] == [
        "fold (« quitte »): leave the cabaret contest", "hold (« tiens »): put in 6 tokens, to 6 in all",
        "raise a demi-septier (« renvi »): put in 7 tokens, to 7 in all",
        "raise a chopine (« renvi »): put in 8 tokens, to 8 in all",
        "raise a pinte (« renvi »): put in 10 tokens, to 10 in all"]
    log = paint(example_1(15), 3).log
    assert "A opens the cabaret with a chopine: 2 tokens (GU-§5.3b, GU-§5.1d)." in log
    assert "B holds and raises a pinte (« renvi »): puts in 6 tokens, 6 in all (GU-§5.1d)." in log
    assert "C holds (« tiens »): puts in 6 tokens, 6 in all (GU-§5.3b)." in log
    assert "You fold (« quitte »): out of the cabaret contest (GU-§5.3b)." in log
    picture = paint(example_1(15), 0)
    assert picture.moves[0].label == "fold (« quitte »): leave the cabaret, your 2 tokens stay in it"
    assert dict(picture.extra)["Cabaret contest"] == ("the highest stake is 6; you have put in 2, 4 more to hold")


# ------------------------------------------------------------------------------------------------ the showdown
def test_GU_5_4a_GU_5_4b_GU_5_4c_example_1_showdown_with_who_took_each_basket_and_why() -> None:
    """Example 1, F: B shows ♦Q and takes the guinguette (4); his tierce au valet beats C's au dix for the cabaret
    (18); the cabaret's winner takes the cotillon basket (10); the deal's result is the rule file's table, each
    seat's net split into antes, stirs, bets and baskets."""
    picture = paint(example_1(), 2)
    log = list(picture.log)
    assert log[0] == "A folds (« quitte »): out of the cabaret contest, leaving 2 tokens in it (GU-§5.3b)."
    shown = ["B shows Q♦ J♣ 10♥ 9♥: a tierce au valet.", "You show 10♠ 9♦ 8♣ A♥: a tierce au dix."]
    guinguette = "B holds the queen of diamonds and takes the guinguette basket: 4 tokens (GU-§5.4a)."
    cabaret = "B takes the cabaret, 18 tokens, with a tierce au valet, the best tierce shown (GU-§5.4b)."
    cotillon = "B takes the cotillon basket, 10 tokens, with the cabaret (GU-§5.4c)."
    result = ("Deal 1 is over: A −6 (antes −2, stirs −2, bets −2); B +18 (antes −2, stirs −6, bets −6, baskets +32); "
              "you −8 (antes −2, bets −6); D −4 (antes −2, stirs −2).")
    assert log[1:7] == [*shown, guinguette, cabaret, cotillon, result]
    assert picture.result == result
    assert log[7] == "Deal 2 of 4: A deals; B is eldest hand and speaks first (GU-§2.4d)."
    assert picture.tallies[0].entries == (("Guinguette", "4"), ("Cabaret", "4"), ("Cotillon", "0"))
    spectator = painter.paint(example_1().view(PUBLIC), words=EN, names=NAMES)
    assert "C shows 10♠ 9♦ 8♣ A♥: a tierce au dix." in spectator.log and not spectator.hand
    assert not any(line.startswith("You ") or " you " in line for line in spectator.log)


def test_GU_5_4b_GU_2_2v_example_2_the_highest_point_takes_the_cabaret() -> None:
    """Example 2: A and C stay in without a tierce: A's 35 (♠K ♦J ♣9 ♥6) beats C's 29 (♣Q ♦10 ♠8 ♠A); B, who
    folded, still takes the guinguette with ♦Q (GU-§5.4a)."""
    rules = GuinguetteRules(players=4)
    hands = {0: "KS JD 9C 6H", 1: "QD 7C 7S 6S", 2: "QC TD 8S AS", 3: "KH QH 7H 6D"}
    state = GuinguetteState.new(rules, decks=[deck(hands=hands, dealer=3, rules=rules)], first_dealer=3)
    play(state, ("keep", "keep", "keep", "keep", "bet 1", "fold", "hold", "fold"))
    log = paint(state, 1).log
    assert "A shows K♠ J♦ 9♣ 6♥: no tierce, a point of 35." in log
    assert "C shows Q♣ 10♦ 8♠ A♠: no tierce, a point of 29." in log
    assert "You hold the queen of diamonds and take the guinguette basket: 4 tokens (GU-§5.4a)." in log
    assert ("Nobody still in has a tierce: A takes the cabaret, 6 tokens, with the highest point, 35 (GU-§5.4b, "
            "GU-§2.2v).") in log
    nobody = GuinguetteState.new(rules, decks=[deck(hands=hands, dealer=3, rules=rules)], first_dealer=3)
    play(nobody, ("keep",) * 4 + ("pass",) * 4)
    assert "Nobody bet: there is no contest for the cabaret this deal, and it is not won (GU-§5.3b)." in paint(
        nobody, 0).log


def test_GU_3_2_the_baskets_not_won_carry_over_and_are_said() -> None:
    """GU-§3.2: a cabaret nobody contested stays in its basket; the next deal's log says what was carried."""
    rules = GuinguetteRules(players=4)
    hands = {0: "KS JD 9C 6H", 1: "QC 7C 7S 6S", 2: "QS TD 8S AS", 3: "KH QH 7H 6D"}  # ♦Q in the cotillon
    state = GuinguetteState.new(rules, decks=[deck(hands=hands, dealer=3, rules=rules)], first_dealer=3)
    play(state, ("keep",) * 4 + ("pass",) * 4)
    log = paint(state, 0).log
    assert "Nobody shows the queen of diamonds: the guinguette basket is not won (GU-§5.4a)." in log
    assert ("Carried over from the deals before, not won yet (GU-§3.2): guinguette 4, cabaret 4, cotillon 0."
            in log)


# ------------------------------------------------------------------------------------------------ tricks (option)
TRICK_HANDS = {0: "KS 9H 6C 8D", 1: "7S QH JC 9D", 2: "8S TH 7C 6D", 3: "9S 6H 8C 7D"}


def trick_deal() -> GuinguetteState:
    rules = GuinguetteRules(players=4, trick_phase=True)
    state = GuinguetteState.new(rules, decks=[deck(hands=TRICK_HANDS, dealer=3, rules=rules)], first_dealer=3)
    return play(state, ("keep",) * 4 + ("bet 1", "hold", "hold", "hold"))


def test_GU_5_6_each_trick_won_and_why() -> None:
    """GU-§5.6: the highest card of the suit led wins (K high); the winner, the card and why are said; the last
    trick is kept with its winner; a card off suit is refused by the rule."""
    state = trick_deal()
    assert [move.label for move in paint(state, 0).moves] == ["lead K♠", "lead 9♥", "lead 8♦", "lead 6♣"]
    play(state, ("play KS",))
    assert [move.label for move in paint(state, 1).moves] == ["play 7♠"]
    refusal = painter.why_not(state.view(1), "play QH", "", words=EN)
    assert refusal == "You must follow suit: ♠ was led (GU-§5.6). Allowed: play 7♠."
    play(state, ("play 7S", "play 8S", "play 9S"))
    picture = paint(state, 2)
    assert "A wins trick 1 with K♠ (highest ♠, GU-§5.6)." in picture.log
    assert picture.last_trick is not None and picture.last_trick.winner == 0
    assert picture.last_trick.why == "highest ♠" and picture.last_trick.plays[0] == (0, "KS")
    assert picture.status == "Deal 1 of 4 · trick 2 of 4"
    assert dict(picture.tallies[-1].entries)["A"] == "1"


# ------------------------------------------------------------------------------------------------ refusals
def test_why_not_cites_the_rule_and_never_contradicts_itself() -> None:
    """A refused move is explained by the rule that forbids it (GU-§5.3a, GU-§5.3b), with what is allowed instead
    when it is the viewer's turn and nothing about moves when it is not."""
    state = example_1(13, GuinguetteRules(players=4, max_raises=1))  # B raised: C to speak, no raise left
    view = state.view(2)
    assert [str(a) for a in view.legal_actions] == ["fold", "hold"]
    assert painter.why_not(view, "raise 2", "", words=EN) == (
        "No more raises this deal: the limit is 1 (GU-§5.3b). Allowed: fold (« quitte »): leave the cabaret "
        "contest; hold (« tiens »): put in 6 tokens, to 6 in all.")
    assert painter.why_not(view, "pass", "", words=EN).startswith(
        "The cabaret is open, the highest stake 6: hold, raise or fold (GU-§5.3b).")
    assert painter.why_not(state.view(0), "hold", "", words=EN) == (
        "It is not your turn: Seat 2 is to speak on the cabaret (GU-§5.3b).")
    short = dataclasses.replace(example_1(13).view(2), stocks=(36, 30, 8, 38))
    assert painter.why_not(short, "raise 4", "", words=EN).startswith(
        "Raising 4 costs 10 tokens (6 to hold and 4 more) and you have 8: the most you may raise is 2 (GU-§5.3b).")
    assert painter.why_not(example_1(8).view(1), "stir QD", "", words=EN).startswith(
        "This is the renvi round: stir again with restir CARD (« je renvie le cotillon », GU-§5.1b).")
    assert painter.why_not(example_1(0).view(0), "bet 2", "", words=EN).startswith(
        "The vying on the cabaret comes after the cotillon rounds: keep or stir first (GU-§5.2).")
    assert painter.why_not(example_1(0).view(0), "stir QD", "", words=EN).startswith("You do not hold Q♦.")
    assert painter.why_not(example_1().view(0), "! look 0", "", words=EN).startswith(
        "Irregular acts happen only in table mode")
    over = play(GuinguetteState.new(GuinguetteRules(players=3), seed=1, first_dealer=0), ())
    rng = random.Random(1)
    while not over.is_terminal:
        over.apply(rng.choice(over.legal_actions()))
    assert painter.why_not(over.view(0), "keep", "", words=EN) == "The game is over: no move is possible."


def test_every_refusal_over_random_games_names_a_rule_and_offers_only_legal_moves() -> None:
    """Over random games, every move a seat may type but not make is refused citing a GU rule (or the engine's
    reason), and "Allowed:" lists exactly the legal moves, never an empty list."""
    words = EN
    for seed in range(4):
        state = GuinguetteState.new(GuinguetteRules(players=4, trick_phase=seed % 2 == 1), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.actor
            view = state.view(seat)
            legal = {str(action) for action in view.legal_actions}
            for text in ("keep", "pass", "hold", "fold", "all-in", "bet 4", "raise 4", "raise 1",
                         *(f"stir {card}" for card in view.hand), *(f"restir {card}" for card in view.hand),
                         *(f"play {card}" for card in view.hand)):
                if text in legal:
                    continue
                refusal = painter.why_not(view, text, "engine reason", words=words)
                assert re.search(r"\bGU(?:-§|\d)", refusal) or "engine reason" in refusal, refusal
                if "Allowed: " in refusal:
                    offered = refusal.split("Allowed: ", 1)[1]
                    assert offered.strip(". ") and all(move.label in offered for move in paint(state, seat).moves)
            state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------------ table mode
def test_GU4_GU1_rulings_told_with_their_law_and_their_fine() -> None:
    """GU4: D bets out of turn, the act is void and he pays 1 to each; GU1: a card drawn and shown stays face up,
    in a note for its holder ("face up", never "you shows") and in the seat's shown cards for the others."""
    rules = GuinguetteRules(players=4, mode=Mode.TABLE)
    state = GuinguetteState.new(rules, decks=[deck(hands=EXAMPLE_1, dealer=3, rules=rules)], first_dealer=3)
    state.automate_table = False
    state.apply_text("! out-of-turn 3 bet 2")
    pending = paint(state, 0)
    assert pending.pending == ("D acts out of turn: a bet of a chopine (GU4). The table rules: the act is void and "
                               "the offender pays 1 token to each player.")
    assert pending.waiting_for == "The table rules under GU4"
    state.apply(state.legal_actions()[0])
    assert "Ruling (GU4): the act is void and D pays 1 token to each other player." in paint(state, 0).log
    state.apply_text("! out-of-turn 3 stir KH")  # GU-§5.1a: the card of a stir goes face down, even out of turn
    assert paint(state, 0).log[-1] == "D acts out of turn: a stir (GU4)." and "K♥" not in paint(state, 0).pending
    state.apply(state.legal_actions()[0])
    play(state, ("stir KC", "7C"))
    state.apply_text("! show-draw 0 7C")
    state.apply(state.legal_actions()[0])
    mine, theirs = paint(state, 0), paint(state, 1)
    assert "Ruling (GU1): you keep the card, shown to all, and pay 1 token to each other player." in mine.log
    assert "face up: 7♣" in mine.seats[0].notes and not mine.seats[0].shown
    assert theirs.seats[0].shown == ("7C",)
    assert not any("shows" in line for line in draw_text(mine, EN) if line.lstrip().startswith("You"))
    assert not any("montre" in line for line in draw_text(paint(state, 0, FR), FR)
                   if line.lstrip().startswith("Vous"))
    assert painter.act_label(state.view(1), "! look 1", words=EN) == (
        "You: look at the cotillon or the discards (GU8: the other players may take what the offender put into "
        "the cabaret, and his right to it)")
    assert painter.act_label(state.view(0), "! show-draw 1 JC", words=FR) == (
        "Siège 1 : montrer la carte prise au cotillon, V♣ (GU1 : interdit : le fautif garde la carte, découverte, "
        "et paie 1 jeton à chaque joueur)")


# ------------------------------------------------------------------------------------------------ French
def test_the_french_picture_of_the_same_position() -> None:
    """Example 1 in French: the words are French, the cards R♥ D♦ V♣, the books' words kept."""
    picture = paint(example_1(2), 0, FR)
    assert ("Vous remuez le cotillon (« je remue le cotillon ») : vous écartez R♣ face cachée, mettez 2 jetons dans "
            "le panier du cotillon et prenez 7♣ (GU-§5.1a).") in picture.log
    lines = draw_text(picture, FR)
    assert lines[0] == "── La Guinguette · Coup 1 sur 4 · le cotillon, tour 1"
    assert "   Votre jeu : 9♠ 8♥ 7♣ 6♦" in lines and "   Vos écarts, faces cachées : R♣" in lines
    end = paint(example_1(), 2, FR)
    assert "B montre D♦ V♣ 10♥ 9♥ : une tierce au valet." in end.log
    assert "B a la dame de carreau et prend le panier de la guinguette : 4 jetons (GU-§5.4a)." in end.log
    assert ("B prend le cabaret, 18 jetons, avec une tierce au valet, la meilleure tierce montrée (GU-§5.4b)."
            in end.log)
    assert end.result.startswith("Fin du coup 1 : A −6 (mises de départ −2, cotillon −2, enchères −2) ; B +18")
    menu = [move.label for move in paint(example_1(13), 2, FR).moves]
    assert menu[:2] == ["quitter (« quitte ») : sortir de la lutte pour le cabaret",
                        "tenir (« tiens ») : mettre 6 jetons, pour 6 en tout"]
    assert painter.default_names(example_1(0).view(1), words=FR) == ("Siège 0", "Vous", "Siège 2", "Siège 3")


def test_names_turns_and_shorthand() -> None:
    """"You" and "Seat N" by default; whose turn it is; a card alone stirs it (or plays it in a trick), and the
    books' words stand for their move (« je m'y tiens », « passe », « tiens », « quitte », the measures)."""
    view = example_1(0).view(0)
    assert painter.default_names(view, words=EN) == ("You", "Seat 1", "Seat 2", "Seat 3")
    assert paint(example_1(0), 1).waiting_for == "A to keep or stir"
    assert painter.shorthand(view, "kc") == "stir KC" and painter.shorthand(view, "je m'y tiens") == "keep"
    assert painter.shorthand(example_1(8).view(1), "10h") == "restir TH"
    assert painter.shorthand(view, "help") == "help"
    betting = example_1(11).view(0)
    assert painter.shorthand(betting, "chopine") == "bet 2" and painter.shorthand(betting, "passe") == "pass"
    assert painter.shorthand(example_1(13).view(2), "renvi pinte") == "raise 4"
    assert painter.shorthand(example_1(13).view(2), "tiens") == "hold"
    trick = play(trick_deal(), ())
    assert painter.shorthand(trick.view(0), "R♠") == "play KS"


# ------------------------------------------------------------------------------------------------ random games
PAST_DEALS = frozenset({"last_deal"})






TABLES: dict[str, dict[str, Any]] = {
    "4": {"players": 4},
    "3-claim-aside-carry": {"players": 3, "guinguette_claim_at_deal": True, "discard_mixed": False,
                            "no_tierce": "carry", "cotillon_to": "guinguette_holder"},
    "6-tricks-ladder": {"players": 6, "trick_phase": True, "betting": "ladder", "c_ante": 0, "stock": 30},
    "8-same-suit-wild": {"players": 8, "tierce_same_suit": True, "guinguette_wild": True, "max_raises": 2,
                         "cotillon_to": "tierce_winner", "rounds": 1},
}


def random_states(table: str, mode: Mode, seed: int) -> Iterator[GuinguetteState]:
    """The states of a random partie, irregular acts committed now and then in table mode."""
    rules = GuinguetteRules(mode=mode, **TABLES[table])
    state = GuinguetteState.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(1500):
        if state.is_terminal:
            yield state
            return
        yield state
        acts = [act for seat in range(rules.players) for act in state.irregular_actions(seat)]
        if acts and rng.random() < 0.06:
            state.apply(rng.choice(acts))
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_no_picture_names_a_card_its_view_does_not_hold(table: str, mode: Mode) -> None:
    """Every seat's and the spectator's picture, over random parties, in both languages: no card beyond its view's
    (hand, shown, trick, table, log, moves, pending, result), 80 columns, JSON, one move per legal action, the
    stirs and plays of the menu in the order of the hand."""
    small = TABLES[table]["players"] <= 4
    for seed in range(3 if small else 2):
        for step, state in enumerate(random_states(table, mode, seed)):
            if step % (3 if small else 7) and not state.is_terminal:
                continue
            words = (EN, FR)[step % 2]
            for viewer in (*range(state.players), PUBLIC):
                view = state.view(viewer)
                picture = painter.paint(view, words=words, names=painter.default_names(view, words=words))
                leaked = cards_named(picture, words) - cards_held(view)
                assert not leaked, f"{table} {mode} seed {seed} step {step} viewer {viewer}: names {leaked}"
                assert all(len(line) <= WIDTH for line in draw_text(picture, words))
                json.dumps(picture.as_json())
                assert sorted(move.action for move in picture.moves) == sorted(str(a) for a in view.legal_actions)
                cards = [move.card for move in picture.moves if move.card is not None
                         and move.action.split()[0] in ("stir", "restir", "play")]
                assert cards == [card for card in picture.hand if card in cards]
                if viewer == PUBLIC:
                    assert not picture.hand and not picture.moves
                    assert not any(line.startswith(("You ", "Vous ")) for line in picture.log)


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_GU_5_1a_views_and_pictures_written_out_are_the_ones_their_classes_make(table: str, mode: Mode) -> None:
    """The state makes a view as a copy of its position's shared fields with the viewer's own set in, and the
    painter fills a picture's fields through their slots (issue 33: the frozen classes' ``__init__`` was most of a
    view's making): over random parties, every seat's and the spectator's view and picture, painted as the card
    room paints them (in turn, each with its memo), are the objects their classes make of the same fields (a field
    left unset, or a view holding what is not one of its fields, would fail here), and each picture is the one
    painted from its view alone, though its memo was last painted in the other language (the viewer's own draws
    told, GU-§5.1a)."""
    for seed in range(2):
        memos: dict[int, Memo] = {}
        for step, state in enumerate(random_states(table, mode, seed)):
            if step > 300:
                break
            for viewer in (*range(state.players), PUBLIC):
                view = state.view(viewer)
                assert dataclasses.replace(view) == view
                assert sorted(vars(view)) == sorted(item.name for item in dataclasses.fields(view))
                words = (EN, FR)[(step + viewer) % 2]
                picture = painter.paint(view, words=words, names=painter.default_names(view, words=words),
                                        memo=memos.setdefault(viewer, Memo()))
                assert Picture(**{item.name: getattr(picture, item.name)
                                  for item in dataclasses.fields(picture)}) == picture
                assert picture == painter.paint(view, words=words, names=painter.default_names(view, words=words))


@pytest.mark.parametrize("mode", [Mode.ENFORCED, Mode.TABLE])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_GU_5_1a_GU_2_4d_a_sentence_told_once_for_every_viewer_carries_no_viewers_you_or_card_to_another(
        table: str, mode: Mode) -> None:
    """The deal is told once per position for every viewer, each sentence shared by the viewers who name its seats
    alike (issue 33). Painted as the card room paints them (every seat and then the spectator, each with his memo,
    every viewer calling the players by the same names, as the room calls them), in English and in French, each
    picture is the one painted from its view alone (which shares nothing with another viewer's) and names no card
    its view does not hold: a sentence kept for one viewer that carried his "You" to another (his stir or his word
    in the vying, the deal's opening naming him as dealer or eldest hand, GU-§2.4d, a payment to him) or his own
    discard and draw (GU-§5.1a) would differ here or leak."""
    players = TABLES[table]["players"]
    names = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal")[:players]
    memos: dict[tuple[int, str], Memo] = {}
    for step, state in enumerate(random_states(table, mode, 1)):
        if step > 120:
            break
        for words in (EN, FR):
            for viewer in (*range(players), PUBLIC):
                view = state.view(viewer)
                picture = painter.paint(view, words=words, names=names,
                                        memo=memos.setdefault((viewer, words.lang), Memo()))
                assert picture == painter.paint(view, words=words, names=names), (step, viewer, words.lang)
                leaked = cards_named(picture, words) - cards_held(view)
                assert not leaked, f"step {step} viewer {viewer}: the picture names {leaked}"


def test_moves_name_their_card() -> None:
    """The card room makes a move about one card clickable: stirs and plays carry their card."""
    for action, move in zip(sorted(example_1(0).legal_actions(), key=str),
                            sorted(paint(example_1(0), 0).moves, key=lambda m: m.action), strict=True):
        if isinstance(action, (Stir, Restir, PlayCard)):
            assert move.card == str(action.card)


# ------------------------------------------------------------------------------------------------ how to play
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_how_to_play_fits_80_columns_and_cites_the_catalogue(lang: str) -> None:
    """The rules for players: at most ~45 lines of 80 columns, citing law IDs of the catalogue (GU-§5.4b,
    GU-§5.1a ...), and saying that the game is a reconstruction (R1)."""
    text = resources.files("academie.games.guinguette").joinpath(f"how_to_play.{lang}.md").read_text("utf-8")
    lines = text.splitlines()
    assert len(lines) <= 45 and all(len(line) <= WIDTH for line in lines)
    ids = {entry.id for entry in CATALOGUE}
    cited = set(re.findall(r"GU(?:-§[0-9.a-z]+[0-9a-z]|[0-9])", text))
    assert len(cited & ids) >= 10 and cited <= ids, cited - ids
    assert "R1" in text and ("reconstruction" in text.lower() or "reconstitution" in text.lower())
