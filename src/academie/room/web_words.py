"""The words of the card room's pages, served to the browser by language (``GET /api/words?lang=fr``).

Every word a page shows is a message here (English is the message, French in ``locale/fr/web.po``): the pages'
own sentences, one line on each game, a word on each rules option, and every card as the language writes it.
The pages' scripts look the English message up in what this module serves and fill its ``{blanks}``.

>>> words = page_words("fr")
>>> words["messages"]["Create a table"], words["cards"]["KH"], words["cards"]["TD"]
('Créer une table', 'R♥', '10♦')
>>> page_words("en")["messages"]["Create a table"]
'Create a table'
"""

from __future__ import annotations

import typing
from dataclasses import fields
from enum import Enum
from typing import Final, Literal

from academie.cards import PACK_52
from academie.games import available, load
from academie.registry import Lobby, Say
from academie.words import Words


def page_messages(w: Say) -> tuple[str, ...]:
    """Every sentence the pages say (the scripts' ``t("...")``), through ``w``."""
    return (
        w("Card room"), w("Language"), w("The games"), w("Create a table"), w("Players"), w("Mode"),
        w("{count} players"), w("{least} to {most} players"), w("Rules options"), w("Who sits where"),
        w("a person, invited by a link"), w("a person: anyone may join"), w("bot: {name}"), w("no value"), w("yes"),
        w("no"), w("By default: {value}"), w("Académie: the card room's lobby"),
        w("enforced"), w("table mode"),
        w("Choose a game, set its table, and send the links to your friends; bots fill the other seats."),
        w("Ask the referee what the laws say when something goes wrong at a real table"),
        w("Table {table} is ready"),
        w("Your seat is seat {seat}; its link also lets you hand an absent player's seat to a bot. Keep it to "
          "yourself."), w("Seat {seat} (yours)"), w("Copy your link"),
        w("Keep this link to yourself: it lets you hand an absent player's seat to a bot."), w("The creator's link"),
        w("Send each invited player the link of their seat: the seat is kept for whoever holds it."), w("Open"),
        w("Copy the invitation link"), w("Copied"), w("Select the link and copy it"), w("Sit here"),
        w("Watch this table"), w("Watch"), w("Seats open to anyone"), w("No seat is open to anyone."),
        w("Tables to watch"), w("Their seats are taken or kept for invited players; anyone may watch."),
        w("No table to watch."), w("Finished games"), w("Leaderboard"),
        w("No game has finished yet."), w("{title}, table {table}: replay"), w("Seat {seat}"),
        w("Seat {seat}: {name}"), w("Seat {seat}: bot {name}"), w("Seat {seat}: taken"),
        w("Seat {seat}: reserved for {name}"), w("Seat {seat}: reserved for an invited player"),
        w("Seat {seat}: open to anyone"), w("Your name"),
        w("Join at seat {seat}"), w("{names}, finished {date}"), w("Your name, as the others will see it"),
        w("Time controls"), w("no clock"),
        w("{decision} s a decision, {reserve} min in reserve"),
        # events (issue 36)
        w("Duplicate: every table plays the same cards, and each result is compared with theirs."),
        w("Duplicate events: the same cards at every table"), w("How many (empty: enough for whole tables)"),
        w("Board {board}"), w("Boards per round"), w("Difference scale"),
        w("Boards"), w("Bots for the empty places"), w("Create the event"), w("Entrant"), w("Events"),
        w("Fill the tables with bots"), w("Game"), w("Leave the event"), w("Log in to organise an event."),
        w("Matchpoints"), w("Minutes per round"), w("No event yet."), w("Organise an event"), w("Organiser"),
        w("Percentage"), w("Place"), w("Players it takes (empty: no limit)"), w("Points"), w("Rank"),
        w("Ranking after {rounds} rounds"), w("Ranking so far"), w("Rated"), w("Register"), w("Replay"),
        w("Round {round} of {rounds}"), w("Start the event"),
        w("Starts at (empty: when full, or when you start it)"), w("The ranking shows once a round is over."),
        w("Title"), w("To your table: board {board}"), w("Unregister"),
        w("Waiting for the other tables to finish the round."), w("You are registered as {name}."),
        w("You left the event: a bot plays for you."), w("a bot played"), w("being played"), w("left"), w("over"),
        w("registering"), w("the strongest bot ({level}) scored {points}"), w("{count} players registered"),
        w("{rounds} rounds, boards per round: {count}"), w("{seconds} s left in this round"),
        w("{title}, {boards} boards"),
        # play now (the lobby's queue)
        w("Play now"), w("Wait for players of your strength; after a wait, bots may fill the empty seats."),
        w("A table is ready: to your seat…"), w("Waiting for a table of {title} for {count} players"),
        w("You have waited {seconds} s; you are the only one waiting."),
        w("You have waited {seconds} s; {count} players are waiting."),
        w("In {seconds} s you may fill the empty seats with bots."), w("Bots for the empty seats"),
        w("Fill the empty seats with bots"), w("Seats open now"), w("Take seat {seat} at table {table}"),
        w("Leave the queue"),
        # the table
        w("Table {table}"), w("The table"), w("Your cards and moves"), w("Your hand"), w("Cards shown"),
        w("connected"), w("away"), w("invited, not yet here"), w("open to anyone"), w("You are watching this table."),
        w("You sit at seat {seat}."),
        w("Trick {number}"), w("Last trick: {number}"), w("Show the last trick"), w("Hide the last trick"),
        w("{name} wins"), w("{name} wins ({why})"), w("Which move?"), w("Cancel"),
        w("Amount ({least} to {most})"), w("Choose an amount"), w("{amount} is not allowed: from {least} to {most}"),
        w("Irregular acts (table mode)"),
        w("At this table irregular acts can happen, as at a real one, and the laws rule on them. Here are the ones "
          "you could commit now, each with its law; an irregularity of another player is ruled on above, and the "
          "ruling stays there until you have read it."), w("The referee ruled: {ruling}"), w("Understood"),
        w("No irregular act is possible now."), w("Look up a law"), w("Scores"), w("The deal so far"), w("Chat"),
        w("Message"),
        w("Say something to the table"), w("Send"), w("Connection lost; reconnecting…"),
        w("This table refused the connection."), w("The game is over."), w("Replay this game"),
        w("Select cards in your hand, then confirm:"), w("No move holds exactly these cards"),
        w("Clear the selection"), w("Every choice as a list"), w("{name} is thinking…"),
        w("You"), w("{name}: {seconds} s to decide, {reserve} s in reserve"),
        w("Clear the trick"), w("You win"), w("You win ({why})"), w("A new deal"), w("Continue"),
        w("Your turn · {title}"), w("Score sheet"), w("Deal"),
        w("Next game with the same players"), w("The next game"), w("{title} again"),
        w("Sit at the next game (seat {seat})"), w("Watch the next game"),
        w("Preferences"), w("A finished trick stays"), w("Four-colour deck (diamonds blue, clubs green)"),
        w("Animations"), w("A sound when it is my turn"), w("{seconds} seconds"), w("no pause"),
        # the seats at the table
        w("Leave this seat"),
        w("Leave seat {seat}? Your link will stop working, and the seat will be open to anyone."),
        w("Leave the seat"), w("Stay"), w("You left seat {seat}; you are watching the table."),
        w("This seat is no longer yours: you are watching the table."),
        w("This link no longer holds a seat: you are watching the table."), w("Absent players' seats"),
        w("As the table's creator, you may give a seat whose player is away to a bot, or open it to anyone; its "
          "link then stops working."), w("Seat {seat}: the invited player has not come"),
        w("Seat {seat}: {name}, away"), w("Bot for seat {seat}"), w("Give it to the bot"), w("Open it to anyone"),
        # the replay
        w("Replay of table {table}"), w("Step through the game"), w("First"), w("Previous"), w("Next"), w("Last"),
        w("Step {step} of {steps}"), w("Whose view"), w("All hands"), w("Hand"), w("Hands"), w("Results"),
        w("Download the record"), w("Download as JSON"), w("Result: {result}"),
        w("The arrow keys step through the game; Home and End go to its start and end."),
        # the review on the replay, and the table's link to it
        w("Review"), w("Review this game"), w("The review is queued."), w("The review is queued: {count} before it."),
        w("Reviewing: {done} of {total} decisions"), w("Progress of the review"), w("The review failed: {detail}"),
        w("Try again"), w("Marked decisions"), w("{mark} by {name} at step {step}: {played}; better: {best}"),
        w("slip"), w("mistake"), w("blunder"), w("Seat"), w("Accuracy"), w("Total cost"), w("Luck"),
        w("Each decision valued over {samples} deals of the unseen cards consistent with what the seat had seen; the "
          "marks show where a better choice was."),
        w("The expected result of each seat over the game"), w("Better: {best} (cost {cost} {unit})"),
        w("{played}: no better choice within the precision"), w("points"), w("tricks"), w("counters"), w("tokens"),
        w("share of the time"),
        # accounts and invitations
        w('Logged in as {name}'),
        w('Log in or create an account'),
        w('Log in'),
        w('Name'),
        w('Password'),
        w('Create an account'),
        w('Password (8 characters or more)'),
        w('Create the account'),
        w('Games played as a guest'),
        w('Paste the links of the seats you played before you had an account, one a line: their games become yours.'),
        w('Links of your seats'),
        w('Claim these games'),
        w('1 game claimed'),
        w('{count} games claimed'),
        w('Log out'),
        w('Change the password'),
        w('Current password'),
        w('New password (8 characters or more)'),
        w('The password is changed; your other sessions are closed.'),
        w('Delete the account'),
        w('Delete the account for good'),
        w('Your games stay after the account is deleted: they show you as a former player.'),
        w('Your account'),
        w('Invitation sent to {name}'),
        w('Or invite an account holder to seat {seat}'),
        w('Invite'),
        w('{name} invites you to seat {seat} of table {table}'),
        w('Accept'),
        w('Decline'),
        w('No invitation is waiting for you.'),
        w('Your invitations'),
        w('Rated: only account holders sit, and the game moves their ratings'),
        w('rated'),
        # the board of the day
        w('Back to the board of the day: your results'),
        w('Board of the day'),
        w('The board of the day: the same cards for everyone today, against the bots'),
        w('Play against the bots'),
        w('{name} (you)'),
        w('You scored {points}: {percentage} of the matchpoints on these cards.'),
        w('Results on the same cards: {count}'),
        w('The strongest bots ({bot}) scored {points} with your cards: {verdict}'),
        w('you did better.'),
        w('you did as well.'),
        w('they did better.'),
        w('Difference scale: {imps}.'),
        w('Everyone who held your cards (each name opens the replay and its review)'),
        w('Player'),
        w('Points'),
        w('Matchpoints'),
        w('Percentage'),
        w('Difference scale'),
        w('Your replay and its review'),
        w('Board {number}'),
        w('Players who have finished it: {count}'),
        w('Back to your table'),
        w('See the results'),
        w("The same cards for everyone today: play them against the bots, alone, whenever you like, then see how you "
          "did against everyone who held them."),
        w('Boards of {day}'),
        w("Nobody sees a board's cards, results or replays before having played it."),
    )


