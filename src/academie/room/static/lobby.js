// The lobby: the five games, a form to create a table (players, bots per seat, the rules options with their
// defaults and a word on each), the invitation links of a new table, the open tables to join or watch, and the
// finished games with their replays.

import { api, chosenLanguage, el, fill, gameLine, header, loadWords, optionChoices, optionWords, t } from "./common.js";

const state = { games: [], created: null };

/** The value of an option's field, in the type of its default. */
function readOption(input, fallback) {
  if (typeof fallback === "boolean") return input.checked;
  if (typeof fallback === "number" || (fallback === null && input.type === "number")) {
    return input.value === "" ? null : Number(input.value);
  }
  if (Array.isArray(fallback)) return input.value.split(/[\s,]+/).filter(Boolean).map(Number);
  return input.value;
}

function optionField(game, name, fallback) {
  const id = `${game.game}-${name}`;
  const choices = optionChoices(game.game, name);
  let input;
  if (typeof fallback === "boolean") {
    input = el("input", { type: "checkbox", id, checked: fallback, "data-option": name });
  } else if (choices.length) {
    input = el("select", { id, "data-option": name },
      choices.map((choice) => el("option", { value: choice, selected: choice === fallback }, choice)));
  } else if (typeof fallback === "number" || fallback === null) {
    input = el("input", { type: "number", id, value: fallback ?? "", step: 1, "data-option": name });
  } else {
    input = el("input", { id, value: Array.isArray(fallback) ? fallback.join(",") : fallback, "data-option": name });
  }
  const shown = fallback === null ? t("no value") : typeof fallback === "boolean" ? (fallback ? t("yes") : t("no"))
    : Array.isArray(fallback) ? fallback.join(",") : String(fallback);
  return el("div", { class: "option" },
    el("label", { for: id }, optionWords(game.game, name) || name), " ", input,
    el("small", {}, t("{option}, by default {value}", { option: name, value: shown })));
}

function seatChoices(game, players) {
  const humanSeat = (seat) => el("option", { value: "", selected: seat === 0 }, t("a person"));
  return el("fieldset", { class: "seats-choice" },
    el("legend", {}, t("Who sits where")),
    Array.from({ length: players }, (_, seat) => el("div", { class: "option" },
      el("label", { for: `${game.game}-seat-${seat}` }, t("Seat {seat}", { seat })), " ",
      el("select", { id: `${game.game}-seat-${seat}`, "data-seat": seat },
        humanSeat(seat),
        game.bots.map((bot) => el("option", { value: bot, selected: seat !== 0 && bot === game.strongest },
          t("bot: {name}", { name: bot })))))));
}

function createForm(game) {
  const players = el("select", { id: `${game.game}-players`, "aria-label": t("Players") },
    Array.from({ length: game.max_players - game.min_players + 1 }, (_, index) => game.min_players + index)
      .map((count) => el("option", { value: count, selected: count === (game.options.players ?? game.min_players) },
        String(count))));
  const seats = el("div", {});
  const form = el("form", { class: "create", "data-game": game.game });
  const drawSeats = () => fill(seats, seatChoices(game, Number(players.value)));
  players.addEventListener("change", drawSeats);
  drawSeats();
  const options = Object.entries(game.options).filter(([name]) => name !== "players" && name !== "version");
  const mode = el("select", { id: `${game.game}-mode`, "data-mode": "" },
    game.modes.map((name) => el("option", { value: name }, name === "table" ? t("table (the laws of irregularities)")
      : t("enforced (irregular acts are refused)"))));
  form.append(
    el("div", { class: "option" }, el("label", { for: `${game.game}-players` }, t("Players")), " ", players),
    seats,
    el("div", { class: "option" }, el("label", { for: `${game.game}-mode` }, t("Mode")), " ", mode),
    el("details", {}, el("summary", {}, t("Rules options")),
      el("div", { class: "options" }, options.map(([name, fallback]) => optionField(game, name, fallback)))),
    el("button", { type: "submit" }, t("Create a table")),
    el("p", { class: "problem", "aria-live": "polite" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = {};
    for (const input of form.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const value = readOption(input, game.options[name]);
      if (JSON.stringify(value) !== JSON.stringify(game.options[name])) chosen[name] = value;
    }
    const bots = {};
    for (const select of form.querySelectorAll("[data-seat]")) {
      if (select.value) bots[select.dataset.seat] = select.value;
    }
    const count = Number(players.value);
    const body = { game: game.game, options: chosen, players: count, bots, mode: mode.value };
    try {
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
      state.created = { ...table, title: game.title };
      drawCreated();
      refreshTables();
    } catch (error) {
      form.querySelector(".problem").textContent = error.message;
    }
  });
  return form;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("Copied");
  } catch {
    button.textContent = t("Select the link and copy it");
  }
}

