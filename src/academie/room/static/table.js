// The table page: one seat's (or a spectator's) live view of a table, over the card room's WebSocket.
// The server sends the seat's whole picture after every action; the page draws it, makes the seat's legal moves
// (and only those) clickable, and sends the chosen move's text with the picture's sequence number.

import { travel } from "./cards.js";
import { api, chosenLanguage, el, fill, header, loadWords, t } from "./common.js";
import {
  aroundTable, face, playedBy, Regions, seatBox, seatName, tallyView, trickView, winnerWords, withLaws,
} from "./picture.js";
import { creatorControls, leaveControl } from "./seats.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const owner = new URLSearchParams(location.search).get("owner");
let token = new URLSearchParams(location.search).get("token");
// A board of the day's seat (its link carries daily=1): once its deal is over, the way back is to its results.
const daily = new URLSearchParams(location.search).get("daily") === "1";
const regions = new Regions();
const page = {
  socket: null, welcome: null, picture: null, seq: null, legal: [], presence: new Map(), chat: [],
  showLast: false, referee: false, retry: 0, sent: false, confirmingLeave: false, leaving: false, bots: null,
  queue: [], hold: null, holdTimer: null, lastTrick: undefined, dealResult: "", resultSeen: "", sheet: [],
  next: null, clock: null, selected: new Set(), ruling: "", rulingSeen: "", laid: null, nextGames: null,
};
const PAUSE = "academie.trickPause";
const PAUSES = [0, 1500, 3000, 6000];

/** How long a finished trick stays on the felt (milliseconds; the reader's preference, else 1.5 s). */
function trickPause() {
  let stored = null;
  try { stored = localStorage.getItem(PAUSE); } catch { /* storage may be refused */ }
  const pause = stored === null ? 1500 : Number(stored);
  return Number.isFinite(pause) && pause >= 0 ? pause : 1500;
}

const CHOSEN = /^(\S+)((?: [2-9TJQKA][CDHS])+)$/;

/** The cards a move names after its verb ("discard KD QD": KD, QD), or null when it is not such a move. */
function namedCards(move) {
  const found = CHOSEN.exec(move.action);
  return found ? found[2].trim().split(" ") : null;
}

/** The moves of a picture, sorted by the place the page gives them. A family of moves of one verb (other than
 * playing a card) that each name cards of the hand, Écarté's discard or La Guinguette's stir, is chosen by
 * selecting the cards in the hand and confirming (``chosen``: verb → moves). */
function classify(moves, hand) {
  const irregular = [];
  const cards = new Map();
  const amounts = new Map();
  const buttons = [];
  const chosen = new Map();
  const byVerb = new Map();
  const held = new Set(hand);
  for (const move of moves) {
    const amount = /^(\S+) (\d+)$/.exec(move.action);
    if (amount) byVerb.set(amount[1], [...(byVerb.get(amount[1]) ?? []), move]);
    const named = namedCards(move);
    const verb = move.action.split(" ")[0];
    if (named && verb !== "play" && named.every((card) => held.has(card))) {
      chosen.set(verb, [...(chosen.get(verb) ?? []), move]);
    }
  }
  for (const [verb, family] of [...chosen.entries()]) if (family.length < 2) chosen.delete(verb);
  for (const move of moves) {
    const amount = /^(\S+) (\d+)$/.exec(move.action);
    if (chosen.has(move.action.split(" ")[0]) && namedCards(move)) continue;
    if (move.action.startsWith("!")) irregular.push(move);
    else if (amount && byVerb.get(amount[1]).length > 1) {
      if (!amounts.has(amount[1])) amounts.set(amount[1], byVerb.get(amount[1]));
    } else if (move.card) cards.set(move.card, [...(cards.get(move.card) ?? []), move]);
    else buttons.push(move);
  }
  return { irregular, cards, amounts, buttons, chosen };
}

/** The move of a family whose cards are exactly the ones selected (undefined: none). */
function selectedMove(family) {
  return family.find((move) => {
    const named = namedCards(move);
    return named.length === page.selected.size && named.every((card) => page.selected.has(card));
  });
}