def shared_option_words(w: Say) -> dict[str, str]:
    """A word on each rules option whose meaning every game shares (each game has its own words on its own options:
    :attr:`academie.registry.GameType.lobby`)."""
    return {
        "players": w("How many sit at the table"),
        "rounds": w("How many rounds the game lasts (each player deals as often)"),
        "direction": w("Which way the play goes round the table"),
        "deal_pattern": w("The deal: five cards by three then two, or two then three"),
        "mode": w("Enforced: irregular acts are refused; table: they happen and the laws rule on them"),
    }


def lobby(game: str, lang: str) -> Lobby:
    """What the lobby says of ``game`` in ``lang``: its own line and option words, in its own words (a game that
    says nothing is shown by its name alone)."""
    say = load(game).lobby
    return say(Words(lang, game=game)) if say is not None else Lobby("")


SHARED: Final = ("1 card", "{count} cards", "Trumps: {trump}", "Ruling pending: {ruling}", "why: {reason}",
          "{label}: {value}")
"""Sentences the pages share with the terminal (their French is in the shared catalogue)."""


def option_choices(game: str) -> dict[str, list[object]]:
    """The values each rules option of ``game`` may take, when its type lists them (a Literal or an Enum)."""
    rules = load(game).rules
    hints = typing.get_type_hints(rules)
    found: dict[str, list[object]] = {}
    for option in fields(rules):
        hint = hints[option.name]
        if typing.get_origin(hint) is Literal:
            found[option.name] = list(typing.get_args(hint))
        elif isinstance(hint, type) and issubclass(hint, Enum):
            found[option.name] = [member.value for member in hint]
    return found


