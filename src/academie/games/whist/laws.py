"""The laws table of Whist: every rule and law ID of the game, as data.

Seed laws (``WHIST-10`` … ``WHIST-24``) come from the seed fragment (a French translation of Hoyle's old laws);
the rule file's sections are cited as ``W-§n.m``; the laws of irregularities ``W-D*``, ``W-T*``, ``W-P*``,
``W-C*``, ``W-R*``, ``W-H*`` are those of §7 of the rule file. Laws the rule file takes from the Club
code or later Hoyles, with no seed original, are laws (``law``); where the sources give no remedy and we chose
one (W-C4, Q7, Q5), the entry is reported as reconstructed.
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

SEED, LAW, RECON = Source.SEED, Source.LAW, Source.RECONSTRUCTED
ADV = "adversaries"

CATALOGUE: Final[tuple[RuleEntry, ...]] = (
    # ------------------------------------------------------------------ the rule file's sections 2–6
    RuleEntry("W-§2.1", LAW, "52 cards, ace high in play; honours A K Q J of trumps; ace low for drawing",
              origin="Club 13; LW"),
    RuleEntry("W-§2.2", LAW, "four players, partners opposite; the lowest card drawn deals first, ties draw again",
              origin="Club 8; salondesjeux"),
    RuleEntry("W-§3", LAW, "one card at a time clockwise from the dealer's left; the dealer's last card turned "
              "for trumps; the deal passes to the left", origin="Enquire Within ii; Club 44"),
    RuleEntry("W-§4.1", LAW, "honours: four for all four, two for three; not at nine (long) / four (short); at "
              "eight only by calling; scored after tricks", origin="Club 3–5; LW 3; OHL 18"),
    RuleEntry("W-§4.2", LAW, "calling at eight: two honours call, the partner answers with one, the game is won "
              "without play; three or four honours are shown", origin="OHL 16–21; Enquire Within xx"),
    RuleEntry("W-§5", LAW, "elder hand leads; follow suit if able, else any card; highest trump or highest of the "
              "suit led wins; the winner leads", origin="Enquire Within iii; all Hoyles"),
    RuleEntry("W-§6.1", LAW, "one point a trick above six; revoke, then tricks, then honours",
              origin="LW 2; Club 2, 5"),
    RuleEntry("W-§6.2", LAW, "long whist: game ten, single (losers 5+) or double; rubber best of three, bonus 1, "
              "the losers' game deducted", origin="Chambers; Club 1, 9–10"),
    RuleEntry("W-§6.3", LAW, "short whist: game five, treble/double/single by the losers' 0 / 1–2 / 3–4; bonus 2",
              origin="Club 2–4, 8–10"),
    # ------------------------------------------------------------------ the seed, laws 10–24
    RuleEntry("WHIST-10", SEED, "a card turned up in dealing: the adversaries choose a new deal, unless they "
              "caused it (then the dealer chooses)", chooser=ADV, remedies=("new-deal", "stand")),
    RuleEntry("WHIST-11", SEED, "the last player playing out of turn may neither trump nor win the trick, unless "
              "that forces a revoke", chooser=ADV, remedies=("neither-trump-nor-win", "stand")),
    RuleEntry("WHIST-12", SEED, "a card found faced in the pack: new deal, unless it is the last card"),
    RuleEntry("WHIST-13", SEED, "nobody takes up his cards during the deal; a dealer who misdeals deals again"),
    RuleEntry("WHIST-14", SEED, "an adversary playing out of turn: his partner may not win the trick, unless "
              "that forces a revoke", chooser=ADV),
    RuleEntry("WHIST-15", SEED, "a player with twelve cards: the deal stands, he answers for his revokes; a "
              "player with fourteen: the deal is void"),
    RuleEntry("WHIST-16", SEED, "a player who throws his cards face up: the adversaries may call any of them, "
              "without making him revoke", chooser=ADV, remedies=("call", "leave")),
    RuleEntry("WHIST-17", SEED, "the third hand playing before the second: the fourth hand may play before his "
              "partner; no other penalty", chooser="fourth hand", remedies=("play-before", "in-turn")),
    RuleEntry("WHIST-18", SEED, "a player showing his cards to claim every trick with a losing card among them: "
              "all his cards may be called", chooser=ADV, remedies=("call", "leave")),
    RuleEntry("WHIST-19", SEED, "nobody may ask his partner during play whether he has played an honour"),
    RuleEntry("WHIST-20", SEED, "a revoke noticed before the trick is turned: corrected; the later players take "
              "back their cards; the revoker plays the highest or lowest of the suit", chooser=ADV,
              remedies=("highest", "lowest")),
    RuleEntry("WHIST-21", SEED, "a call at eight answered, the adversaries' cards thrown down, and only two by "
              "honours: the adversaries let the deal stand or not", chooser=ADV, remedies=("stand", "new-deal")),
    RuleEntry("WHIST-22", SEED, "an answer without an honour: the adversaries let the deal stand or not",
              chooser=ADV, remedies=("stand", "new-deal")),
    RuleEntry("WHIST-23", SEED, "no fresh cards in the middle of the game without everyone's consent",
              chooser="all players", remedies=("refuse", "consent")),
    RuleEntry("WHIST-24", SEED, "the turn-up stays on the table until the dealer plays; then only the trump suit "
              "may be asked, not the card"),
    # ------------------------------------------------------------------ §7.1 dealing
    RuleEntry("W-D1", LAW, "card exposed in dealing: new deal or stand, at the adversaries' choice (the dealer's if "
              "they caused it)", chooser=ADV, remedies=("new-deal", "stand"), origin="seed 10; Club 38"),
    RuleEntry("W-D2", LAW, "a faced card in the pack: new deal unless it is the last card", origin="seed 12"),
    RuleEntry("W-D3", LAW, "taking up cards during the deal: forbidden, no penalty (the adversaries may do the "
              "same)", origin="seed 13; Club 39"),
    RuleEntry("W-D4", LAW, "misdeal: the same dealer deals again (option: the deal passes)",
              origin="seed 13; Club 43"),
    RuleEntry("W-D5", LAW, "twelve cards found after some tricks: the deal stands; he answers for each revoke",
              origin="seed 15; OHL 3"),
    RuleEntry("W-D6", LAW, "fourteen cards: the deal is void, new deal", origin="seed 15; OHL 3"),
    RuleEntry("W-D7", LAW, "deal out of turn: stopped before the last card, else it stands",
              chooser="the rightful dealer (any player may stop it)", remedies=("stop", "stand"), origin="Club 45"),
    RuleEntry("W-D8", LAW, "the dealer looks at the trump card while dealing: the adversaries may exact a new "
              "deal", chooser=ADV, remedies=("new-deal", "stand"), origin="Club 41"),
    RuleEntry("W-D9", LAW, "an imperfect pack: the hand is void, the same dealer deals again; past scores stand",
              origin="Club 37"),
    RuleEntry("W-D10", LAW, "fresh cards only with everyone's consent", chooser="all players",
              remedies=("refuse", "consent"), origin="seed 23; Club 83"),
    # ------------------------------------------------------------------ §7.2 the trump card
    RuleEntry("W-T1", LAW, "the dealer takes the trump card in hand early: the adversaries may have it laid on "
              "the table", chooser=ADV, remedies=("lay-on-table", "let-it-be"), origin="seed 24; Club 54"),
    RuleEntry("W-T2", LAW, "the trump card left on the table after trick one: liable to be called", chooser=ADV,
              remedies=("call-card", "leave"), origin="Club 52"),
    RuleEntry("W-T3", LAW, "asking which card was turned up after it was taken in: the asker's highest or lowest "
              "trump may be called", chooser=ADV, remedies=("highest", "lowest"), origin="seed 24; Club 53"),
    RuleEntry("W-T4", LAW, "the dealer cannot remember the trump card: his highest or lowest trump may be called",
              chooser=ADV, remedies=("highest", "lowest"), origin="Club 55"),
    # ------------------------------------------------------------------ §7.3 playing out of turn
    RuleEntry("W-P1", LAW, "leading out of turn: the card is called (exposed), or the rightful leader is "
              "required to lead a suit", chooser=ADV, remedies=("call-card", "call-suit"),
              origin="OHL 7; Club"),
    RuleEntry("W-P2", LAW, "third hand before second: the fourth hand may play before his partner; no penalty",
              chooser="fourth hand", remedies=("play-before", "in-turn"), origin="seed 17; OHL 9; Club 67"),
    RuleEntry("W-P3", LAW, "fourth hand before second: he may neither trump nor win, his partner may not win, "
              "unless a revoke is forced (option: Club 68)", chooser=ADV,
              remedies=("neither-trump-nor-win", "stand"), origin="seed 11, 14; OHL 10; Club 68"),
    RuleEntry("W-P4", LAW, "leading again before partner played: the partner may be obliged to win; the cards "
              "led are exposed", chooser=ADV, remedies=("oblige-win", "partner-free"), origin="OHL 8; Club 57"),
    RuleEntry("W-P5", LAW, "omitting to play to a trick: new deal, or the surplus card counts to the trick",
              chooser=ADV, remedies=("new-deal", "stand"), origin="OHL 25; Club 69"),
    RuleEntry("W-P6", LAW, "two cards to a trick: answerable for revokes; an exposed card if none",
              origin="Club 70"),
    # ------------------------------------------------------------------ §7.4 exposed cards, claims
    RuleEntry("W-C1", LAW, "cards thrown face up, partner not conceding: any may be called, without a revoke",
              chooser=ADV, remedies=("call", "leave"), origin="seed 16; OHL 23; Club 58–59"),
    RuleEntry("W-C2", LAW, "a claim to every trick with a losing card: all his cards may be called",
              chooser=ADV, remedies=("call", "leave"), origin="seed 18; OHL 24"),
    RuleEntry("W-C3", LAW, "a card dropped face up or separated: exposed, liable to be called", chooser=ADV,
              remedies=("call-card", "leave"), origin="OHL 22; Club 56"),
    RuleEntry("W-C4", RECON, "asking partner whether he played an honour: the adversaries may call the partner's "
              "highest or lowest card of the suit led (our remedy: the seed states none)", chooser=ADV,
              remedies=("highest", "lowest"), origin="seed 19; Club 86 analogue"),
    # ------------------------------------------------------------------ §7.5 revoke
    RuleEntry("W-R1", LAW, "an established revoke: three points, the adversaries' choice of adding, taking tricks "
              "or deducting; the revokers cannot go out that hand", chooser=ADV,
              remedies=("add", "take-tricks", "deduct"), origin="OHL 11; Club 72, 82"),
    RuleEntry("W-R2", LAW, "a revoke noticed before the trick is turned: corrected, later cards taken back, the "
              "revoker's highest or lowest of the suit", chooser=ADV, remedies=("highest", "lowest"),
              origin="seed 20; OHL 12"),
    RuleEntry("W-R3", LAW, "a revoke is established when the trick is turned and quitted", origin="OHL 13"),
    RuleEntry("W-R4", LAW, "the accused side mixing its cards before examination: the revoke is deemed "
              "established", origin="OHL 14; Club 77"),
    RuleEntry("W-R5", LAW, "a revoke claimed after the cut for the next deal: too late", remedies=("too-late",),
              origin="OHL 15; Club 78"),
    RuleEntry("W-R6", LAW, "revokes by both sides: a new deal (old usage)", origin="Enquire Within xviii"),
    RuleEntry("W-R7", LAW, "the player with twelve cards alone answers for his revokes", origin="seed 15"),
    # ------------------------------------------------------------------ §7.6 honours and calling
    RuleEntry("W-H1", LAW, "calling at a score other than eight: the adversaries may demand a new deal",
              chooser=ADV, remedies=("new-deal", "play-on"), origin="OHL 16"),
    RuleEntry("W-H2", LAW, "reminding partner to call after the trump is turned: the offending side loses one "
              "point", origin="OHL 17"),
    RuleEntry("W-H3", LAW, "honours not claimed before the next trump is turned are lost", remedies=("lost",),
              origin="OHL 18; Club 6"),
    RuleEntry("W-H4", LAW, "a call answered and the calling side without three honours: stand or new deal",
              chooser=ADV, remedies=("stand", "new-deal"), origin="seed 21; OHL 19"),
    RuleEntry("W-H5", LAW, "an answer without an honour: stand or new deal", chooser=ADV,
              remedies=("stand", "new-deal"), origin="seed 22; OHL 20"),
    RuleEntry("W-H6", LAW, "calling after having played a card: the adversaries may call a new deal",
              chooser=ADV, remedies=("new-deal", "play-on"), origin="OHL 21"),
    RuleEntry("W-H7", LAW, "honours scored at nine (four) or in error: the overscore is deducted, until the next "
              "trump is turned", remedies=("stands",), origin="Enquire Within xix–xx; Club 4, 11–12"),
)
