"""What the lobby says of each game and of each of its rules options, in the page's language.

One line on each game, and a word on each option of its rules (the option's name and its default come from the
server's ``GET /api/games``; the lobby shows this word beside them). An option shared by several games with one
meaning (``players``, ``rounds``, ``direction``, ``mode``) has one word; ``<game>.<option>`` words are the game's
own. A game or an option this module does not know is shown with its name alone.
"""

from __future__ import annotations

from collections.abc import Callable

Say = Callable[[str], str]


def game_lines(w: Say) -> dict[str, str]:
    """One line on each game, by the game's name."""
    return {
        "ecarte": w("Two players, 32 cards, five tricks: propose new cards or play the hand dealt, and mark five "
                    "points first."),
        "whist": w("Four players in two partnerships, 52 cards, thirteen tricks: long whist to ten points, with "
                   "honours and calling at eight."),
        "guimbarde": w("Three to eight players and five boxes of counters; la guimbarde, le roi and le fou are "
                       "always the top trumps."),
        "guinguette": w("Three to eight players vie for three baskets: the queen of diamonds, the best tierce and "
                        "the cotillon (a reconstruction)."),
        "quinze": w("Two to six players draw cards to come as near fifteen as they can without going over, and "
                    "vie on their hands."),
    }


def option_words(w: Say) -> dict[str, str]:
    """A word on each rules option: ``option`` for a meaning every game shares, ``game.option`` otherwise."""
    return {
        "players": w("How many sit at the table"),
        "rounds": w("How many rounds the game lasts (each player deals as often)"),
        "direction": w("Which way the play goes round the table"),
        "deal_pattern": w("The deal: five cards by three then two, or two then three"),
        "mode": w("Enforced: irregular acts are refused; table: they happen and the laws rule on them"),
        "ecarte.game_points": w("Points that win the game (five in France)"),
        "ecarte.first_dealer_card": w("Who deals first: the higher cut or the lower"),
        "ecarte.dealer_min_exchange": w("The fewest cards the dealer must take after accepting (0 or 1)"),
        "ecarte.must_trump": w("The second player, void in the suit led, must trump if he can"),
        "ecarte.penalty_on_vole": w("After a refusal, the vole scores 2 only (cap) or 2 more (add)"),
        "ecarte.penalty_first_decision_only": w("The two-point penalty applies to the first decision only"),
        "ecarte.partie_liee": w("Play the best two games of three (la belle)"),
        "ecarte.stake_scoring": w("A game counts treble, double or single by the loser's points"),
        "whist.variant": w("Long whist (game of 10, calling at 8) or short whist (game of 5)"),
        "whist.game_values": w("Games count by the losers' score (standard) or 1 each (flat)"),
        "whist.rubber_bonus": w("Points for winning the rubber (empty: the variant's own)"),
        "whist.misdeal_loses_deal": w("A misdeal passes the deal (the Club's rule) instead of dealing again"),
        "whist.eight_with_deal_calls_against_nine": w("Partners at eight may call against nine"),
        "whist.fourth_hand_law": w("The fourth hand's revoke law: the seed's or the Club's"),
        "whist.revoke_points": w("Points of the penalty for an established revoke"),
        "guimbarde.clearing_deals": w("Extra deals without antes to empty the boxes at the end"),
        "guimbarde.starting_stock": w("Counters each player starts with"),
        "guimbarde.parlett_follow_only": w("Only follow suit (Parlett), without having to beat or trump"),
        "guimbarde.undertrump_required": w("A void player who cannot overtrump must still trump"),
        "guimbarde.rule3_literal_king_of_diamonds": w("Rule 3 names the king of diamonds, as printed"),
        "guimbarde.rule3_protects_trump_marriages": w("Rule 3 also protects marriages in trumps"),
        "guimbarde.marriage_either_order": w("A marriage may be played queen first as well as king first"),
        "guimbarde.marriage_obligation_only_in_suit": w("Rule 7 binds only after a king of the suit led"),
        "guimbarde.fou_box_on_survival": w("The Fou box is won only when the fou survives its trick"),
        "guimbarde.grand_marriage_table_from_each": w("The grand marriage on the table earns 1 from each player"),
        "guimbarde.pay_hand_marriage_at_start": w("Marriages held in hand are paid before the first lead"),
        "guimbarde.point_pip_tiebreak": w("Equal points: the higher pip total wins"),
        "guimbarde.ante_only_empty_boxes": w("Ante only into the boxes that are empty"),
        "guimbarde.re_ante_only_if_point_taken": w("Add to the Point box only when the point was taken"),
        "guimbarde.unable_to_pay": w("A player who cannot pay buys a new stock or retires"),
        "guimbarde.retract_irregular_card": w("Table mode: an irregular card is taken back as well as fined"),
        "guinguette.stock": w("Tokens each player starts with"),
        "guinguette.g_ante": w("Tokens into the guinguette basket each deal"),
        "guinguette.c_ante": w("Tokens into the cabaret basket each deal"),
        "guinguette.restir_cost": w("What stirring the cotillon again costs"),
        "guinguette.max_stirs": w("How often a player may stir in one deal"),
        "guinguette.tierce_same_suit": w("A tierce must be of one suit"),
        "guinguette.ace_next_to_six": w("With 36 cards, the ace follows the six in a tierce"),
        "guinguette.guinguette_claim_at_deal": w("The queen of diamonds claims her basket right after the deal"),
        "guinguette.guinguette_wild": w("The queen of diamonds is wild in a tierce"),
        "guinguette.discard_mixed": w("A stirrer's discards go back into the cotillon"),
        "guinguette.betting": w("Raise by any amount (bouillotte) or step by step (ladder)"),
        "guinguette.max_raises": w("The most raises in a deal (0: no limit)"),
        "guinguette.no_tierce": w("With no tierce, the best point wins, or the cabaret carries"),
        "guinguette.cotillon_to": w("Who takes the cotillon basket"),
        "guinguette.trick_phase": w("Play four tricks after the vying; the most tricks take the cotillon"),
        "guinguette.cotillon_shuffler": w("Who shuffles the cotillon for a stir"),
        "quinze.form": w("A: the French vying game; B: the old two-hand game"),
        "quinze.cave": w("Tokens each player buys in with (the cave)"),
        "quinze.ante": w("Each player's ante into the pot before each deal"),
        "quinze.fixed_jeu": w("The least opening bet: 0 for the pot, or a fixed number of tokens"),
        "quinze.min_raise": w("The smallest raise: one token, or the pot"),
        "quinze.ties": w("Equal totals: the earlier player wins, or the pot is split"),
        "quinze.all_bust": w("When everyone busts, the pot stays or goes back"),
        "quinze.courts_value": w("What a jack, queen or king counts"),
        "quinze.ace_one_or_eleven": w("The ace counts 11 when that does not pass fifteen"),
        "quinze.silent_bust": w("A bust is found only at the showdown"),
        "quinze.weak_double": w("A player who has staked everything makes the others hold to double"),
        "quinze.half_jeu": w("The law of the half jeu for a short player's opening"),
        "quinze.fault_judgment": w("Table mode: who judges whether a dealer's fault changed the coup"),
        "quinze.cutter": w("Who cuts: the second player on the dealer's left, or the first"),
        "quinze.deal_passes": w("The deal passes after every coup, or after a whole pack"),
        "quinze.substitute_card": w("The card given for an exposed one counts against the offender, for the coup, "
                                    "or not at all"),
        "quinze.elder_bust": w("Form B: the elder's bust is hidden or shown at once"),
        "quinze.stake": w("Form B: the stake of a game"),
    }