function send(message) {
  if (page.socket?.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

function act(action) {
  if (page.sent) return;
  endHold(false);
  page.sent = true;  // one move per picture: the moves wait for the next picture
  for (const button of document.querySelectorAll("#hand button, #moves button, #referee button.act")) {
    button.disabled = true;
  }
  say("");
  send({ type: "act", seq: page.seq, action });
}

/** After a move was sent, the moves are drawn again from the next picture even if it looks the same. */
function release() {
  page.selected.clear();  // a selection belongs to the picture it was made on
  if (!page.sent) return;
  page.sent = false;
  for (const region of ["hand", "moves", "referee"]) regions.forget(region);
}

function say(text) {
  fill("error", text ? el("p", { role: "alert" }, text) : null);
}

// ------------------------------------------------------------------------------------------------ drawing
function drawHand(picture, cardMoves, chosen) {
  const hand = picture.hand;
  const selectable = new Set([...chosen.values()].flat().flatMap((move) => namedCards(move)));
  const data = { hand, playable: hand.map((card) => (cardMoves.get(card) ?? []).map((move) => move.action)),
    labels: hand.map((card) => (cardMoves.get(card) ?? []).map((move) => move.label)),
    selectable: [...selectable], selected: [...page.selected] };
  regions.update("hand", data, () => {
    if (!hand.length) return [];
    return el("div", { class: "cards", role: "group", "aria-label": t("Your hand") }, hand.map((card) => {
      const moves = cardMoves.get(card) ?? [];
      const toggles = selectable.has(card) && !moves.length;
      const button = el("button", {
        class: `card${page.selected.has(card) ? " selected" : ""}`, type: "button",
        disabled: moves.length === 0 && !toggles, "data-card": card,
        "aria-pressed": toggles ? String(page.selected.has(card)) : null,
        title: moves.map((move) => move.label).join(" / ") || null,
        onclick: () => {
          if (toggles) {
            if (page.selected.has(card)) page.selected.delete(card);
            else page.selected.add(card);
            draw();
            document.querySelector(`#hand button.card[data-card="${card}"]`)?.focus();
          } else if (moves.length === 1) act(moves[0].action);
          else choose(card, moves);
        },
        onkeydown: moveFocus,
      }, face(card));
      return button;
    }));
  });
}

/** For each family of moves chosen in the hand: what the selection does (its move's label), confirmed by a
 * button; and every move of the family as a list, for the keyboard. */
function selectionControls(chosen) {
  return [...chosen.entries()].map(([verb, family]) => {
    const move = selectedMove(family);
    return el("div", { class: "selection", "data-verb": verb },
      el("p", { class: "hint" }, t("Select cards in your hand, then confirm:")),
      el("button", { type: "button", class: "confirm", disabled: !move, "data-action": move?.action,
        onclick: () => move && act(move.action) },
      move ? withLaws(move.label) : t("No move holds exactly these cards")),
      page.selected.size ? el("button", { type: "button", class: "quiet", onclick: () => {
        page.selected.clear();
        draw();
      } }, t("Clear the selection")) : null,
      el("details", { class: "all-moves" }, el("summary", {}, t("Every choice as a list")),
        family.map((each) => el("button", { type: "button", class: "move", "data-action": each.action,
          onclick: () => act(each.action) }, withLaws(each.label)))));
  });
}

/** The keyboard in the hand: the arrow keys go from card to card (the ones that can be played or selected),
 * Home and End to the first and the last; space or Enter plays the card or toggles its selection (a button's
 * own keys). */
function moveFocus(event) {
  const buttons = [...document.querySelectorAll("#hand button.card:not([disabled])")];
  const index = buttons.indexOf(event.currentTarget);
  const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  const to = step ? (index + step + buttons.length) % buttons.length
    : { Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined || index < 0) return;
  buttons[to]?.focus();
  event.preventDefault();
}

/** Several moves name the same card: the page asks which. */
function choose(card, moves) {
  fill("choice", el("div", { class: "choice", role: "dialog", "aria-label": t("Which move?") },
    moves.map((move) => el("button", { type: "button", onclick: () => { fill("choice"); act(move.action); } },
      move.label)),
    el("button", { type: "button", class: "quiet", onclick: () => fill("choice") }, t("Cancel"))));
  document.querySelector("#choice button")?.focus();
}

function amountControl(verb, moves) {
  const values = moves.map((move) => Number(move.action.split(" ")[1]));
  const least = Math.min(...values);
  const most = Math.max(...values);
  const id = `amount-${verb}`;
  const input = el("input", { type: "number", id, min: least, max: most, step: 1, value: least, "data-verb": verb,
    inputmode: "numeric" });
  const button = el("button", { type: "submit" }, moves[0].label);
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const chosen = () => {
    const text = input.value.trim();
    return /^\d+$/.test(text) ? moves.find((move) => move.action === `${verb} ${Number(text)}`) : undefined;
  };
  input.addEventListener("input", () => {
    const move = chosen();
    button.disabled = !move;
    button.textContent = move ? move.label : t("Choose an amount");
    problem.textContent = move ? "" : t("{amount} is not allowed: from {least} to {most}",
      { amount: input.value || "?", least, most });
  });
  return el("form", { class: "amount", onsubmit: (event) => {
    event.preventDefault();
    const move = chosen();
    if (move) act(move.action);
    else problem.textContent = t("{amount} is not allowed: from {least} to {most}",
      { amount: input.value || "?", least, most });
  } }, el("label", { for: id }, t("Amount ({least} to {most})", { least, most })), input, button, problem);
}

function drawMoves(picture, sorted, handCards) {
  const loose = [...sorted.cards.entries()].filter(([card]) => !handCards.has(card)).flatMap(([, moves]) => moves);
  const data = { buttons: sorted.buttons, loose, amounts: [...sorted.amounts.entries()], waiting: picture.waiting_for,
    chosen: [...sorted.chosen.entries()], selected: [...page.selected], over: page.over };
  regions.update("moves", data, () => [
    page.over ? null : el("p", { class: "waiting" }, picture.waiting_for),  // over: nobody waits for anyone
    ...selectionControls(sorted.chosen),
    ...[...sorted.buttons, ...loose].map((move) => el("button", { type: "button", class: "move",
      "data-action": move.action, onclick: () => act(move.action) }, withLaws(move.label))),
    ...[...sorted.amounts.entries()].map(([verb, moves]) => amountControl(verb, moves)),
  ]);
}

function drawReferee(picture, sorted) {
  const table = page.welcome?.mode === "table";
  const data = { table, open: page.referee, acts: sorted.irregular, pending: picture.pending };
  regions.update("referee", data, () => {
    if (!table) return [];
    const toggle = el("button", { type: "button", "aria-expanded": String(page.referee), "aria-controls": "acts",
      onclick: () => { page.referee = !page.referee; draw(); } }, t("Irregular acts (table mode)"));
    const acts = page.referee ? el("div", { id: "acts" },
      el("p", {}, t("At this table irregular acts can happen, as at a real one, and the laws rule on them. Here are the ones you could commit now, each with its law; an irregularity of another player is ruled on above, and the ruling stays there until you have read it.")),
      el("p", {}, el("a", { id: "look-up-law", target: "_blank", rel: "noopener",
        href: `/referee?game=${encodeURIComponent(page.welcome.game)}&lang=${document.documentElement.lang}` },
        t("Look up a law"))),
      sorted.irregular.length
        ? el("ul", {}, sorted.irregular.map((move) => el("li", {}, el("button", { type: "button", class: "act",
          "data-action": move.action, onclick: () => act(move.action) }, withLaws(move.label)))))
        : el("p", {}, t("No irregular act is possible now."))) : null;
    return [toggle, acts];
  });
}

/** The trick on the table, its cards lying in front of the seats: here its number, and once finished who won it
 * and why, with a button to clear it before its time. */
function trickNote(picture, trick) {
  if (!trick || !trick.plays.length) return null;
  const finished = trick.winner !== null && trick.winner !== undefined;
  return el("div", { class: `trick-note${finished ? " finished" : ""}`, role: finished ? "status" : null },
    el("p", { class: "caption" }, t("Trick {number}", { number: trick.number })),
    finished ? el("p", { class: "winner" }, winnerWords(picture, trick)) : null,
    page.hold === trick ? el("button", { type: "button", class: "quiet", id: "clear-trick",
      onclick: () => endHold() }, t("Clear the trick")) : null);
}

function drawCentre(picture) {
  const trick = page.hold ?? picture.trick;
  const data = { trump: picture.trump, table: picture.table, trick, held: page.hold !== null,
    last: picture.last_trick, showLast: page.showLast, extra: picture.extra };
  regions.update("centre", data, () => [
    picture.trump ? el("p", { class: "trump" }, t("Trumps: {trump}", { trump: picture.trump })) : null,
    ...picture.table.map(([label, cards]) => el("div", { class: "lying" }, el("span", {}, label),
      el("div", { class: "cards" }, cards.map(face)))),
    ...picture.extra.map(([label, value]) => el("p", { class: "extra" }, t("{label}: {value}", { label, value }))),
    trickNote(picture, trick),
    picture.last_trick && !page.hold ? el("button", { type: "button", class: "quiet", id: "last-toggle",
      "aria-expanded": String(page.showLast), onclick: () => { page.showLast = !page.showLast; draw(); } },
    page.showLast ? t("Hide the last trick") : t("Show the last trick")) : null,
    picture.last_trick && page.showLast && !page.hold
      ? trickView(picture, picture.last_trick, t("Last trick: {number}", { number: picture.last_trick.number }))
      : null,
  ]);
}

function draw() {
  const picture = page.picture;
  if (!picture) return;
  const sorted = classify(picture.moves.filter((move) => page.legal.includes(move.action)), picture.hand);
  const handCards = new Set(picture.hand);
  // The end of the game is said once, by the result (drawResult): the status line then has nothing to add.
  regions.update("title", { title: picture.title, status: picture.status, seat: page.welcome?.seat, over: page.over },
    () => [el("h2", {}, picture.title), page.over ? null : el("p", { class: "status" }, picture.status),
    el("p", { id: "clock", class: "clock", "aria-live": "off" }),
    el("p", { class: "who" }, page.welcome?.seat === null || page.welcome?.seat === undefined
      ? t("You are watching this table.") : t("You sit at seat {seat}.", { seat: page.welcome.seat + 1 })),
  ]);
  const presence = [...page.presence.entries()];
  const seats = aroundTable(picture);
  const mine = seats.filter((seat) => seat.seat === picture.viewer);
  const others = seats.filter((seat) => seat.seat !== picture.viewer);
  document.querySelector(".felt").dataset.around = String(others.length);
  document.querySelector(".play").classList.toggle("crowded", others.length >= 4);  // five seats or more
  const trick = page.hold ?? picture.trick;
  const held = new Map([...document.querySelectorAll("#hand button.card")].map((button) =>
    [button.dataset.card, button.getBoundingClientRect()]));
  const felt = document.querySelector(".felt");
  felt.dataset.trick = page.hold ? "finished" : "open";
  regions.update("seats", { others, to_act: picture.to_act, presence, trick }, () => others.map((seat) =>
    seatBox(picture, seat, page.presence, playedBy(trick, seat.seat))));
  regions.update("me", { mine, to_act: picture.to_act, hand: picture.hand.length, presence, trick }, () => mine.map(
    (seat) => seatBox(picture, seat, page.presence, playedBy(trick, seat.seat))));
  drawCentre(picture);
  laidCards(trick, held);
  regions.update("tallies", picture.tallies, (tallies) => tallies.map(tallyView));
  drawHand(picture, sorted.cards, sorted.chosen);
  drawMoves(picture, sorted, handCards);
  drawReferee(picture, sorted);
  regions.update("pending", picture.pending, (pending) => pending
    ? el("p", { role: "status" }, withLaws(t("Ruling pending: {ruling}", { ruling: pending }))) : []);
  if (picture.pending && picture.pending !== page.rulingSeen) page.ruling = picture.pending;
  page.rulingSeen = picture.pending;
  regions.update("ruling", { ruling: page.ruling, pending: Boolean(picture.pending) }, ({ ruling, pending }) =>
    (ruling && !pending ? el("div", { class: "ruling", role: "status" },
      el("p", {}, withLaws(t("The referee ruled: {ruling}", { ruling }))),
      el("button", { type: "button", onclick: () => { page.ruling = ""; draw(); } }, t("Understood"))) : []));
  if (picture.result && picture.result !== page.resultSeen) page.dealResult = picture.result;
  page.resultSeen = picture.result;
  drawResult();
  drawSheet(picture);
  regions.log(document.getElementById("log"), picture.log, t("A new deal"));
  const myTurn = sorted.cards.size + sorted.buttons.length + sorted.amounts.size + sorted.chosen.size > 0;
  if (myTurn && !document.body.classList.contains("my-turn") && !page.sent) signalTurn();
  document.body.classList.toggle("my-turn", myTurn);
  document.body.classList.toggle("card-moves", sorted.cards.size > 0);
  document.body.classList.toggle("has-hand", picture.hand.length > 0);
  document.title = myTurn ? t("Your turn · {title}", { title: picture.title }) : `${picture.title} · Académie`;
}

/** The cards of the trick laid since the last picture travel to their places in front of their seats: the
 * viewer's from his hand (`held`: where each card of it was), another seat's from its backs (none on the first
 * picture a page draws, whose cards were laid before it came). */
function laidCards(trick, held) {
  const laid = new Set((trick?.plays ?? []).map(([seat, card]) => `${trick.number} ${seat} ${card}`));
  const before = page.laid;
  page.laid = laid;
  if (before === null) return;
  for (const key of laid) {
    if (before.has(key)) continue;
    const [, seat, card] = key.split(" ");
    const place = document.querySelector(`.seat[data-seat="${seat}"]`);
    const face = place?.querySelector(`.played svg[data-card="${card}"]`);
    if (face) travel(face, held.get(card) ?? seatOrigin(place));
  }
}

/** Where another seat's card comes from: the last of the backs it holds, or (its backs not drawn) the middle of
 * its name, as small as a back. */
function seatOrigin(place) {
  const back = [...place.querySelectorAll(".backs svg")].pop()?.getBoundingClientRect();
  if (back?.width) return back;
  const name = place.querySelector("h3").getBoundingClientRect();
  return { left: name.left + name.width / 2 - 9, top: name.top, width: 18 };
}

/** A deal's result stays until the player moves on ("Continue"); the end of the game stays, with its replay and
 * the next game with the same players. The last result says the game is over, with who won (each game's picture
 * words it); the page says it alone only when no result is shown. */
function drawResult() {
  const result = page.dealResult;
  const over = page.over;
  const seated = page.welcome?.seat !== null && page.welcome?.seat !== undefined && token;
  const nextGames = page.nextGames ?? [];
  regions.update("result", { result, over, next: page.next, seated: Boolean(seated), nextGames }, () => [
    result ? el("div", { class: "deal-result", role: "status" }, el("p", {}, withLaws(result)),
      over ? null : el("button", { type: "button", id: "continue", onclick: () => {
        page.dealResult = "";
        drawResult();
      } }, t("Continue"))) : null,
    over ? el("p", {}, result ? null : [t("The game is over."), " "],
      el("a", { href: `/replay/${encodeURIComponent(tableId)}` }, t("Replay this game"))) : null,
    over ? el("p", {}, el("a", { href: `/replay/${encodeURIComponent(tableId)}?review=1`, id: "review-link" },
      t("Review this game"))) : null,
    over && daily ? el("p", {}, el("a", { href: "/daily", id: "daily-link" },
      t("Back to the board of the day: your results"))) : null,
    over && page.next ? el("p", {}, el("a", { href: page.next.url, id: "next-link" },
      page.next.seat === null ? t("Watch the next game") : t("Sit at the next game (seat {seat})",
        { seat: page.next.seat + 1 }))) : null,
    over && !page.next && !daily && (seated || owner) ? el("p", { class: "next-game" },
      nextGames.length > 1 ? [el("label", { for: "next-game-choice" }, t("The next game")), " ",
        el("select", { id: "next-game-choice" }, nextGames.map((game) => el("option", { value: game.game },
          game.game === page.welcome?.game ? t("{title} again", { title: game.title }) : game.title))), " "] : null,
      el("button", { type: "button", id: "next-game", onclick: nextGame }, t("Next game with the same players")))
      : null]);
  if (over && !daily && !page.nextGames && (seated || owner)) loadNextGames();
}

/** The games the same people may play next: this one first, then every other game for as many players. */
async function loadNextGames() {
  page.nextGames = [];
  const players = page.welcome?.players;
  let games = [];
  try { games = await api("/api/games"); } catch { return; }  // the same game alone, by the button
  page.nextGames = games.filter((game) => game.min_players <= players && players <= game.max_players)
    .sort((a, b) => Number(b.game === page.welcome?.game) - Number(a.game === page.welcome?.game));
  drawResult();
}

async function nextGame() {
  const query = new URLSearchParams({ lang: document.documentElement.lang });
  if (token) query.set("token", token);
  else if (owner) query.set("owner", owner);
  const chosen = document.getElementById("next-game-choice")?.value;
  const body = chosen && chosen !== page.welcome?.game ? { game: chosen } : {};
  try {
    page.next = await api(`/api/tables/${encodeURIComponent(tableId)}/next?${query}`,
      { method: "POST", body: JSON.stringify(body) });
    drawResult();
  } catch (error) {
    say(error.message);
  }
}

/** At a table with time controls: whose decision is timed and what is left of it and of his reserve. */
function drawClock() {
  const clock = page.clock;
  const target = document.getElementById("clock");
  if (!target) return;
  if (!clock || clock.seat === null || !page.picture) {
    target.textContent = "";
    return;
  }
  const spent = (performance.now() - clock.at) / 1000;
  const left = clock.left - spent;
  const reserve = Math.max(0, clock.reserves[clock.seat] + Math.min(0, left));
  const name = page.picture.viewer === clock.seat ? t("You") : seatName(page.picture, clock.seat);
  target.textContent = t("{name}: {seconds} s to decide, {reserve} s in reserve",
    { name, seconds: Math.max(0, Math.ceil(left)), reserve: Math.ceil(reserve) });
  target.classList.toggle("short", left < 10);
}

/** A deal's gain or loss as the tallies write it, with a true minus: "+3", "−16", "0". */
function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}

/** The score sheet: each deal over so far, who dealt it and what each seat scored by it. */
function drawSheet(picture) {
  const names = [...picture.seats].sort((a, b) => a.seat - b.seat).map((seat) => seat.name);
  regions.update("sheet", { sheet: page.sheet, names }, () => (page.sheet.length ? el("table", { class: "tally" },
    el("caption", {}, t("Score sheet")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Deal")), names.map((name) =>
      el("th", { scope: "col" }, name)))),
    el("tbody", {}, page.sheet.map((row) => el("tr", {},
      el("th", { scope: "row" }, String(row.deal)), row.points.map((points) => el("td", {}, signed(points)))))))
    : []));
}

