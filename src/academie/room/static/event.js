// An event (issue 36): what it plays and when, its players; register (an account, or a guest by name, whose token
// this browser keeps), the organiser's controls (fill with bots, start); while it is played, your table's link and
// the round's clock; the ranking and each board's travelling score sheet once its round is over (matchpoints, the
// replay of each table, what the strongest bot scored on the same cards). It asks again every two seconds.

import { api, chosenLanguage, el, fill, header, levelWords, loadWords, percent, t, whoIsThere } from "./common.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const KEPT = `academie.event.${id}`;
const state = { account: null, event: null, results: null, games: [] };

function guestToken() {
  try { return localStorage.getItem(KEPT); } catch { return null; }
}

function keepToken(token) {
  try { localStorage.setItem(KEPT, token); } catch { /* storage may be refused */ }
}

function withToken(path) {
  const token = guestToken();
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

function statusWords(status) {
  return { registering: t("registering"), playing: t("being played"), finished: t("over") }[status] ?? status;
}

async function act(path, body, problem) {
  try {
    const answer = await api(withToken(path), { method: "POST", body: JSON.stringify(body ?? {}) });
    await refresh();
    return answer;
  } catch (error) {
    problem.textContent = error.message;
    return null;
  }
}

function registration(event) {
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const you = event.you;
  if (event.status !== "registering") return null;
  if (you) {
    return el("section", { id: "registration" }, el("p", {}, t("You are registered as {name}.", { name: you.name })),
      el("button", { type: "button", id: "unregister", onclick: () => act(`/api/events/${id}/unregister`, null, problem) },
        t("Unregister")), problem);
  }
  const name = el("input", { id: "register-name", maxlength: 24, required: !state.account,
    value: state.account?.name ?? "", readonly: Boolean(state.account), autocomplete: "nickname" });
  const form = el("form", { id: "register" }, el("label", { for: "register-name" }, t("Your name")), " ", name, " ",
    el("button", { type: "submit" }, t("Register")), problem);
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const answer = await act(`/api/events/${id}/register`, state.account ? {} : { name: name.value.trim() }, problem);
    if (answer?.token) {
      keepToken(answer.token);
      await refresh();
    }
  });
  return form;
}

function organiser(event) {
  if (!event.organiser || event.status !== "registering") return null;
  const game = state.games.find((one) => one.game === event.game);
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const level = el("select", { id: "bots-level" }, (game?.bots ?? []).map((bot) =>
    el("option", { value: bot, selected: bot === game.strongest }, levelWords(bot))));
  const count = el("input", { id: "bots-count", type: "number", min: 1, max: 400 });
  return el("section", { id: "organiser", "aria-labelledby": "organiser-title" },
    el("h2", { id: "organiser-title" }, t("Organiser")),
    el("div", { class: "option" }, el("label", { for: "bots-level" }, t("Bots for the empty places")), " ", level),
    el("div", { class: "option" }, el("label", { for: "bots-count" }, t("How many (empty: enough for whole tables)")),
      " ", count),
    el("button", { type: "button", id: "add-bots", onclick: () => act(`/api/events/${id}/bots`,
      { bot: level.value, count: count.value ? Number(count.value) : null }, problem) }, t("Fill the tables with bots")),
    " ", el("button", { type: "button", id: "start-event", onclick: () => act(`/api/events/${id}/start`, null, problem) },
      t("Start the event")), problem);
}

function yourTable(event) {
  const you = event.you;
  if (event.status !== "playing" || !you) return null;
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const clock = event.round_left === null ? "" : t("{seconds} s left in this round", { seconds: Math.round(event.round_left) });
  return el("section", { id: "your-table", "aria-labelledby": "your-table-title" },
    el("h2", { id: "your-table-title" }, t("Round {round} of {rounds}", { round: event.round, rounds: event.rounds })),
    el("p", { class: "clock" }, clock),
    you.left ? el("p", {}, t("You left the event: a bot plays for you."))
      : you.url && !you.finished ? el("p", {}, el("a", { id: "to-table", href: `${you.url}&lang=${document.documentElement.lang}` },
        t("To your table: board {board}", { board: you.board })))
        : el("p", {}, t("Waiting for the other tables to finish the round.")),
    you.left ? null : el("button", { type: "button", id: "leave-event",
      onclick: () => act(`/api/events/${id}/leave`, null, problem) }, t("Leave the event")), problem);
}