def page_words(lang: str) -> dict[str, object]:
    """What the pages need to speak ``lang``: their messages, the cards, a line on each game, a word on each
    option, the values of the options that take a few and a label for each of those values (raises
    :class:`academie.words.LanguageError`)."""
    words = Words(lang)
    english = (*page_messages(lambda message: message), *SHARED)
    translated = (*page_messages(words), *(words(message) for message in SHARED))
    names = available()
    lobbies = {game: lobby(game, lang) for game in names}
    return {
        "lang": lang,
        "messages": dict(zip(english, translated, strict=True)),
        "cards": {str(card): words.card(card) for card in PACK_52},
        "card_names": card_names(words),
        "games": {game: said.line for game, said in lobbies.items() if said.line},
        "options": {**shared_option_words(words),
                    **{f"{game}.{option}": word for game, said in lobbies.items()
                       for option, word in said.options.items()}},
        "choices": {f"{game}.{option}": values for game in names for option, values in option_choices(game).items()},
        "values": {f"{game}.{option}": dict(labels) for game, said in lobbies.items()
                   for option, labels in said.values.items()},
        "levels": bot_levels(words),
    }


def card_names(words: Words) -> dict[str, str]:
    """Every card in words, for a screen reader: "king of spades", « roi de pique »."""
    w = words
    ranks = {"A": w("ace"), "K": w("king"), "Q": w("queen"), "J": w("jack"), "T": w("ten"), "9": w("nine"),
             "8": w("eight"), "7": w("seven"), "6": w("six"), "5": w("five"), "4": w("four"), "3": w("three"),
             "2": w("two")}
    return {str(card): w("{rank} of {suit}", rank=ranks[str(card)[0]], suit=words.suit_name(card.suit))
            for card in PACK_52}


def bot_levels(w: Say) -> dict[str, str]:
    """The bots' levels the games share, as a person reads them (a game's bot of another name is shown by it)."""
    return {"random": w("at random"), "classical": w("classical, by the old books"),
            "search": w("searching ahead"), "expert": w("expert, the strongest")}
