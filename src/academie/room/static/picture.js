// The table picture drawn in the page: the same plain data the terminal draws (academie.picture.Picture as
// JSON), never anything else. Each region of the table is redrawn only when its part of the picture changed,
// so that a new picture does not flicker: the hand, the trick, the seats, the tallies each keep their elements
// while their data stays the same, and the log only grows.

import { cardBack, cardFace } from "./cards.js";
import { cardName, cardWords, el, fill, levelWords, t } from "./common.js";

const LAW = /\b[A-Z]{1,10}-[\w§.]*[\w§]/g;

/** A sentence with each law's ID (W-§6.1, ECARTE-VI.8) kept on one line. */
export function withLaws(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(LAW)) {
    parts.push(text.slice(last, match.index), el("span", { class: "law" }, match[0]));
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}

/** A card's face, in a figure that names it for a screen reader. */
export function face(card) {
  return cardFace(card, cardWords(card), cardName(card));
}

/** The seats in the order they sit around the table, the viewer's (or seat 0's, for a spectator) first. */
export function aroundTable(picture) {
  const seats = [...picture.seats].sort((a, b) => a.seat - b.seat);
  const first = picture.viewer ?? 0;
  const start = Math.max(0, seats.findIndex((seat) => seat.seat === first));
  return [...seats.slice(start), ...seats.slice(0, start)];
}

/** The name the picture gives a seat. */
export function seatName(picture, seat) {
  return picture.seats.find((entry) => entry.seat === seat)?.name ?? t("Seat {seat}", { seat: seat + 1 });
}

/** Whether a seat's player is here: a bot's seat, connected, away, invited but not yet come, or open to anyone. */
function presenceWords(seat) {
  if (seat.bot) return t("bot: {name}", { name: levelWords(seat.bot) });
  if (seat.connected) return t("connected");
  if (seat.state === "reserved") return t("invited, not yet here");
  if (seat.state === "open") return t("open to anyone");
  return t("away");
}

/** The card a seat played to ``trick``, where it lies in front of the seat: {card, order, won} (null: none). */
export function playedBy(trick, seat) {
  const order = trick ? trick.plays.findIndex(([who]) => who === seat) : -1;
  return order < 0 ? null : { card: trick.plays[order][1], order, won: trick.winner === seat };
}

/** A seat around the table: its name, roles, cards (backs for the ones it holds, faces for the ones it shows),
 * and in front of it the card it played to the trick on the table (``played``: from playedBy). */
export function seatBox(picture, seat, presence, played = null) {
  const mine = seat.seat === picture.viewer;
  const here = presence?.get(seat.seat);
  const classes = ["seat", mine ? "mine" : "", picture.to_act === seat.seat ? "to-act" : ""].filter(Boolean);
  const held = mine && picture.hand.length ? null : el("span", { class: "backs", "aria-hidden": "true" },
    Array.from({ length: Math.min(seat.cards, 8) }, () => cardBack("")));
  return el("section", { class: classes.join(" "), "data-seat": seat.seat,
    "aria-current": picture.to_act === seat.seat ? "true" : null },
    el("h3", {}, seat.name,
      here?.bot && picture.to_act === seat.seat
        ? el("span", { class: "thinking", role: "status" }, t("{name} is thinking…", { name: seat.name })) : null,
      here ? el("span", { class: `presence ${here.connected || here.bot ? "on" : "off"}`, "data-state": here.state },
        presenceWords(here)) : null),
    seat.roles.length ? el("p", { class: "roles" }, seat.roles.join(", ")) : null,
    el("p", { class: "count" }, seat.cards === 1 ? t("1 card") : t("{count} cards", { count: seat.cards })),
    held,
    seat.shown.length ? el("div", { class: "shown", "aria-label": t("Cards shown") }, seat.shown.map(face)) : null,
    seat.notes.length ? el("p", { class: "notes" }, withLaws(seat.notes.join(" · "))) : null,
    el("div", { class: `played${played?.won ? " won" : ""}`, "data-order": played ? played.order : null },
      played ? face(played.card) : null));
}

/** A trick: each card with who played it, in order, and who won it and why. */
export function trickView(picture, trick, heading) {
  return el("figure", { class: "trick" },
    el("figcaption", {}, heading),
    el("ol", { class: "plays" }, trick.plays.map(([seat, card]) =>
      el("li", { class: trick.winner === seat ? "won" : "", "data-seat": seat },
        face(card), el("span", { class: "who" }, seatName(picture, seat))))),
    trick.winner !== null ? el("p", { class: "winner" }, winnerWords(picture, trick)) : null);
}

/** Who won a trick and why, the viewer as "You" ("You win", not "You wins"). */
export function winnerWords(picture, trick) {
  if (trick.winner === picture.viewer) return trick.why ? t("You win ({why})", { why: trick.why }) : t("You win");
  const name = seatName(picture, trick.winner);
  return trick.why ? t("{name} wins ({why})", { name, why: trick.why }) : t("{name} wins", { name });
}

/** A tally: its label and its entries. */
export function tallyView(tally) {
  return el("table", { class: "tally" },
    el("caption", {}, tally.label),
    el("tbody", {}, tally.entries.map(([who, value]) => el("tr", {}, el("th", { scope: "row" }, who),
      el("td", {}, value)))));
}

/** Redraws a region only when its data changed; the log grows instead of being redrawn. */
export class Regions {
  constructor() {
    this.drawn = new Map();
    this.logged = [];
  }

  /** Draw `region` (an element id) from `data` with `build(data)`, unless `data` is what it shows already. */
  update(region, data, build) {
    const key = JSON.stringify(data);
    if (this.drawn.get(region) === key) return false;
    this.drawn.set(region, key);
    fill(region, build(data));
    return true;
  }

  /** Forget what `region` shows, so that the next update draws it again. */
  forget(region) {
    this.drawn.delete(region);
  }

  /** Forget what was drawn (after a change of language every region is drawn again, the log too). */
  reset() {
    this.drawn.clear();
    this.logged = null;
  }

  /** Append the new lines of the deal's log to `list`; a new deal goes on under a line that says so (the deal
   * before stays to be read), and the log drawn after a reset (a change of language) replaces what was there. */
  log(list, lines, newDeal = "") {
    if (this.logged === null) {
      list.replaceChildren();
      this.logged = [];
    }
    const continues = this.logged.length <= lines.length && this.logged.every((line, index) => line === lines[index]);
    if (!continues) {
      if (newDeal) list.append(el("li", { class: "deal-break" }, newDeal));
      else list.replaceChildren();
      this.logged = [];
    }
    for (const line of lines.slice(this.logged.length)) list.append(el("li", {}, withLaws(line)));
    const grew = lines.length !== this.logged.length;
    this.logged = [...lines];
    if (grew) list.scrollTop = list.scrollHeight;
  }

  /** Add a line under the log's last one that is not part of the deal's log (a bot's reason). */
  note(list, text) {
    const why = el("div", { class: "why" }, text);
    if (this.logged === null) return;
    if (list.lastElementChild) list.lastElementChild.append(why);
    else list.append(el("li", { class: "why" }, why));
    list.scrollTop = list.scrollHeight;
  }
}