// ------------------------------------------------------------------------------------------------ pictures
/** A picture is drawn when it comes, unless a finished trick is still on the felt: then it waits its turn, so
 * that every card played is seen in front of its seat and the trick with who won it stays for the pause. */
function receivePicture(message) {
  page.queue.push(message);
  pump();
}

function pump() {
  while (!page.hold && page.queue.length) {
    const message = page.queue.shift();
    const last = message.picture.last_trick;
    const key = last ? JSON.stringify([last.number, last.plays]) : null;
    const finished = page.lastTrick !== undefined && key !== null && key !== page.lastTrick;
    page.lastTrick = key;
    const pause = trickPause();
    if (finished && pause > 0) {
      page.hold = last;
      page.holdTimer = setTimeout(() => endHold(), pause);
    }
    show(message);
  }
}

/** The finished trick leaves the felt (its time is up, the player cleared it, or he acts). */
function endHold(redraw = true) {
  if (!page.hold) return;
  clearTimeout(page.holdTimer);
  page.hold = null;
  page.holdTimer = null;
  if (redraw) draw();
  pump();
}

function show(message) {
  page.over = message.status === "finished";
  page.picture = message.picture;
  page.seq = message.seq;
  page.legal = message.legal ?? [];
  page.sheet = message.sheet ?? [];
  release();
  fill("choice");
  draw();
  document.body.dataset.seq = String(message.seq);
}

