// The lobby: the five games, a form to create a table (players, who sits where: a person invited by a link, a
// seat open to anyone, or a bot; the rules options with their defaults and a word on each), the links of a new
// table (the creator's own first), the tables with a seat open to anyone, the tables being played (to watch), and
// the finished games with their replays; for a logged-in player, his invitations and a form to invite account
// holders to the seats of a table he created.

import {
  api, chosenLanguage, el, fill, gameLine, header, levelWords, loadWords, optionChoices, optionWords, t, valueWords,
  whoIsThere,
} from "./common.js";
import { playNowForm, resume } from "./playnow.js";

const state = { games: [], created: null, account: null };
/** The time controls the lobby offers: seconds a decision, seconds of reserve (0: no clock). */
const CLOCKS = [[0, 0], [30, 300], [60, 600], [120, 900]];

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
      choices.map((choice) => el("option", { value: choice, selected: choice === fallback },
        valueWords(game.game, name, choice))));
  } else if (typeof fallback === "number" || fallback === null) {
    input = el("input", { type: "number", id, value: fallback ?? "", step: 1, "data-option": name });
  } else {
    input = el("input", { id, value: Array.isArray(fallback) ? fallback.join(",") : fallback, "data-option": name });
  }
  const shown = fallback === null ? t("no value") : typeof fallback === "boolean" ? (fallback ? t("yes") : t("no"))
    : Array.isArray(fallback) ? fallback.join(",") : choices.length ? valueWords(game.game, name, fallback)
      : String(fallback);
  return el("div", { class: "option" },
    el("label", { for: id }, optionWords(game.game, name) || name), " ", input,
    el("small", {}, t("By default: {value}", { value: shown })));
}

