"""The laws table of La Guimbarde: every rule and law ID of the game, as data.

Seed rules (``GUIMBARDE-FIG``, ``GUIMBARDE-§1`` … ``§10``, ``GUIMBARDE-R1`` … ``R12``) come from the seed text
(file 000); the laws ``G1`` … ``G18`` are those of §7 of the rule file (the ones the rule file marks
as its own choice are reported as reconstructed); the rule file's sections are cited as ``G-§n.m`` and its open
questions as ``G-Qn``, each a named option of :class:`~academie.games.guimbarde.state.GuimbardeRules`.
"""

from __future__ import annotations

from typing import Final

from academie.laws import RuleEntry, Source

SEED, LAW, RECON = Source.SEED, Source.LAW, Source.RECONSTRUCTED
FIXED: Final = ("fine",)

CATALOGUE: Final[tuple[RuleEntry, ...]] = (
    # ------------------------------------------------------------------ the seed's description
    RuleEntry("GUIMBARDE-FIG", SEED, "five boxes: the Point, the Marriage, the Fou, the King, the Guimbarde"),
    RuleEntry("GUIMBARDE-§1", SEED, "each player puts one counter in each box"),
    RuleEntry("GUIMBARDE-§2", SEED, "the dealer deals five cards to each, by three and two"),
    RuleEntry("GUIMBARDE-§3", SEED, "the top card of the stock is turned up: its suit is trumps"),
    RuleEntry("GUIMBARDE-§4", SEED, "the point: 3 to 5 cards of a suit; the longer wins, at equal length the hand"),
    RuleEntry("GUIMBARDE-§5", SEED, "the marriage is ♥K+♥Q in hand; ♦J is the fou, ♥K the king, ♥Q the guimbarde"),
    RuleEntry("GUIMBARDE-§6", SEED, "each chance card is shown and draws its box; the best point draws the Point"),
    RuleEntry("GUIMBARDE-§7", SEED, "each adds one to the Point box for the most tricks (two at least; 2–2 to the "
              "first to take two; else it stays for the next point)"),
    RuleEntry("GUIMBARDE-§8", SEED, "♥Q, ♥K, ♦J are always the three top trumps; the ace between jack and ten"),
    RuleEntry("GUIMBARDE-§9", SEED, "the eldest leads any card; play as at Triomphe, each for himself"),
    RuleEntry("GUIMBARDE-§10", SEED, "a King of ♦, ♣ or ♠ followed by its Queen, or both in one hand, is a marriage"),
    # ------------------------------------------------------------------ the seed's twelve rules
    RuleEntry("GUIMBARDE-R1", SEED, "a marriage in play: one from each but the queen's player; in hand: from all"),
    RuleEntry("GUIMBARDE-R2", SEED, "a marriage won by a trump: one from the king's and one from the queen's player"),
    RuleEntry("GUIMBARDE-R3", SEED, "a marriage may not be trumped with ♥K, ♥Q or ♦J (printed: ♦K)"),
    RuleEntry("GUIMBARDE-R4", SEED, "grand marriage in hand: two from each; on the table (♥K taken by ♥Q): one"),
    RuleEntry("GUIMBARDE-R5", SEED, "the fou is paid one; taken by ♥K or ♥Q its player pays one to the taker"),
    RuleEntry("GUIMBARDE-R6", SEED, "a marriage in play needs the king and queen to fall one upon the other"),
    RuleEntry("GUIMBARDE-R7", SEED, "the next player holding the queen of a king just played must play her; "
              "else he pays one to each", remedies=FIXED),
    RuleEntry("GUIMBARDE-R8", SEED, "a revoke pays one to each", remedies=FIXED),
    RuleEntry("GUIMBARDE-R9", SEED, "a player able to beat or trump a card who does not pays one to each",
              remedies=FIXED),
    RuleEntry("GUIMBARDE-R10", SEED, "a misdeal: the dealer pays one to each and deals again", remedies=FIXED),
    RuleEntry("GUIMBARDE-R11", SEED, "a false pack voids the deal in which it is found unless it was played out",
              remedies=("void",)),
    RuleEntry("GUIMBARDE-R12", SEED, "playing out of turn pays one to each", remedies=FIXED),
    # ------------------------------------------------------------------ the rule file's sections
    RuleEntry("G-§2.1", LAW, "3 to 8 players; 32 cards for 3–5, 52 for 6–8", origin="Parlett"),
    RuleEntry("G-§2.2", LAW, "the privileged cards belong to the trump suit for following and beating "
              "(effective suit); plain order K Q J A 10 9 …", origin="seed narr; Parlett"),
    RuleEntry("G-§2.3", RECON, "each player's stock of counters (60)"),
    RuleEntry("G-§2.4", RECON, "seats in playing order; the highest card drawn is eldest; the deal passes to "
              "the eldest"),
    RuleEntry("G-§3.1", RECON, "the antes are paid every deal"),
    RuleEntry("G-§3.2", LAW, "the boxes are drawn by showing the cards; the point by printed suit; unwon boxes "
              "carry over", origin="seed narr; Parlett"),
    RuleEntry("G-§3.4", LAW, "side payments go from player to player, never through the boxes",
              origin="seed rules 1–7"),
    RuleEntry("G-§5.2", LAW, "the winner of a trick leads to the next", origin="Parlett"),
    RuleEntry("G-§5.3", LAW, "the legal-card algorithm: queen on king, follow, beat, trump, rule 3",
              origin="seed rules 3, 7, 8, 9"),
    RuleEntry("G-§5.5", LAW, "settling a trick: marriages in play, then the fou", origin="seed rules 1, 2, 4, 5"),
    RuleEntry("G-§5.7", RECON, "the game lasts rounds × players deals; the boxes left are shared equally"),
    # ------------------------------------------------------------------ laws of irregularities (§7)
    RuleEntry("G1", LAW, "marriage in play won by the king: one from each but the queen's player; in hand: all",
              origin="seed rule 1"),
    RuleEntry("G2", LAW, "marriage won by a trump: one from the king's and the queen's players",
              origin="seed rule 2"),
    RuleEntry("G3", LAW, "trumping a marriage with a privileged trump is refused; in table mode fined one to "
              "each", remedies=FIXED, origin="seed rule 3; penalty a choice"),
    RuleEntry("G4", LAW, "grand marriage: two from each in hand, one from each on the table", origin="seed rule 4"),
    RuleEntry("G5", LAW, "the fou captured pays one to the captor; else it receives one from each",
              origin="seed rule 5"),
    RuleEntry("G6", LAW, "a king and queen not consecutive make no marriage", origin="seed rule 6"),
    RuleEntry("G7", LAW, "breaking a marriage: one to each; the card stands", remedies=FIXED, origin="seed rule 7"),
    RuleEntry("G8", LAW, "revoke: one to each; the trick stands", remedies=FIXED, origin="seed rule 8"),
    RuleEntry("G9", LAW, "failing to beat or trump: one to each; the trick stands", remedies=FIXED,
              origin="seed rule 9"),
    RuleEntry("G10", LAW, "misdeal: the dealer pays one to each and deals again; the antes stay",
              remedies=FIXED, origin="seed rule 10"),
    RuleEntry("G11", LAW, "false pack: the deal is void if unfinished (every movement restored)",
              remedies=("void",), origin="seed rule 11"),
    RuleEntry("G12", LAW, "playing out of turn: one to each; the card is taken back unless covered",
              remedies=FIXED, origin="seed rule 12; Écarté analogy"),
    RuleEntry("G13", RECON, "a card found face up in the pack: the same dealer deals again, no penalty",
              remedies=("redeal",)),
    RuleEntry("G14", RECON, "dealing out of turn: stopped before the turn-up, else the deal stands",
              remedies=("redeal", "stands")),
    RuleEntry("G15", RECON, "a box not claimed (or claimed without showing) stays and carries over",
              remedies=("stays",)),
    RuleEntry("G16", RECON, "a false claim: what was drawn is returned and the claimer pays one to each",
              remedies=FIXED),
    RuleEntry("G17", RECON, "a wrong number of cards: a misdeal before the first trick is complete, else the "
              "offender cannot win the trick prize", remedies=("misdeal", "no-prize")),
    RuleEntry("G18", RECON, "a player who cannot pay buys a new stock from the bank before paying (default), or "
              "pays what he can and retires, dealt no more cards, the game ending below three players (option "
              "unable_to_pay)"),
    # ------------------------------------------------------------------ the open questions (§9), as options
    RuleEntry("G-Q1", RECON, "beat and trump as seed rule 9 (option parlett_follow_only)"),
    RuleEntry("G-Q2", RECON, "♥Q ♥K ♦J are trumps for following (no option)"),
    RuleEntry("G-Q3", RECON, "rule 3 protects from ♦J, not the printed ♦K (option rule3_literal_king_of_diamonds)"),
    RuleEntry("G-Q4", RECON, "rule 3 also protects trump-suit marriages (option rule3_protects_trump_marriages)"),
    RuleEntry("G-Q5", RECON, "King then Queen; the grand marriage either order (option marriage_either_order)"),
    RuleEntry("G-Q6", RECON, "rule 7 wins over rule 9 but not over following (option "
              "marriage_obligation_only_in_suit)"),
    RuleEntry("G-Q7", RECON, "the fou paid when its trick ends; box at declaration (option fou_box_on_survival)"),
    RuleEntry("G-Q8", RECON, "grand marriage on the table: one from each (option grand_marriage_table_from_each)"),
    RuleEntry("G-Q9", RECON, "marriages in hand paid at the first card of the pair (option "
              "pay_hand_marriage_at_start)"),
    RuleEntry("G-Q10", RECON, "point by length, then playing order (option point_pip_tiebreak)"),
    RuleEntry("G-Q11", RECON, "antes every deal (option ante_only_empty_boxes)"),
    RuleEntry("G-Q12", RECON, "the Point-box token is added even if nobody took the point (option "
              "re_ante_only_if_point_taken)"),
    RuleEntry("G-Q13", RECON, "3–5 players: 32 cards; 6–8: 52 (option players)"),
    RuleEntry("G-Q14", RECON, "counter-clockwise play (option direction)"),
    RuleEntry("G-Q15", RECON, "packets of three then two (option deal_pattern)"),
    RuleEntry("G-Q16", RECON, "a fixed number of deals, the leftovers shared (options rounds, clearing_deals)"),
    RuleEntry("G-Q17", RECON, "in table mode the offending card stands (option retract_irregular_card)"),
)