/** The reader's preferences: how long a finished trick stays. */
/** A yes-or-no preference of the reader, kept in the browser (``academie.<name>``). */
function preferred(name, fallback) {
  let stored = null;
  try { stored = localStorage.getItem(`academie.${name}`); } catch { /* storage may be refused */ }
  return stored === null ? fallback : stored === "true";
}

function checkbox(name, fallback, label, onchange) {
  const id = `pref-${name}`;
  const box = el("input", { type: "checkbox", id, checked: preferred(name, fallback) });
  box.addEventListener("change", () => {
    try { localStorage.setItem(`academie.${name}`, String(box.checked)); } catch { /* storage may be refused */ }
    onchange();
  });
  return el("p", {}, box, " ", el("label", { for: id }, label));
}

/** The preferences shown as classes of the page's body: a four-colour deck, no animation. */
function applyPreferences() {
  document.body.classList.toggle("four-colours", preferred("fourColours", false));
  document.body.classList.toggle("no-motion", !preferred("animations", true));
}

/** A short tone when it becomes the reader's turn, if he asked for it. */
function signalTurn() {
  if (!preferred("sound", false)) return;
  document.body.dataset.turnSignals = String(Number(document.body.dataset.turnSignals ?? 0) + 1);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    volume.gain.value = 0.08;
    tone.frequency.value = 660;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
    tone.addEventListener("ended", () => audio.close());
  } catch { /* no sound here */ }
}