// A seat's choice: "invited" (a person with the seat's link), "open" (anyone may join it from the lobby), or
// "bot:NAME".
function seatChoices(game, players) {
  return el("fieldset", { class: "seats-choice" },
    el("legend", {}, t("Who sits where")),
    Array.from({ length: players }, (_, seat) => el("div", { class: "option" },
      el("label", { for: `${game.game}-seat-${seat}` }, t("Seat {seat}", { seat: seat + 1 })), " ",
      el("select", { id: `${game.game}-seat-${seat}`, "data-seat": seat },
        el("option", { value: "invited", selected: seat === 0 }, t("a person, invited by a link")),
        el("option", { value: "open" }, t("a person: anyone may join")),
        game.bots.map((bot) => el("option", { value: `bot:${bot}`, selected: seat !== 0 && bot === game.strongest },
          t("bot: {name}", { name: levelWords(bot) })))))));
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
    game.modes.map((name) => el("option", { value: name }, name === "table" ? t("table mode") : t("enforced"))));
  const name = el("input", { id: `${game.game}-name`, maxlength: 24, autocomplete: "nickname",
    placeholder: t("Your name"), value: state.account?.name, readonly: Boolean(state.account) });  // an account's
  // A logged-in player may make the table rated (docs/card-room.md, accounts): its seats are account holders'.
  const rated = state.account ? el("input", { type: "checkbox", id: `${game.game}-rated`, "data-rated": "" }) : null;
  const clock = el("select", { id: `${game.game}-clock` }, CLOCKS.map(([decision, reserve]) => el("option",
    { value: decision }, decision ? t("{decision} s a decision, {reserve} min in reserve",
      { decision, reserve: reserve / 60 }) : t("no clock"))));
  form.append(
    el("div", { class: "option" }, el("label", { for: `${game.game}-name` }, t("Your name, as the others will see it")),
      " ", name),
    el("div", { class: "option" }, el("label", { for: `${game.game}-players` }, t("Players")), " ", players),
    seats,
    el("div", { class: "option" }, el("label", { for: `${game.game}-mode` }, t("Mode")), " ", mode,
      el("small", {}, optionWords(game.game, "mode"))),
    el("div", { class: "option" }, el("label", { for: `${game.game}-clock` }, t("Time controls")), " ", clock),
    rated ? el("div", { class: "option" }, rated, " ", el("label", { for: `${game.game}-rated` },
      t("Rated: only account holders sit, and the game moves their ratings"))) : null,
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
    const access = {};
    for (const select of form.querySelectorAll("[data-seat]")) {
      if (select.value.startsWith("bot:")) bots[select.dataset.seat] = select.value.slice(4);
      else access[select.dataset.seat] = select.value;
    }
    const count = Number(players.value);
    const body = { game: game.game, options: chosen, players: count, bots, access, mode: mode.value };
    const mine = Object.entries(access).find(([, how]) => how === "invited");
    if (name.value.trim() && mine) body.names = { [mine[0]]: name.value.trim() };  // the creator's seat
    const chosenClock = CLOCKS.find(([decision]) => String(decision) === clock.value);
    if (rated?.checked) body.rated = true;
    if (chosenClock && chosenClock[0]) body.clock = { decision: chosenClock[0], reserve: chosenClock[1] };
    try {
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
      state.created = { ...table, title: game.title };
      drawCreated();
      const ready = document.getElementById("created-title");  // where the page is scrolled, the links show
      ready?.scrollIntoView({ block: "start" });
      ready?.focus();
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

/** A link to copy: its label, the address, a copy button (`key` names it for tests), and where it leads. */
function linkLine(key, label, path, copyLabel, goLabel) {
  const address = new URL(path, location.origin).href;
  const button = el("button", { type: "button", "data-copy": key }, copyLabel);
  button.addEventListener("click", () => copy(address, button));
  return el("div", { class: "invite" },
    el("label", { for: `invite-${key}` }, label),
    el("input", { id: `invite-${key}`, readonly: true, value: address, onfocus: (event) => event.target.select() }),
    button, el("a", { href: path }, goLabel));
}

function drawCreated() {
  const created = state.created;
  if (!created) return fill("created");
  const mine = created.creator_seat === null ? null : String(created.creator_seat);
  const invited = Object.entries(created.seats).filter(([seat]) => seat !== mine);
  fill("created", el("section", { class: "created", "aria-labelledby": "created-title" },
    el("h2", { id: "created-title", tabindex: -1 }, t("Table {table} is ready", { table: created.table })),
    mine !== null
      ? [el("p", {}, t("Your seat is seat {seat}; its link also lets you hand an absent player's seat to a bot. Keep it to yourself.", { seat: Number(mine) + 1 })),
      linkLine(mine, t("Seat {seat} (yours)", { seat: Number(mine) + 1 }), created.seats[mine].url, t("Copy your link"),
        t("Sit here"))]
      : [el("p", {}, t("Keep this link to yourself: it lets you hand an absent player's seat to a bot.")),
        linkLine("owner", t("The creator's link"), created.owner.url, t("Copy your link"), t("Watch this table"))],
    invited.length
      ? el("p", {}, t("Send each invited player the link of their seat: the seat is kept for whoever holds it."))
      : null,
    invited.flatMap(([seat, link]) => [linkLine(seat, t("Seat {seat}", { seat: Number(seat) + 1 }), link.url,
      t("Copy the invitation link"), t("Open")), state.account ? inviteForm(created, Number(seat)) : null]),
    el("p", {}, el("a", { href: created.watch }, t("Watch this table")))));
}

/** A logged-in creator invites an account holder, by name, to a seat of the table he has just created. */
function inviteForm(created, seat) {
  const id = `invite-name-${seat}`;
  const input = el("input", { id, required: true, maxlength: 24 });
  const said = el("span", { class: "problem", "aria-live": "polite" });
  return el("form", { class: "invite-account", "data-seat": seat, onsubmit: async (event) => {
    event.preventDefault();
    try {
      const sent = await api(`/api/tables/${encodeURIComponent(created.table)}/invitations?owner=${
        encodeURIComponent(created.owner.token)}`, { method: "POST", body: JSON.stringify(
        { seat, name: input.value.trim() }) });
      said.className = "done";
      said.textContent = t("Invitation sent to {name}", { name: sent.to });
    } catch (error) {
      said.className = "problem";
      said.textContent = error.message;
    }
  } }, el("label", { for: id }, t("Or invite an account holder to seat {seat}", { seat: seat + 1 })), " ", input,
  " ", el("button", { type: "submit" }, t("Invite")), " ", said);
}

/** The logged-in player's invitations: accepting one sits him at its seat (its page opens). */
async function refreshInvitations() {
  if (!state.account) return;
  let waiting = [];
  try { waiting = await api("/api/invitations"); } catch { return; }
  const answer = async (invitation, how) => {
    const done = await api(`/api/invitations/${invitation.invitation}/${how}`, { method: "POST" });
    if (how === "accept") location.href = done.url;
    else refreshInvitations();
  };
  fill("invitations", waiting.length ? el("ul", {}, waiting.map((invitation) => el("li",
    { "data-invitation": invitation.invitation },
    t("{name} invites you to seat {seat} of table {table}", { name: invitation.from, seat: invitation.seat + 1,
      table: invitation.table }), " ",
    el("button", { type: "button", "data-answer": "accept", onclick: () => answer(invitation, "accept") }, t("Accept")),
    " ",
    el("button", { type: "button", "data-answer": "decline", onclick: () => answer(invitation, "decline") },
      t("Decline"))))) : el("p", {}, t("No invitation is waiting for you.")));
}

/** What a lobby visitor reads of a seat: a bot's, taken by a player, reserved for an invited one, or open. */
function seatLine(seat) {
  switch (seat.state) {
    case "bot": return t("Seat {seat}: bot {name}", { seat: seat.seat + 1, name: levelWords(seat.bot) });
    case "taken": return seat.name ? t("Seat {seat}: {name}", { seat: seat.seat + 1, name: seat.name })
      : t("Seat {seat}: taken", { seat: seat.seat + 1 });
    case "reserved": return seat.name ? t("Seat {seat}: reserved for {name}", { seat: seat.seat + 1, name: seat.name })
      : t("Seat {seat}: reserved for an invited player", { seat: seat.seat + 1 });
    default: return t("Seat {seat}: open to anyone", { seat: seat.seat + 1 });
  }
}

function joinForm(table, seat) {
  const id = `join-${table.table}-${seat.seat}`;
  const input = el("input", { id, required: true, maxlength: 24, placeholder: t("Your name"),
    value: state.account?.name, readonly: Boolean(state.account) });  // a logged-in player sits as his account
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
  el("button", { type: "submit" }, t("Join at seat {seat}", { seat: seat.seat + 1 })), problem);
}

function tableEntry(table) {
  return el("li", { "data-table": table.table },
    el("b", {}, `${table.title} · ${table.table}`), " ",
    table.rated ? [el("span", { class: "rated", "data-rated": "" }, t("rated")), " "] : null, table.status_text ?? "",
    el("ul", {}, table.seats.map((seat) => el("li", { "data-seat": seat.seat, "data-state": seat.state },
      seatLine(seat), seat.state === "open" ? joinForm(table, seat) : null))),
    el("a", { href: `/tables/${encodeURIComponent(table.table)}` }, t("Watch")));
}

async function refreshTables() {
  if (document.getElementById("open")?.contains(document.activeElement)) return;  // someone is typing a name
  try {
    const [tables, finished] = await Promise.all([api("/api/tables"), api("/api/finished")]);
    const open = tables.filter((table) => table.joinable);
    const played = tables.filter((table) => !table.joinable);
    fill("open", open.length ? el("ul", {}, open.map(tableEntry)) : el("p", {}, t("No seat is open to anyone.")));
    fill("played", played.length ? el("ul", {}, played.map(tableEntry)) : el("p", {}, t("No table to watch.")));
    fill("finished", finished.length
      ? el("ul", {}, finished.map((table) => el("li", { "data-table": table.table },
        el("a", { href: `/replay/${encodeURIComponent(table.table)}` },
          t("{title}, table {table}: replay", { title: table.title, table: table.table })),
        " ", table.names?.length ? t("{names}, finished {date}", { names: table.names.join(", "),
          date: new Date(table.finished ?? table.created).toLocaleString(document.documentElement.lang,
            { dateStyle: "medium", timeStyle: "short" }) }) : "", " ", table.result ?? "",
        table.rated ? [" ", el("span", { class: "rated", "data-rated": "" }, t("rated"))] : null)))
      : el("p", {}, t("No game has finished yet.")));
  } catch (error) {
    fill("open", el("p", { role: "alert" }, error.message));
  }
}

function layout() {
  document.title = t("Card room");
  fill(document.body,
    header(t("Card room"), layout, state.account),
    el("main", {},
      state.account ? el("section", { class: "listing", "aria-labelledby": "invitations-title" },
        el("h2", { id: "invitations-title" }, t("Your invitations")), el("div", { id: "invitations" })) : null,
      el("p", {}, t("Choose a game, set its table, and send the links to your friends; bots fill the other seats.")),
      el("p", {}, el("a", { id: "referee-link", href: `/referee?lang=${document.documentElement.lang}` },
        t("Ask the referee what the laws say when something goes wrong at a real table"))),
      el("p", {}, el("a", { id: "daily-link", href: `/daily?lang=${document.documentElement.lang}` },
        t("The board of the day: the same cards for everyone today, against the bots"))),
      el("p", {}, el("a", { id: "events-link", href: `/events?lang=${document.documentElement.lang}` },
        t("Duplicate events: the same cards at every table"))),
      el("div", { id: "queue" }),
      el("div", { id: "created" }),
      el("section", { class: "games", "aria-label": t("The games") },
        state.games.map((game) => el("article", { class: "game", "data-game": game.game },
          el("h2", {}, game.title),
          el("p", {}, gameLine(game.game)),
          el("p", {}, el("a", { class: "leaderboard-link",
            href: `/leaderboard/${encodeURIComponent(game.game)}?lang=${document.documentElement.lang}` },
            t("Leaderboard"))),
          el("p", {}, game.min_players === game.max_players ? t("{count} players", { count: game.min_players })
            : t("{least} to {most} players", { least: game.min_players, most: game.max_players })),
          playNowForm(game, state.games, state.account),
          createForm(game)))),
      el("section", { class: "listing", "aria-labelledby": "open-title" },
        el("h2", { id: "open-title" }, t("Seats open to anyone")), el("div", { id: "open" })),
      el("section", { class: "listing", "aria-labelledby": "played-title" },
        el("h2", { id: "played-title" }, t("Tables to watch")),
        el("p", {}, t("Their seats are taken or kept for invited players; anyone may watch.")),
        el("div", { id: "played" })),
      el("section", { class: "listing", "aria-labelledby": "finished-title" },
        el("h2", { id: "finished-title" }, t("Finished games")), el("div", { id: "finished" }))));
  drawCreated();
  refreshTables();
  refreshInvitations();
}

async function start() {
  await loadWords(chosenLanguage());
  [state.games, state.account] = await Promise.all([api("/api/games"), whoIsThere()]);
  layout();
  resume(state.games);
  setInterval(() => { refreshTables(); refreshInvitations(); }, 5000);
}

start();
