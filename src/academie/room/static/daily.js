// The board of the day (issue 36): today's boards of every game, each played against the bots alone, once; then
// the reader's result against everyone who played it at his place (matchpoints, percentage, and at Whist the
// difference scale) and against the strongest bots, with each table's replay and review. The results of a board
// are asked for only once the room says the reader has finished it: before that it refuses them.

import { api, chosenLanguage, el, fill, gameLine, header, loadWords, percent, t, whoIsThere } from "./common.js";

const state = { day: null, account: null, shown: new Set() };

function storedName() {
  try { return localStorage.getItem("academie.name") ?? ""; } catch { return ""; }
}

function setName(name) {
  try { localStorage.setItem("academie.name", name); } catch { /* storage may be refused */ }
}


/** The form that sits the reader at a board: his name (a logged-in player plays as his account). */
function playForm(game, board) {
  const id = `${game.game}-${board.number}`;
  const name = el("input", { id: `${id}-name`, required: true, maxlength: 24, autocomplete: "nickname",
    value: state.account?.name ?? storedName(), readonly: Boolean(state.account) });
  const form = el("form", { class: "daily-play" },
    el("div", { class: "option" }, el("label", { for: `${id}-name` }, t("Your name")), " ", name),
    el("button", { type: "submit" }, t("Play against the bots")),
    el("p", { class: "problem", "aria-live": "polite" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!state.account) setName(name.value.trim());
    try {
      const answer = await api(`/api/daily/${encodeURIComponent(game.game)}/${board.number}/play`,
        { method: "POST", body: JSON.stringify({ name: name.value.trim() }) });
      location.href = `${answer.url}&lang=${document.documentElement.lang}`;
    } catch (error) {
      form.querySelector(".problem").textContent = error.message;
    }
  });
  return form;
}

/** A board's results: the reader's line, the travelling sheet at his place, the bots' mark. */
function resultsView(results) {
  const imps = results.scales.includes("imps");
  const lang = document.documentElement.lang;
  const line = (entry) => el("tr", { class: entry.yours ? "yours" : null },
    el("th", { scope: "row" }, el("a", { href: `${entry.replay}?lang=${lang}` },
      entry.yours ? t("{name} (you)", { name: entry.name }) : entry.name)),
    el("td", {}, String(entry.points)),
    el("td", {}, `${entry.matchpoints}/${entry.top}`),
    el("td", {}, percent(entry.percentage)),
    imps ? el("td", {}, entry.imps === null ? "–" : String(entry.imps)) : null);
  const bots = results.bots;
  return el("div", { class: "daily-results" },
    el("p", { class: "daily-yours" }, t("You scored {points}: {percentage} of the matchpoints on these cards.",
      { points: results.yours.points, percentage: percent(results.yours.percentage) })),
    el("p", {}, t("Results on the same cards: {count}", { count: results.players })),
    el("p", { class: "daily-bots" }, t("The strongest bots ({bot}) scored {points} with your cards: {verdict}",
      { bot: bots.bot, points: bots.points,
        verdict: bots.matchpoints === 2 ? t("you did better.") : bots.matchpoints === 1 ? t("you did as well.")
          : t("they did better.") })
      + (imps && bots.imps !== null ? ` ${t("Difference scale: {imps}.", { imps: bots.imps })}` : "")),
    el("div", { class: "daily-sheet" },
      el("table", {},
        el("caption", {}, t("Everyone who held your cards (each name opens the replay and its review)")),
        el("thead", {}, el("tr", {},
          el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Points")),
          el("th", { scope: "col" }, t("Matchpoints")), el("th", { scope: "col" }, t("Percentage")),
          imps ? el("th", { scope: "col" }, t("Difference scale")) : null)),
        el("tbody", {}, results.sheet.map(line)))),
    el("p", {}, el("a", { href: `${results.yours.replay}?review=1&lang=${lang}` }, t("Your replay and its review"))));
}

async function showResults(game, board, place, count) {
  try {
    const results = await api(`/api/daily/${encodeURIComponent(game.game)}/${board.number}`);
    fill(count, t("Players who have finished it: {count}", { count: results.players }));  // as many as now
    fill(place, resultsView(results));
  } catch (error) {
    fill(place, el("p", { class: "problem", role: "alert" }, error.message));
  }
}

function boardView(game, board) {
  const id = `${game.game}-${board.number}-results`;
  const results = el("div", { id });
  const title = t("Board {number}", { number: board.number });
  const played = el("p", {}, t("Players who have finished it: {count}", { count: board.players }));
  let action = null;
  if (board.state === "new") action = playForm(game, board);
  else if (board.state === "playing") {
    action = el("p", {}, el("a", { class: "button", href: `${board.url}&lang=${document.documentElement.lang}` },
      t("Back to your table")));
  } else {
    action = el("p", {}, el("button", { type: "button", "aria-controls": id, onclick: () => {
      state.shown.add(id);
      showResults(game, board, results, played);
    } }, t("See the results")));
    if (state.shown.has(id)) showResults(game, board, results, played);
  }
  return el("section", { class: "daily-board", "data-board": board.number, "data-state": board.state },
    el("h3", {}, title), played, action, results);
}

function layout() {
  const day = new Date(`${state.day.day}T12:00:00Z`).toLocaleDateString(document.documentElement.lang,
    { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  fill(document.body,
    header(t("Board of the day"), layout, state.account),
    el("main", { class: "daily" },
      el("p", {},
        t("The same cards for everyone today: play them against the bots, alone, whenever you like, then see how you did against everyone who held them.")),
      el("p", { class: "daily-day" }, t("Boards of {day}", { day })),
      el("p", { class: "note" }, t("Nobody sees a board's cards, results or replays before having played it.")),
      el("div", { class: "games" },
        state.day.games.map((game) => el("article", { class: "game", "data-game": game.game },
          el("h2", {}, game.title),
          el("p", {}, gameLine(game.game)),
          game.boards.map((board) => boardView(game, board)))))));
}

async function start() {
  await loadWords(chosenLanguage());
  [state.day, state.account] = await Promise.all([api("/api/daily"), whoIsThere()]);
  layout();
}

start();