function preferences() {
  const select = el("select", { id: "trick-pause" }, PAUSES.map((pause) => el("option", { value: pause,
    selected: pause === trickPause() }, pause ? t("{seconds} seconds", { seconds: (pause / 1000).toLocaleString(document.documentElement.lang) }) : t("no pause"))));
  select.addEventListener("change", () => {
    try { localStorage.setItem(PAUSE, select.value); } catch { /* storage may be refused */ }
  });
  return el("details", { class: "preferences" }, el("summary", {}, t("Preferences")),
    el("p", {}, el("label", { for: "trick-pause" }, t("A finished trick stays")), " ", select),
    checkbox("fourColours", false, t("Four-colour deck (diamonds blue, clubs green)"), () => {
      applyPreferences();
      regions.reset();
      draw();
    }),
    checkbox("animations", true, t("Animations"), applyPreferences),
    checkbox("sound", false, t("A sound when it is my turn"), () => {}));
}

// ------------------------------------------------------------------------------------------------ seats
/** The leave button of a seated viewer, and the creator's controls over the seats of absent players. */
function drawSeatControls() {
  const seat = page.welcome?.seat ?? null;
  regions.update("leave", { seat, token, confirming: page.confirmingLeave }, () => (seat === null || !token ? []
    : leaveControl({ tableId, seat, token, confirming: page.confirmingLeave,
      onConfirm: () => { page.confirmingLeave = true; drawSeatControls(); },
      onCancel: () => { page.confirmingLeave = false; drawSeatControls(); },
      onLeaving: () => { page.leaving = true; },
      onLeft: () => watchOnly(t("You left seat {seat}; you are watching the table.", { seat: seat + 1 })) })));
  const seats = [...page.presence.values()];
  regions.update("creator", { owner: page.welcome?.owner, seats, bots: page.bots }, () =>
    (page.welcome?.owner && page.bots ? creatorControls({ tableId, owner, seats, ...page.bots }) : []));
}

