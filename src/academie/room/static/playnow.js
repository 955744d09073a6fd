// "Play now" (issue 32): a button per game with the table size puts the reader in the queue; while he waits, the
// lobby shows for how long, how many wait with him, the open seats of tables already waiting for players, and,
// after the wait, the choice of filling the empty seats with bots of the level he picks. Once a table is made his
// page goes to his seat. The page asks for its ticket every second: a ticket not asked for is let go by the room.

import { api, el, fill, levelWords, t } from "./common.js";

const ASK_EVERY_MS = 1000;
const KEPT = "academie.queue";  // the ticket of this tab, so that a reload goes on waiting
const queue = { ticket: null, timer: null, asking: false };

function setName(name) {
  try { localStorage.setItem("academie.name", name); } catch { /* storage may be refused */ }
}

function storedName() {
  try { return localStorage.getItem("academie.name") ?? ""; } catch { return ""; }
}

/** The "play now" form of a game: a name, the table size (when the game is played by more than one), the button.
 * A logged-in player (`account`) waits under his account's name: it is filled in, not asked. */
export function playNowForm(game, games, account = null) {
  const id = `${game.game}-now`;
  const sizes = Array.from({ length: game.max_players - game.min_players + 1 }, (_, index) => game.min_players + index);
  const name = el("input", { id: `${id}-name`, required: true, maxlength: 24, autocomplete: "nickname",
    value: account?.name ?? storedName(), placeholder: t("Your name"), readonly: Boolean(account) });
  const players = el("select", { id: `${id}-players` },
    sizes.map((count) => el("option", { value: count }, t("{count} players", { count }))));
  const form = el("form", { class: "play-now", "data-game": game.game, "aria-labelledby": `${id}-title` },
    el("h3", { id: `${id}-title` }, t("Play now")),
    el("p", {}, t("Wait for players of your strength; after a wait, bots may fill the empty seats.")),
    el("div", { class: "option" }, el("label", { for: `${id}-name` }, t("Your name")), " ", name),
    sizes.length > 1 ? el("div", { class: "option" }, el("label", { for: `${id}-players` }, t("Players")), " ", players)
      : null,
    el("button", { type: "submit", disabled: queue.ticket !== null }, t("Play now")),
    el("p", { class: "problem", "aria-live": "polite" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!account) setName(name.value.trim());
    try {
      const answer = await api("/api/queue", { method: "POST",
        body: JSON.stringify({ game: game.game, players: Number(players.value), name: name.value.trim() }) });
      wait(answer.ticket, games);
      show(answer, games);
    } catch (error) {
      form.querySelector(".problem").textContent = error.message;
    }
  });
  return form;
}

function lockButtons(locked) {
  for (const button of document.querySelectorAll("form.play-now button")) button.disabled = locked;
}

function wait(ticket, games) {
  queue.ticket = ticket;
  try { sessionStorage.setItem(KEPT, ticket); } catch { /* storage may be refused */ }
  lockButtons(true);
  clearInterval(queue.timer);
  queue.timer = setInterval(() => ask(games), ASK_EVERY_MS);
}

function stop(problem = "") {
  clearInterval(queue.timer);
  queue.ticket = null;
  try { sessionStorage.removeItem(KEPT); } catch { /* storage may be refused */ }
  lockButtons(false);
  fill("queue", problem ? el("p", { class: "problem", role: "alert" }, problem) : null);
}

async function ask(games) {
  if (!queue.ticket || queue.asking) return;
  queue.asking = true;
  try {
    show(await api(`/api/queue/${encodeURIComponent(queue.ticket)}`), games);
  } catch (error) {
    stop(error.message);
  } finally {
    queue.asking = false;
  }
}

/** Go on waiting after a reload of the lobby (the ticket kept by this tab). */
export function resume(games) {
  let ticket = null;
  try { ticket = sessionStorage.getItem(KEPT); } catch { /* storage may be refused */ }
  if (ticket) {
    wait(ticket, games);
    ask(games);
  }
}