function ranking(results) {
  if (!results?.ranking.length) return el("p", {}, t("The ranking shows once a round is over."));
  const imps = results.ranking.some((line) => line.imps !== null);
  return el("div", { class: "scroll" }, el("table", { id: "ranking" },
    el("caption", {}, t("Ranking after {rounds} rounds", { rounds: results.rounds_over })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Rank")), el("th", { scope: "col" }, t("Entrant")),
      el("th", { scope: "col" }, t("Matchpoints")), el("th", { scope: "col" }, t("Percentage")),
      imps ? el("th", { scope: "col" }, t("Difference scale")) : null)),
    el("tbody", {}, results.ranking.map((line) => el("tr", { "data-entrant": line.entrant },
      el("td", {}, line.rank), el("th", { scope: "row" }, line.names),
      el("td", { class: "matchpoints" }, `${line.matchpoints}/${line.top}`),
      el("td", { class: "percentage" }, percent(line.percentage)),
      imps ? el("td", { class: "imps" }, line.imps ?? "") : null)))));
}

function sheets(results) {
  if (!results?.boards.length) return null;
  return results.boards.map((sheet) => el("div", { class: "scroll" }, el("table", { class: "sheet", "data-board": sheet.board },
    el("caption", {}, t("Board {board}", { board: sheet.board }),
      sheet.bot ? [" · ", t("the strongest bot ({level}) scored {points}",
        { level: levelWords(sheet.bot.level), points: sheet.bot.points.join(" / ") })] : null),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("Place")), el("th", { scope: "col" }, t("Entrant")),
      el("th", { scope: "col" }, t("Points")), el("th", { scope: "col" }, t("Matchpoints")),
      sheet.results.some((line) => line.imps !== null) ? el("th", { scope: "col" }, t("Difference scale")) : null,
      el("th", { scope: "col" }, t("Replay")))),
    el("tbody", {}, sheet.results.map((line) => el("tr", { "data-entrant": line.entrant },
      el("td", {}, line.place + 1), el("th", { scope: "row" }, line.names, line.marked ? ` (${t("a bot played")})` : ""),
      el("td", { class: "points" }, line.points), el("td", { class: "matchpoints" }, `${line.matchpoints}/${line.top}`),
      sheet.results.some((one) => one.imps !== null) ? el("td", { class: "imps" }, line.imps ?? "") : null,
      el("td", {}, line.replay ? [
        el("a", { href: `${line.replay}?lang=${document.documentElement.lang}` }, t("Replay")), " · ",
        el("a", { href: `${line.replay}?review=1&lang=${document.documentElement.lang}` }, t("Review"))] : "")))))));
}

function draw() {
  const event = state.event;
  if (!event) return;
  document.title = event.title;
  fill(document.body,
    header(event.title, draw, state.account),
    el("main", { class: "event-page", "data-status": event.status },
      el("p", { id: "event-summary" }, t("{title}, {boards} boards", { title: event.title_of_game, boards: event.boards }),
        " · ", t("{rounds} rounds, boards per round: {count}", { rounds: event.rounds, count: event.boards_per_round }),
        " · ", statusWords(event.status)),
      registration(event), organiser(event), yourTable(event),
      el("section", { "aria-labelledby": "players-title" },
        el("h2", { id: "players-title" }, t("{count} players registered", { count: event.registered })),
        el("ul", { id: "players" }, event.players.map((player) => el("li", {}, player.name,
          player.bot ? ` (${levelWords(player.bot)})` : "", player.left ? ` (${t("left")})` : "")))),
      el("section", { "aria-labelledby": "results-title" },
        el("h2", { id: "results-title" }, event.status === "finished" ? t("Results") : t("Ranking so far")),
        ranking(state.results), sheets(state.results))));
}

async function refresh() {
  try {
    [state.event, state.results] = await Promise.all([api(withToken(`/api/events/${id}`)),
      api(`/api/events/${id}/results`)]);
    draw();
  } catch (error) {
    fill(document.body, el("main", {}, el("p", { role: "alert" }, error.message)));
  }
}

async function start() {
  await loadWords(chosenLanguage());
  [state.games, state.account] = await Promise.all([api("/api/games"), whoIsThere()]);
  await refresh();
  setInterval(() => { if (!document.querySelector("form:focus-within")) refresh(); }, 2000);
}

start();
