"""The laws table of Écarté: every rule and law ID of the game, as data.

Seed rules (``ECARTE-V.n``, ``ECARTE-VI.n``) come from chapters V and VI of the seed treatise; the rule file's
sections are cited as ``E-§n.m``; the laws of irregularities ``E-D*``, ``E-K*``, ``E-X*``, ``E-P*``, ``E-S*`` are
those of §7 of the rule file, with the law the rule file marks as inferred reported as reconstructed.
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

SEED, LAW, RECON = Source.SEED, Source.LAW, Source.RECONSTRUCTED

CATALOGUE: Final[tuple[RuleEntry, ...]] = (
    # ------------------------------------------------------------------ the rule file's sections 2–6
    RuleEntry("E-§2.1", LAW, "32-card pack; K Q J A 10 9 8 7 in every suit; a trump beats any plain card",
              origin="Cav intro; OH p.174; EB"),
    RuleEntry("E-§2.3", LAW, "first dealer by cut, the higher card deals (option: lowest); deal alternates",
              origin="Cav 4–6; OH p.175"),
    RuleEntry("E-§3", LAW, "five cards each, non-dealer first, by 3-2 or 2-3 kept for the game; "
              "11th card turned for trumps; 21 cards form the talon", origin="Cav 8, 10; OH p.175"),
    RuleEntry("E-§3.4", LAW, "a turned-up king scores one for the dealer", origin="EB; OH p.175"),
    RuleEntry("E-§4.4", LAW, "the holder of the king of trumps scores one by marking it before his first card",
              origin="OH p.175; EB; Amer"),
    RuleEntry("E-§5", LAW, "second player must follow and overtake if he can, else trump if he can "
              "(option: need not trump)", origin="EB; Amer; Cav 43"),
    RuleEntry("E-§6.1", LAW, "the point (3 or 4 tricks) scores one, the vole (5 tricks) two; "
              "points count as they arise", origin="Cav 43; OH p.175"),
    RuleEntry("E-§6.2", LAW, "game is five points; partie liée (best of three) and single/double/treble "
              "stakes as options", origin="Cav 46; OH p.174"),
    # ------------------------------------------------------------------ the seed, chapter V
    RuleEntry("ECARTE-V.1", SEED, "the player who was dealt to (the non-dealer) plays first"),
    RuleEntry("ECARTE-V.2", SEED, "a player who names a suit and plays another must, if the opponent "
              "requires, take it back and play the suit named", chooser="opponent",
              remedies=("require-named-suit", "cover")),
    RuleEntry("ECARTE-V.3", SEED, "the opponent may instead cover the card played; once covered it stands",
              chooser="opponent", remedies=("cover",)),
    RuleEntry("ECARTE-V.4", SEED, "a card played out of turn is taken back if not covered; if covered the "
              "play stands; nobody is penalised"),
    # ------------------------------------------------------------------ the seed, chapter VI
    RuleEntry("ECARTE-VI.1", SEED, "the non-dealer proposes; the dealer accepts (\"combien ?\"), serves him "
              "the cards he asks, then takes as many as he wishes, up to five"),
    RuleEntry("ECARTE-VI.2", SEED, "cards once asked for cannot be refused"),
    RuleEntry("ECARTE-VI.3", SEED, "proposals may be repeated after each exchange until the talon is used up; "
              "the dealer is always free to accept or refuse"),
    RuleEntry("ECARTE-VI.4", SEED, "discards are thrown before each new deal; the number asked cannot be "
              "changed nor the discard touched"),
    RuleEntry("ECARTE-VI.5", SEED, "when the talon is too short, the asker takes what remains and takes back "
              "the excess from his last discard"),
    RuleEntry("ECARTE-VI.6", SEED, "a player who looks at his discard plays with his hand exposed"),
    RuleEntry("ECARTE-VI.7", SEED, "the dealer who refuses the first proposal loses two points if he does "
              "not take three tricks"),
    RuleEntry("ECARTE-VI.8", SEED, "the non-dealer who plays without proposing loses two points if he does "
              "not take three tricks"),
    RuleEntry("ECARTE-VI.9", SEED, "a dealer who turns up a card when serving after a discard may not refuse "
              "the next proposal"),
    # ------------------------------------------------------------------ §7.1 cutting and dealing
    RuleEntry("E-D1", LAW, "more than one card exposed when cutting for deal: cut again", origin="Cav 4",
              remedies=("cut-again",)),
    RuleEntry("E-D2", LAW, "card exposed in cutting to the dealer: fresh cut", origin="Cav 7",
              remedies=("fresh-cut",)),
    RuleEntry("E-D3", LAW, "wrong number of cards or departure from the deal pattern, found before the "
              "turn-up: the non-dealer has it rectified or a fresh deal", chooser="non-dealer",
              remedies=("rectify", "new-deal"), origin="Cav 9"),
    RuleEntry("E-D4", LAW, "the same error found after the turn-up: extras removed or drawn, shortfall "
              "completed from the talon, or a new deal", chooser="non-dealer",
              remedies=("rectify", "new-deal"), origin="OH p.176; Foster"),
    RuleEntry("E-D5", LAW, "dealer turns up more than one card: the non-dealer chooses the trump or a fresh "
              "deal if he has not looked at his hand, else a fresh deal", chooser="non-dealer",
              remedies=("choose-trump", "new-deal"), origin="Cav 11; OH p.176; Foster"),
    RuleEntry("E-D6", LAW, "a faced card in the pack before the turn-up: fresh deal",
              remedies=("new-deal",), origin="Cav 12; OH p.176"),
    RuleEntry("E-D7", LAW, "dealer exposes one of his own cards: the deal stands", remedies=("stand",),
              origin="OH p.176"),
    RuleEntry("E-D8", LAW, "dealer exposes one of the non-dealer's cards: fresh deal or stand, at the "
              "non-dealer's choice", chooser="non-dealer", remedies=("new-deal", "stand"), origin="OH p.176"),
    RuleEntry("E-D9", RECON, "deal out of turn or with the wrong pack: redealt if found before the turn-up, "
              "else it stands", chooser="either", remedies=("new-deal", "stand"),
              origin="OH p.176–177; Cav 14 paraphrased (not retrieved)"),
    RuleEntry("E-D10", LAW, "discarding or playing with a wrong number of cards without telling: the "
              "opponent scores two and the offender loses the right to mark the king", origin="OH p.176"),
    RuleEntry("E-D11", LAW, "a pack found imperfect: the current deal is void, earlier deals stand",
              remedies=("void-deal",), origin="Cav 45"),
    # ------------------------------------------------------------------ §7.2 king
    RuleEntry("E-K1", LAW, "the king of trumps not marked before the holder's first card (if that card is the "
              "king, led, before the opponent plays to it): the point is lost", origin="bennet; Amer; Foster"),
    RuleEntry("E-K2", LAW, "marking the king without holding it: the opponent marks one",
              chooser="opponent", origin="OH p.175"),
    RuleEntry("E-K3", LAW, "a turned-up king not marked before the next trump is turned: lost",
              origin="bennet; EB"),
    # ------------------------------------------------------------------ §7.3 proposals and discards
    RuleEntry("E-X1", LAW, "a proposal, acceptance or request for cards cannot be retracted",
              origin="seed VI.2; bennet"),
    RuleEntry("E-X2", LAW, "the number asked cannot be changed after discarding; the discard cannot be "
              "touched", origin="seed VI.4"),
    RuleEntry("E-X3", LAW, "asking for more cards than the talon holds: take what remains, take back the "
              "excess from one's last discard", origin="seed VI.5"),
    RuleEntry("E-X4", LAW, "looking at one's discard: play the hand face up", origin="seed VI.6"),
    RuleEntry("E-X5", LAW, "refusing the first proposal and taking fewer than three tricks: opponent "
              "scores two", origin="seed VI.7"),
    RuleEntry("E-X6", LAW, "playing without proposing and taking fewer than three tricks: opponent scores "
              "two", origin="seed VI.8"),
    RuleEntry("E-X7", LAW, "dealer turning up a card while serving after a discard may not refuse the next "
              "proposal (later ones he may)", origin="seed VI.9"),
    RuleEntry("E-X8", RECON, "dealer serves more or fewer cards than asked: unseen extras go back on the "
              "talon, seen ones as E-X7; a shortfall is completed from the talon", chooser="non-dealer",
              remedies=("return-extras", "complete"), origin="inferred (Cav 15–30 not retrieved)"),
    # ------------------------------------------------------------------ §7.4 play
    RuleEntry("E-P1", LAW, "playing out of turn: taken back if not covered; if covered the trick stands; "
              "no penalty", origin="seed V.4; Cav 40; OH p.177"),
    RuleEntry("E-P2", LAW, "naming one suit and playing another: the opponent requires the named suit or "
              "covers the card", chooser="opponent", remedies=("require-named-suit", "cover"),
              origin="seed V.2–3; Cav 41; Amer"),
    RuleEntry("E-P3", LAW, "revoke, failure to overtake or to trump: corrected before the next lead without "
              "penalty, else the opponent chooses a replay or a reduced score", chooser="opponent",
              remedies=("replay", "reduce-score"), origin="Cav 43; OH p.177"),
    RuleEntry("E-P4", LAW, "abandoning the hand: the opponent marks the vole with no trick taken, else the "
              "point", origin="Cav 42; OH p.177"),
    RuleEntry("E-P5", LAW, "looking at the opponent's tricks: he may require the offender to show his own",
              chooser="opponent", remedies=("show-tricks",), origin="OH p.177"),
    RuleEntry("E-P6", LAW, "leaving the table mid-game without consent: the game is abandoned",
              origin="OH p.177, p.183"),
    # ------------------------------------------------------------------ §7.5 score and cards
    RuleEntry("E-S1", LAW, "an admitted over- or under-score may be corrected before the next deal",
              origin="bennet"),
    RuleEntry("E-S2", LAW, "a call for new cards before the next cut is allowed; the dealer chooses the pack",
              origin="Cav 44"),
)

BY_ID: Final = {entry.id: entry for entry in CATALOGUE}