/** The seat is no longer this page's (left here or elsewhere, or handed over): it watches the table instead. */
function watchOnly(message) {
  if (!token) return;
  token = null;
  page.confirmingLeave = false;
  const url = new URL(location.href);
  url.searchParams.delete("token");
  history.replaceState(null, "", url);
  reconnect();
  fill("seat-note", el("p", { role: "status" }, message));
}

/** The game's bots, for the creator's controls. */
async function loadBots(game) {
  const entry = (await api("/api/games")).find((item) => item.game === game);
  page.bots = entry ? { bots: entry.bots, strongest: entry.strongest } : null;
  drawSeatControls();
}

/** A chat line arrives HTML-escaped; the page shows it as text. */
function unescape(text) {
  return new DOMParser().parseFromString(`<p>${text}</p>`, "text/html").body.textContent ?? "";
}

function drawChat() {
  fill("chat-lines", page.chat.map((line) => el("li", {}, el("b", {}, line.name ?? ""), " ", line.text)));
  const list = document.getElementById("chat-lines");
  list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------------------------------------ the socket
function receive(message) {
  switch (message.type) {
    case "welcome":
      page.welcome = message;
      document.body.dataset.seat = message.seat === null ? "" : String(message.seat);
      if (message.owner && !page.bots) loadBots(message.game);
      drawSeatControls();
      break;
    case "picture":
      receivePicture(message);
      break;
    case "next":
      page.next = message;
      drawResult();
      break;
    case "clock":
      page.clock = { ...message, at: performance.now() };
      drawClock();
      break;
    case "seats":
      page.presence = new Map(message.seats.map((seat) => [seat.seat, seat]));
      draw();
      drawSeatControls();
      break;
    case "left":
      watchOnly(page.leaving ? t("You left seat {seat}; you are watching the table.", { seat: (page.welcome?.seat ?? 0) + 1 })
        : t("This seat is no longer yours: you are watching the table."));
      break;
    case "reason":
      regions.note(document.getElementById("log"), t("why: {reason}", { reason: message.text }));
      break;
    case "chat":
      page.chat.push({ ...message, text: unescape(message.text) });
      drawChat();
      break;
    case "error":
      release();
      draw();
      say(message.message);
      break;
    default:
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang: document.documentElement.lang });
  if (token) query.set("token", token);
  if (owner) query.set("owner", owner);
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  page.socket = socket;
  socket.addEventListener("open", () => {
    page.retry = 0;
    fill("connection");
  });
  socket.addEventListener("message", (event) => {
    if (page.socket === socket) receive(JSON.parse(event.data));  // not a replaced socket's last words
  });
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;  // replaced on purpose (a change of language)
    if (event.code === 4403 && token && !owner) {  // a dead link: the page can still watch
      watchOnly(t("This link no longer holds a seat: you are watching the table."));
      return;
    }
    if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
      if (!document.querySelector("#error [role=alert]")) say(event.reason || t("This table refused the connection."));
      if (event.code === 4403) {  // a wrong creator's token: the table may still be watched
        fill("seat-note", el("p", {}, el("a", { href: `/tables/${encodeURIComponent(tableId)}`, id: "watch-instead" },
          t("Watch this table"))));
      }
      return;
    }
    fill("connection", el("p", { role: "status" }, t("Connection lost; reconnecting…")));
    page.retry = Math.min(page.retry + 1, 5);
    setTimeout(connect, 300 * 2 ** page.retry);
  });
}