function takeSeat(offer, problem) {
  return async () => {
    try {
      const joined = await api(`/api/tables/${encodeURIComponent(offer.table)}/join`,
        { method: "POST", body: JSON.stringify({ seat: offer.seat, name: storedName() }) });
      const ticket = queue.ticket;
      stop();
      await api(`/api/queue/${encodeURIComponent(ticket)}`, { method: "DELETE" }).catch(() => null);
      location.href = joined.url;
    } catch (error) {
      problem.textContent = error.message;
    }
  };
}

function fillWithBots(level, problem) {
  return async () => {
    try {
      const answer = await api(`/api/queue/${encodeURIComponent(queue.ticket)}/bots`,
        { method: "POST", body: JSON.stringify({ bot: level.value }) });
      if (answer.state === "seated") seated(answer);
    } catch (error) {
      problem.textContent = error.message;
    }
  };
}

function seated(answer) {
  clearInterval(queue.timer);
  try { sessionStorage.removeItem(KEPT); } catch { /* storage may be refused */ }
  fill("queue", el("p", { role: "status" }, t("A table is ready: to your seat…")));
  location.href = answer.url;
}

/** The waiting panel, drawn once a ticket: its heading, what is waited for, the bots' choice, the leave button. */
function panel(answer, games) {
  const game = games.find((one) => one.game === answer.game);
  const title = game?.title ?? answer.game;
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const level = el("select", { id: "queue-level" }, (game?.bots ?? []).map((bot) =>
    el("option", { value: bot, selected: bot === game.strongest }, levelWords(bot))));
  const section = el("section", { class: "queue", "aria-labelledby": "queue-title", "data-ticket": queue.ticket },
    el("h2", { id: "queue-title", tabindex: -1 },
      t("Waiting for a table of {title} for {count} players", { title, count: answer.players })),
    el("p", { class: "waited" }),
    el("p", { class: "bots-in" }),
    el("div", { class: "option bots", hidden: true },
      el("label", { for: "queue-level" }, t("Bots for the empty seats")), " ", level, " ",
      el("button", { type: "button", id: "queue-bots", onclick: fillWithBots(level, problem) },
        t("Fill the empty seats with bots"))),
    el("div", { class: "offers", "aria-live": "polite" }),
    el("button", { type: "button", id: "queue-leave", onclick: async () => {
      const ticket = queue.ticket;
      stop();
      await api(`/api/queue/${encodeURIComponent(ticket)}`, { method: "DELETE" }).catch((error) => {
        fill("queue", el("p", { class: "problem", role: "alert" }, error.message));
      });
    } }, t("Leave the queue")),
    problem);
  fill("queue", section);
  section.querySelector("h2").focus();
  return section;
}

/** Where the ticket stands, in the waiting panel (only what changed is drawn again: a choice being made stays). */
function show(answer, games) {
  if (!queue.ticket) return;
  if (answer.state === "seated") return seated(answer);
  let section = document.querySelector(`#queue section.queue[data-ticket="${CSS.escape(queue.ticket)}"]`);
  if (!section) section = panel(answer, games);
  const seconds = Math.floor(answer.waited);
  section.querySelector(".waited").textContent = answer.waiting === 1
    ? t("You have waited {seconds} s; you are the only one waiting.", { seconds })
    : t("You have waited {seconds} s; {count} players are waiting.", { seconds, count: answer.waiting });
  const botsIn = section.querySelector(".bots-in");
  botsIn.hidden = answer.bots_allowed;
  botsIn.textContent = t("In {seconds} s you may fill the empty seats with bots.",
    { seconds: Math.ceil(answer.bots_in) });
  section.querySelector(".bots").hidden = !answer.bots_allowed;
  const offers = section.querySelector(".offers");
  const shown = JSON.stringify(answer.open_seats);
  if (offers.dataset.shown !== shown) {
    offers.dataset.shown = shown;
    const problem = section.querySelector(".problem");
    fill(offers, answer.open_seats.length
      ? [el("h3", {}, t("Seats open now")), el("ul", {}, answer.open_seats.map((offer) =>
        el("li", { "data-table": offer.table, "data-seat": offer.seat },
          el("button", { type: "button", onclick: takeSeat(offer, problem) },
            t("Take seat {seat} at table {table}", { seat: offer.seat + 1, table: offer.table })))))]
      : null);
  }
}
