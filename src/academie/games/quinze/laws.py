"""The laws table of Le Quinze: every rule and law ID of the game, as data.

Seed laws (``QUINZE-19`` … ``QUINZE-40``) come from the seed fragment "Du Quinze"; the rule file's sections are
cited as ``Q-§n.m``; the missing laws 1–18 are the rule file's reconstruction (§7.2, ``Q-R1`` … ``Q-R18``),
always reported as reconstructed; ``Q-H1`` and ``Q-H2`` are Hoyle's laws of the two-hand game (§7.3).
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

SEED, LAW, RECON = Source.SEED, Source.LAW, Source.RECONSTRUCTED

CATALOGUE: Final[tuple[RuleEntry, ...]] = (
    # ------------------------------------------------------------------ the rule file's sections
    RuleEntry("Q-§2.1", LAW, "2 to 6 players; two 52-card packs re-sorted into a black and a red pack",
              origin="ADPOKER"),
    RuleEntry("Q-§2.2", LAW, "ace 1, two to ten face value, courts 10 (options: ace 1 or 11, court value)",
              origin="CHOICE"),
    RuleEntry("Q-§2.3", LAW, "seats in playing order, counter-clockwise: the dealer's right speaks first",
              origin="ADPOKER; CHOICE"),
    RuleEntry("Q-§3", LAW, "table stakes: nobody stakes more than his cave; side pots for the short player; "
              "minimum raise one token (option: the pot)", origin="BOUILLOTTE analogy; SEED-Q 36-37"),
    RuleEntry("Q-§5.2", LAW, "the opening round: pass, open at least the jeu, hold, raise, all-in; the last "
              "player in takes the pot without showing", origin="ADPOKER; BOUILLOTTE"),
    RuleEntry("Q-§5.3", LAW, "draw turns in order: card, raise before or after any card, stand; a bust is "
              "declared at once (option: silent)", origin="ADPOKER; CHOICE"),
    RuleEntry("Q-§5.4", LAW, "showdown: each pot to the best total of 15 or less among its players",
              origin="ADPOKER; CHOICE"),
    RuleEntry("Q-§5.7", LAW, "what is left in the pot after the last coup is shared equally", origin="CHOICE"),
    RuleEntry("Q-§5.8", LAW, "Form B, two hands: lower cut deals, one card each, elder draws then dealer, "
              "nearer 15 wins, elder wins ties", origin="HOYLE; WIKI"),
    # ------------------------------------------------------------------ Hoyle's two-hand laws (§7.3)
    RuleEntry("Q-H1", LAW, "Form B: both bust, the game is drawn and the stakes are doubled for the next",
              origin="HOYLE"),
    RuleEntry("Q-H2", LAW, "Form B: a new cut for the deal after every game", origin="HOYLE"),
    # ------------------------------------------------------------------ laws 1-18, reconstructed (§7.2)
    RuleEntry("Q-R1", RECON, "law 1: draw K Q J 10 9 8 for places; the king's seat speaks first, the lowest "
              "card, on his left, deals first", origin="ADPOKER"),
    RuleEntry("Q-R2", RECON, "law 2: a black and a red pack of 52, used in turn", origin="ADPOKER; law 28"),
    RuleEntry("Q-R3", RECON, "law 3: each player's cave stays on the table; nothing is added during a coup",
              origin="ADPOKER; laws 35-37"),
    RuleEntry("Q-R4", RECON, "law 4: one token each into the passe before every deal; after a general pass "
              "everyone antes again", origin="ADPOKER; law 35"),
    RuleEntry("Q-R5", RECON, "law 5: the dealer shuffles, the second player on his left cuts", origin="law 27"),
    RuleEntry("Q-R6", RECON, "law 6: one card face down to each, from the bottom of the pack, dealer last",
              origin="ADPOKER"),
    RuleEntry("Q-R7", RECON, "law 7: speech from the dealer's right: pass or open", origin="ADPOKER"),
    RuleEntry("Q-R8", RECON, "law 8: an opening is at least the jeu unless the player is short (laws 36-37)",
              origin="law 35"),
    RuleEntry("Q-R9", RECON, "law 9: to hold is to match the highest stake, to raise is to exceed it; the "
              "spoken word binds", origin="laws 31, 39"),
    RuleEntry("Q-R10", RECON, "law 10: after a general pass the same dealer redeals without shuffle or cut "
              "while N + 2 cards remain", origin="ADPOKER"),
    RuleEntry("Q-R11", RECON, "law 11: a card is asked for aloud and given face up from the bottom",
              origin="ADPOKER; law 29"),
    RuleEntry("Q-R12", RECON, "law 12: the hidden card stays hidden until the end of the coup", origin="ADPOKER"),
    RuleEntry("Q-R13", RECON, "law 13: a bust is declared at once; the buster forfeits his stake",
              origin="laws 26-27"),
    RuleEntry("Q-R14", RECON, "law 14: standing is irrevocable without the adversaries' consent",
              origin="law 19"),
    RuleEntry("Q-R15", RECON, "law 15: the highest total of 15 or less wins; ties to the earlier player",
              origin="CHOICE"),
    RuleEntry("Q-R16", RECON, "law 16: when all bust, the pot stays on the table (option: returned)",
              origin="CHOICE"),
    RuleEntry("Q-R17", RECON, "law 17: after a played coup the deal passes to the next player, other pack",
              origin="law 28"),
    RuleEntry("Q-R18", RECON, "law 18: the partie ends after the agreed number of rounds", origin="ADPOKER"),
    # ------------------------------------------------------------------ the seed, laws 19-40
    RuleEntry("QUINZE-19", SEED, "(fragment) no change of position without the adversaries' consent: a "
              "player who stood may not draw again", chooser="adversaries", remedies=("refuse", "consent")),
    RuleEntry("QUINZE-20", SEED, "cards seen in the deal by the dealer's fault: each owner keeps his or has the "
              "coup burnt; one is enough", chooser="owner", remedies=("keep", "burn-coup")),
    RuleEntry("QUINZE-21", SEED, "a card seen by its owner's fault cannot have the coup burnt",
              remedies=("keep",)),
    RuleEntry("QUINZE-22", SEED, "a card seen by another player's fault: the owner may take the next card face "
              "down, valid only against the offender", chooser="owner", remedies=("keep", "substitute")),
    RuleEntry("QUINZE-23", SEED, "more or fewer cards dealt than players: one or two complete rounds burnt, "
              "those dealt included", remedies=("burn-rounds",)),
    RuleEntry("QUINZE-24", SEED, "a card about to be dealt is seen, or the order of dealing disturbed: as law 23; "
              "a card seen is burnt with those dealt (two rounds)", remedies=("burn-rounds",)),
    RuleEntry("QUINZE-25", SEED, "cards gathered to finish a coup: the first card is shown and burnt"),
    RuleEntry("QUINZE-26", SEED, "a busted player's cards are not gathered into the pack"),
    RuleEntry("QUINZE-27", SEED, "who cuts a gathered pack: the second on the dealer's left if not in the hand, "
              "else the next not engaged, the dealer, a busted player, or the second on the left"),
    RuleEntry("QUINZE-28", SEED, "a player leaving without replacement: his card is burnt; the dealer chooses to "
              "have his pack burnt or to finish it, his card burnt; no other card may be burnt, even turned up, "
              "unasked or of the other colour", chooser="the dealer who leaves",
              remedies=("burn-pack", "finish-pack", "burn-card")),
    RuleEntry("QUINZE-29", SEED, "the dealer gives a card on the spoken word only, never on a gesture; for "
              "himself a detached card is taken; no word on a coup one is not in", remedies=("no-card", "taken")),
    RuleEntry("QUINZE-30", SEED, "a player who looks at the burnt cards against his adversary's will loses "
              "what is at stake", chooser="adversary", remedies=("forfeit", "allow")),
    RuleEntry("QUINZE-31", SEED, "« voulez-vous cartes ? » / « avec ça ? » passes the word and forbids a raise; "
              "said to a raiser, it is « je tiens »"),
    RuleEntry("QUINZE-32", SEED, "the dealer gives two cards: the receiver takes both or chooses; with several "
              "engaged (two or more besides the dealer, in the coup or not) the dealer pays what each could have won "
              "when the cards plainly changed the coup, as judged by the players not concerned (option "
              "fault_judgment: the rule file's approximation by default, §7.1, or the players not concerned "
              "ruling)", chooser="receiver",
              remedies=("take-first", "take-second", "take-both", "changed", "unchanged")),
    RuleEntry("QUINZE-33", SEED, "the dealer gives a card unasked, shows or burns one while bets are engaged: as "
              "law 32; the penalty for a burnt card is softened only with the consent of those concerned",
              remedies=("penalty", "refuse", "soften")),
    RuleEntry("QUINZE-34", SEED, "in a partie réglée any player may veto a composition made before a card is "
              "taken", chooser="any player", remedies=("veto", "agree")),
    RuleEntry("QUINZE-35", SEED, "whoever has the value of the jeu may not open for less; not at a fixed term, "
              "the weak may oblige the strong to play double his money, plus the passe if not simple (the rule "
              "file's possible reading, Q5: the option weak_double, off by default as recommended)"),
    RuleEntry("QUINZE-36", SEED, "a player with only part of the jeu must state what he has, or he is out"),
    RuleEntry("QUINZE-37", SEED, "a short player who opens for all he has: the others hold only to that height; "
              "nothing more is engaged until one bets more"),
    RuleEntry("QUINZE-38", SEED, "a half-jeu bet against one who has only the jeu engages the whole jeu "
              "(the rule file's possible reading, Q6: the option half_jeu, off by default as recommended)"),
    RuleEntry("QUINZE-39", SEED, "asked « en voulez-vous encore ? » before all the money is made, the drawer may "
              "answer and then raise"),
    RuleEntry("QUINZE-40", SEED, "(fragment) several engaged, the weakest all-in: « voulez-vous cartes ? » from a "
              "strong player passes the word, no raise at that moment (law 31 applied)"),
)
