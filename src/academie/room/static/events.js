// The events (issue 36): duplicate for people. The events of the room, newest first, and for a logged-in organiser
// a form to create one: its game, boards, boards per round, table size, time per round, a start time or "when
// full", rated or not.

import { api, chosenLanguage, el, fill, header, loadWords, t, whoIsThere } from "./common.js";

const state = { games: [], account: null };

function statusWords(status) {
  return { registering: t("registering"), playing: t("being played"), finished: t("over") }[status] ?? status;
}

async function refresh() {
  try {
    const events = await api("/api/events");
    fill("events", events.length ? el("ul", { class: "events" }, events.map((event) => el("li", { "data-event": event.id },
      el("a", { href: `${event.url}?lang=${document.documentElement.lang}` }, event.title), " · ",
      t("{title}, {boards} boards", { title: event.title_of_game, boards: event.boards }), " · ",
      statusWords(event.status), " · ",
      t("{count} players registered", { count: event.registered }))))
      : el("p", {}, t("No event yet.")));
  } catch (error) {
    fill("events", el("p", { role: "alert" }, error.message));
  }
}

function field(id, label, input) {
  return el("div", { class: "option" }, el("label", { for: id }, label), " ", input);
}

function createForm() {
  if (!state.account) {
    return el("p", {}, el("a", { href: "/account" }, t("Log in to organise an event.")));
  }
  const games = state.games.filter((game) => game.duplicate);
  const game = el("select", { id: "event-game" }, games.map((one) => el("option", { value: one.game }, one.title)));
  const size = el("select", { id: "event-players" });
  const sizes = () => {
    const chosen = games.find((one) => one.game === game.value);
    fill(size, Array.from({ length: chosen.max_players - chosen.min_players + 1 }, (_, index) =>
      el("option", { value: chosen.min_players + index }, t("{count} players", { count: chosen.min_players + index }))));
    size.disabled = chosen.min_players === chosen.max_players;
  };
  game.addEventListener("change", sizes);
  const title = el("input", { id: "event-title", required: true, maxlength: 24 });
  const boards = el("input", { id: "event-boards", type: "number", min: 1, max: 60, value: 4 });
  const perRound = el("input", { id: "event-per-round", type: "number", min: 1, max: 60, value: 2 });
  const minutes = el("input", { id: "event-minutes", type: "number", min: 1, max: 240, value: 15 });
  const starts = el("input", { id: "event-starts", type: "datetime-local" });
  const capacity = el("input", { id: "event-capacity", type: "number", min: 2, max: 400 });
  const rated = el("input", { id: "event-rated", type: "checkbox" });
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const form = el("form", { id: "new-event", "aria-labelledby": "new-event-title" },
    el("h2", { id: "new-event-title" }, t("Organise an event")),
    field("event-title", t("Title"), title), field("event-game", t("Game"), game),
    field("event-players", t("Players"), size), field("event-boards", t("Boards"), boards),
    field("event-per-round", t("Boards per round"), perRound),
    field("event-minutes", t("Minutes per round"), minutes),
    field("event-starts", t("Starts at (empty: when full, or when you start it)"), starts),
    field("event-capacity", t("Players it takes (empty: no limit)"), capacity),
    field("event-rated", t("Rated"), rated),
    el("button", { type: "submit" }, t("Create the event")), problem);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = games.find((one) => one.game === game.value);
    try {
      const created = await api("/api/events", { method: "POST", body: JSON.stringify({
        title: title.value.trim(), game: game.value, boards: Number(boards.value),
        boards_per_round: Number(perRound.value), round_seconds: 60 * Number(minutes.value),
        players: chosen.min_players === chosen.max_players ? null : Number(size.value),
        starts: starts.value ? new Date(starts.value).toISOString() : null,
        capacity: capacity.value ? Number(capacity.value) : null, rated: rated.checked,
      }) });
      location.href = `${created.url}?lang=${document.documentElement.lang}`;
    } catch (error) {
      problem.textContent = error.message;
    }
  });
  queueMicrotask(sizes);
  return form;
}

function layout() {
  document.title = t("Events");
  fill(document.body,
    header(t("Events"), layout, state.account),
    el("main", { class: "events-page" },
      el("p", {}, t("Duplicate: every table plays the same cards, and each result is compared with theirs.")),
      el("section", { class: "listing", "aria-labelledby": "events-title" },
        el("h2", { id: "events-title" }, t("Events")), el("div", { id: "events" })),
      createForm()));
  refresh();
}

async function start() {
  await loadWords(chosenLanguage());
  [state.games, state.account] = await Promise.all([api("/api/games"), whoIsThere()]);
  layout();
  setInterval(refresh, 5000);
}

start();