function drawCreated() {
  const created = state.created;
  if (!created) return fill("created");
  const absolute = (path) => new URL(path, location.origin).href;
  fill("created", el("section", { class: "created", "aria-labelledby": "created-title" },
    el("h2", { id: "created-title" }, t("Table {table} is ready", { table: created.table })),
    el("p", {}, t("Send each player the link of their seat; whoever holds a link plays that seat.")),
    Object.entries(created.seats).map(([seat, link]) => {
      const address = absolute(link.url);
      const button = el("button", { type: "button", "data-copy": seat }, t("Copy the invitation link"));
      button.addEventListener("click", () => copy(address, button));
      return el("div", { class: "invite" },
        el("label", { for: `invite-${seat}` }, t("Seat {seat}", { seat })),
        el("input", { id: `invite-${seat}`, readonly: true, value: address, onfocus: (event) => event.target.select() }),
        button, el("a", { href: link.url }, t("Sit here")));
    }),
    el("p", {}, el("a", { href: created.watch }, t("Watch this table")))));
}

function seatLine(seat) {
  if (seat.bot) return t("Seat {seat}: bot {name}", { seat: seat.seat, name: seat.bot });
  if (!seat.free) return t("Seat {seat}: {name}", { seat: seat.seat, name: seat.name });
  return t("Seat {seat}: free", { seat: seat.seat });
}

function joinForm(table, seat) {
  const id = `join-${table.table}-${seat.seat}`;
  const input = el("input", { id, required: true, maxlength: 24, placeholder: t("Your name") });
  const problem = el("span", { class: "problem", "aria-live": "polite" });
  return el("form", { class: "join", onsubmit: async (event) => {
    event.preventDefault();
    try {
      const joined = await api(`/api/tables/${encodeURIComponent(table.table)}/join`,
        { method: "POST", body: JSON.stringify({ seat: seat.seat, name: input.value.trim() }) });
      location.href = joined.url;
    } catch (error) {
      problem.textContent = error.message;
    }
  } }, el("label", { for: id }, t("Your name")), " ", input, " ",
  el("button", { type: "submit" }, t("Join at seat {seat}", { seat: seat.seat })), problem);
}

function tableEntry(table) {
  return el("li", { "data-table": table.table },
    el("b", {}, `${table.title} · ${table.table}`), " ", table.status_text ?? "",
    el("ul", {}, table.seats.map((seat) => el("li", {}, seatLine(seat),
      seat.free && !seat.bot ? joinForm(table, seat) : null))),
    el("a", { href: `/tables/${encodeURIComponent(table.table)}` }, t("Watch")));
}

async function refreshTables() {
  if (document.getElementById("open")?.contains(document.activeElement)) return;  // someone is typing a name
  try {
    const [open, finished] = await Promise.all([api("/api/tables"), api("/api/finished")]);
    fill("open", open.length ? el("ul", {}, open.map(tableEntry)) : el("p", {}, t("No table is open.")));
    fill("finished", finished.length
      ? el("ul", {}, finished.map((table) => el("li", { "data-table": table.table },
        el("a", { href: `/replay/${encodeURIComponent(table.table)}` },
          t("{title}, table {table}: replay", { title: table.title, table: table.table })),
        " ", table.result ?? "")))
      : el("p", {}, t("No game has finished yet.")));
  } catch (error) {
    fill("open", el("p", { role: "alert" }, error.message));
  }
}

function layout() {
  document.title = t("Card room");
  fill(document.body,
    header(t("Card room"), layout),
    el("main", {},
      el("p", {}, t("Choose a game, set its table, and send the links to your friends; bots fill the other seats.")),
      el("div", { id: "created" }),
      el("section", { class: "games", "aria-label": t("The games") },
        state.games.map((game) => el("article", { class: "game", "data-game": game.game },
          el("h2", {}, game.title),
          el("p", {}, gameLine(game.game)),
          el("p", {}, game.min_players === game.max_players ? t("{count} players", { count: game.min_players })
            : t("{least} to {most} players", { least: game.min_players, most: game.max_players })),
          createForm(game)))),
      el("section", { class: "listing", "aria-labelledby": "open-title" },
        el("h2", { id: "open-title" }, t("Open tables")), el("div", { id: "open" })),
      el("section", { class: "listing", "aria-labelledby": "finished-title" },
        el("h2", { id: "finished-title" }, t("Finished games")), el("div", { id: "finished" }))));
  drawCreated();
  refreshTables();
}

async function start() {
  await loadWords(chosenLanguage());
  state.games = await api("/api/games");
  layout();
  setInterval(refreshTables, 5000);
}

start();
