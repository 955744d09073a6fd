// The table page's seat controls: a player leaves his seat (after a confirmation), and the table's creator hands
// an absent player's seat to a bot or opens it to anyone. Each is a request to the room's API; the room then sends
// every connection the new seats (and, to the seat left, a "left" message).

import { api, el, t } from "./common.js";

const query = (values) => new URLSearchParams({ ...values, lang: document.documentElement.lang }).toString();

/** The "Leave this seat" button, then its confirmation; `onLeft()` once the room has freed the seat. */
export function leaveControl({ tableId, seat, token, confirming, onConfirm, onCancel, onLeaving, onLeft }) {
  if (!confirming) {
    return el("button", { type: "button", class: "leave", onclick: onConfirm }, t("Leave this seat"));
  }
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const leave = async () => {
    onLeaving();
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/leave?${query({ token })}`, { method: "POST" });
      onLeft();
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  return el("div", { class: "confirm", role: "group", "aria-label": t("Leave this seat") },
    el("p", {}, t("Leave seat {seat}? Your link will stop working, and the seat will be open to anyone.", { seat: seat + 1 })),
    el("button", { type: "button", class: "leave-yes", onclick: leave }, t("Leave the seat")),
    el("button", { type: "button", class: "leave-no", onclick: onCancel }, t("Stay")),
    problem);
}

/** What the creator reads of an absent seat: who was there, or that nobody came yet. */
function absentLine(seat) {
  if (seat.state === "open") return t("Seat {seat}: open to anyone", { seat: seat.seat + 1 });
  if (seat.state === "reserved") return t("Seat {seat}: the invited player has not come", { seat: seat.seat + 1 });
  return t("Seat {seat}: {name}, away", { seat: seat.seat + 1, name: seat.name ?? t("Seat {seat}", { seat: seat.seat + 1 }) });
}

/** The creator's controls over the seats whose players are absent (none shown while everyone is here). */
export function creatorControls({ tableId, owner, seats, bots, strongest }) {
  const absent = seats.filter((seat) => seat.state !== "bot" && !seat.connected);
  if (!absent.length) return [];
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const post = async (seat, what, body) => {
    problem.textContent = "";
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/${what}?${query({ owner })}`,
        { method: "POST", body: body ? JSON.stringify(body) : undefined });
    } catch (error) {
      problem.textContent = error.message;
    }
  };
  return [
    el("h2", {}, t("Absent players' seats")),
    el("p", {}, t("As the table's creator, you may give a seat whose player is away to a bot, or open it to anyone; its link then stops working.")),
    el("ul", {}, absent.map((seat) => {
      const id = `hand-${seat.seat}`;
      const choice = el("select", { id },
        bots.map((bot) => el("option", { value: bot, selected: bot === strongest }, t("bot: {name}", { name: bot }))));
      return el("li", { "data-seat": seat.seat },
        el("span", {}, absentLine(seat)), " ",
        el("label", { for: id, class: "visually-hidden" }, t("Bot for seat {seat}", { seat: seat.seat + 1 })), choice, " ",
        el("button", { type: "button", class: "to-bot", onclick: () => post(seat.seat, "bot", { bot: choice.value }) },
          t("Give it to the bot")), " ",
        seat.state === "open" ? null : el("button", { type: "button", class: "to-open",
          onclick: () => post(seat.seat, "open") }, t("Open it to anyone")));
    })),
    problem,
  ];
}
