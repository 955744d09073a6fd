"""The laws table of La Guinguette: every rule and law ID, and what is historical and what is ours.

The game is a reconstruction (the rule file says so). Only a few rules survive: the seed's opening
(``GUINGUETTE-§1``, source ``seed``) and what the rule file quotes from ADP and Littré (``GU-§2.1`` …
``GU-§5.1d``, source ``law``, with the source tag as ``origin``). Everything else is the rule file's
Reconstruction R1, its [CHOICE]s and its analogies with related games: source ``reconstructed``. Of the laws of
irregularities only GU1's prohibition is sourced; GU2–GU9 are proposed by analogy and reported as reconstructed.
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

SEED, LAW, RECON = Source.SEED, Source.LAW, Source.RECONSTRUCTED

CATALOGUE: Final[tuple[RuleEntry, ...]] = (
    # ------------------------------------------------------------------ the seed
    RuleEntry("GUINGUETTE-§1", SEED, "3 to 8 players; 52 cards, or 36 (low cards to the fives removed) for 3–4; "
              "aces count one and are lowest; stocks of 30–40 counters; the guinguette is the ♦Q; the cabaret "
              "is a tierce to the jack, ten, nine, … downwards", origin="SEED-GU (cut off)"),
    # ------------------------------------------------------------------ sourced rules of the rule file
    RuleEntry("GU-§2.1", LAW, "3–4 players: 36 cards (2s to 5s removed); 5–8 players: 52 cards",
              origin="SEED-GU; ADP"),
    RuleEntry("GU-§2.2", LAW, "cards rank K Q J 10 9 … 2 A; the ace counts one and is the lowest card",
              origin="SEED-GU; ADP"),
    RuleEntry("GU-§2.3", LAW, "each player takes a stock (prise) of 30 to 40 tokens (default 40: CHOICE)",
              origin="SEED-GU; ADP"),
    RuleEntry("GU-§2.4", LAW, "players draw cards; the highest has his left-hand neighbour deal (ties draw again)",
              origin="ADP"),
    RuleEntry("GU-§2.5", LAW, "three baskets stand on the table: guinguette, cabaret, cotillon",
              origin="ADP items 1–3"),
    RuleEntry("GU-§3.1", LAW, "guinguette stakes 'one or more' by agreement; demi-septier 1, chopine 2, pinte 4; "
              "2 tokens to the cotillon basket per stir", origin="ADP items 1, 4, 5"),
    RuleEntry("GU-§4.3", LAW, "four cards to each player, two at a time, from eldest", origin="ADP"),
    RuleEntry("GU-§4.4", LAW, "the undealt cards lie face down: this stock is the cotillon", origin="ADP item 3"),
    RuleEntry("GU-§5.1a", LAW, "remuer le cotillon: discard one card face down, pay 2 to the cotillon basket, the "
              "stock is shuffled and cut, take its top card without turning or showing it",
              origin="ADP item 5; LITTRÉ-C"),
    RuleEntry("GU-§5.1b", LAW, "renvier le cotillon: one who has stirred stirs again after the others have spoken",
              origin="ADP item 6 (cut off)"),
    RuleEntry("GU-§5.1c", LAW, "a tierce is three cards of consecutive rank among the low cards, au valet "
              "(J-10-9) best, down to the ace; kings and queens form none", origin="SEED-GU; ADP item 2; LITTRÉ-K"),
    RuleEntry("GU-§5.1d", LAW, "the measures are put into the cabaret as raises (renvi) on what it holds",
              origin="ADP item 4"),
    # ------------------------------------------------------------------ Reconstruction R1 and choices
    RuleEntry("GU-§2.2v", RECON, "point values for the no-tierce fallback: 2–10 at face value, J/Q/K 10",
              origin="R1; ANALOGY: Bouillotte/Piquet"),
    RuleEntry("GU-§2.4d", RECON, "play runs counter-clockwise (inferred; option clockwise); eldest hand deals "
              "the next deal", origin="CHOICE (inferred from ADP); R1"),
    RuleEntry("GU-§3.2", RECON, "antes each deal: 1 to the guinguette, 1 to the cabaret (options); re-stir costs "
              "4 (option 2); unwon baskets carry over to the next deal", origin="R1; ANALOGY: Guimbarde/Poch"),
    RuleEntry("GU-§4.2", RECON, "the dealer shuffles, the player on his left cuts; no trump is turned",
              origin="CHOICE; ANALOGY: Guimbarde seed"),
    RuleEntry("GU-§5.1e", RECON, "the stirrer's discard is mixed into the cotillon before the shuffle "
              "(option: set aside, the stock shrinks)", origin="CHOICE (Littré: « mêler le talon »)"),
    RuleEntry("GU-§5.1f", RECON, "tierces of any suits (option: one suit); with 36 cards 8-7-6 is lowest (option: "
              "7-6-A); a four-card run counts as its best tierce", origin="R1; CHOICE"),
    RuleEntry("GU-§5.2", RECON, "the course of a deal: antes, deal, a round of stirs, renvi rounds, vying on the "
              "cabaret, showdown, the deal passes", origin="R1"),
    RuleEntry("GU-§5.3a", RECON, "cotillon rounds: each in turn keeps or stirs (needs the fee); a renvi round for "
              "those who stirred, at most one renvi each (option max_stirs); the stirrer's left-hand neighbour "
              "cuts (option: the dealer shuffles and cuts)", origin="R1; CHOICE"),
    RuleEntry("GU-§5.3b", RECON, "vying on the cabaret as at Bouillotte: pass, bet a measure, hold, raise a "
              "measure, fold, all-in when short; nobody bets: no contest (option: ladder of measures, max raises)",
              origin="R1; ANALOGY: Bouillotte"),
    RuleEntry("GU-§5.4a", RECON, "the ♦Q holder at the showdown takes the guinguette basket, in the contest or not; "
              "carries when the ♦Q is in the cotillon (options: claimed at the deal; ♦Q wild)",
              origin="R1; ANALOGY: Guimbarde/Poch"),
    RuleEntry("GU-§5.4b", RECON, "the cabaret: to the last player in, else the best tierce shown (equal: the "
              "earlier player), else the highest point (option: carry)", origin="R1; ANALOGY: Guimbarde, Bouillotte"),
    RuleEntry("GU-§5.4c", RECON, "the cotillon basket goes to the cabaret winner (options: the ♦Q holder; only a "
              "tierce winner); else it carries", origin="R1"),
    RuleEntry("GU-§5.4d", RECON, "side pots when a player is all-in, settled layer by layer",
              origin="R1; ANALOGY: Bouillotte"),
    RuleEntry("GU-§5.5", RECON, "a partie is an agreed multiple of the number of players in deals; baskets left "
              "at the end are shared equally, the remainder one by one from eldest", origin="R1"),
    RuleEntry("GU-§5.6", RECON, "option (Q10): four tricks after the vying, following suit; the player with most "
              "tricks (the first to reach that number among equals) takes the cotillon basket", origin="§9 Q10"),
    # ------------------------------------------------------------------ §7 laws of irregularities
    RuleEntry("GU1", LAW, "turning or showing the card drawn from the cotillon is forbidden; the offender pays 1 "
              "to each player and keeps the card", remedies=("fine",),
              origin="ADP (prohibition); CHOICE (penalty)"),
    RuleEntry("GU2", RECON, "misdeal: the dealer pays 1 to each and deals again; the antes stay in the baskets",
              remedies=("redeal",), origin="ANALOGY: Guimbarde seed rule 10"),
    RuleEntry("GU3", RECON, "a card exposed in the deal: the others may have a redeal, without penalty unless a "
              "player other than the dealer caused it", chooser="the other players",
              remedies=("redeal", "play-on"), origin="ANALOGY: Whist seed law 10"),
    RuleEntry("GU4", RECON, "stirring, betting or speaking out of turn: the act is void and the offender pays 1 "
              "to each", remedies=("void",), origin="ANALOGY: Guimbarde seed rule 12"),
    RuleEntry("GU5", RECON, "stirring without paying or paying wrongly: pay at once, or the stir is cancelled and "
              "the discard returned", remedies=("pay", "cancel"), origin="CHOICE"),
    RuleEntry("GU6", RECON, "a wrong number of cards at the showdown: that player may win neither the guinguette "
              "nor the cabaret", remedies=("disqualify",), origin="ANALOGY: Whist seed law 15"),
    RuleEntry("GU7", RECON, "a false claim (♦Q, tierce, point): void, and the claimant pays 1 to each",
              remedies=("fine",), origin="CHOICE (as Guimbarde)"),
    RuleEntry("GU8", RECON, "looking at the cotillon or the discards: the offender loses what he put into the "
              "cabaret this deal", chooser="the opponents", remedies=("forfeit", "pardon"),
              origin="ANALOGY: Quinze seed law 30"),
    RuleEntry("GU9", RECON, "a player who cannot pay buys a new stock (or retires)", origin="CHOICE"),
)


def source_label(entry: RuleEntry) -> str:
    """How the help text labels a rule: "historical (ADP; …)" or "reconstructed (R1; …)".

    >>> source_label(CATALOGUE[0])
    'historical: SEED-GU (cut off)'
    >>> source_label(next(e for e in CATALOGUE if e.id == "GU-§5.4a"))
    'RECONSTRUCTED: R1; ANALOGY: Guimbarde/Poch'
    """
    if entry.source is RECON:
        return f"RECONSTRUCTED: {entry.origin}"
    return f"historical: {entry.origin}"