function reconnect() {
  const old = page.socket;
  page.socket = null;
  old?.close();
  clearTimeout(page.holdTimer);
  page.queue = [];
  page.hold = null;
  page.lastTrick = undefined;
  page.laid = null;
  regions.reset();
  connect();
}

// ------------------------------------------------------------------------------------------------ the page
function layout() {
  document.title = t("Card room");
  fill(document.body,
    header(t("Table {table}", { table: tableId }), () => { layout(); reconnect(); }),
    el("main", { class: "table-page" },
      el("div", { id: "connection" }),
      el("div", { class: "play" },
      el("section", { id: "title", class: "title" }),
      el("section", { class: "felt", "aria-label": t("The table") },
        el("div", { id: "seats", class: "seats" }),
        el("div", { id: "centre", class: "centre" }),
        el("div", { id: "me", class: "seats" })),
      el("section", { class: "mine", "aria-label": t("Your cards and moves") },
        el("div", { id: "result", class: "result" }),
        el("div", { id: "ruling" }),
        el("div", { id: "hand", class: "hand" }),
        el("div", { id: "choice" }),
        el("div", { id: "moves", class: "moves" }),
        el("div", { id: "error" }),
        el("div", { id: "pending", class: "pending" }),
        el("div", { id: "referee", class: "referee" }),
        el("div", { id: "seat-note" }),
        el("div", { id: "leave", class: "leave-seat" }))),
      el("aside", { class: "side" },
        el("section", { id: "creator", class: "creator", "aria-label": t("Absent players' seats") }),
        el("section", { id: "tallies", class: "tallies", "aria-label": t("Scores") }),
        el("section", { id: "sheet", class: "sheet", "aria-label": t("Score sheet") }),
        el("section", { class: "log", "aria-label": t("The deal so far") },
          el("h2", {}, t("The deal so far")), el("ol", { id: "log" })),
        el("section", { class: "chat", "aria-label": t("Chat") },
          el("h2", {}, t("Chat")), el("ul", { id: "chat-lines" }),
          el("form", { id: "chat-form", onsubmit: (event) => {
            event.preventDefault();
            const input = document.getElementById("chat-text");
            if (input.value.trim()) send({ type: "chat", text: input.value.trim() });
            input.value = "";
          } }, el("input", { id: "chat-text", maxlength: 300, "aria-label": t("Message"),
            placeholder: t("Say something to the table") }),
          el("button", { type: "submit" }, t("Send")))),
        preferences())));
  applyPreferences();
  regions.reset();
  draw();
  drawSeatControls();
  drawChat();
}

async function start() {
  await loadWords(chosenLanguage());
  layout();
  connect();
  setInterval(drawClock, 500);
}

start();
