// The referee of a real table: the person picks the game, answers one question a screen about what happened, and
// reads the ruling. The questions and rulings come from /api/referee in the page's language; the address keeps the
// game and the answers (?game=ecarte&answers=3,1), so the browser's back button and a shared link work too.

import { api, chosenLanguage, el, fill, header, loadWords } from "./common.js";

let words = {};
let games = [];
let trees = {};

/** One of the page's own sentences, its {blanks} filled. */
function say(message, values = {}) {
  const text = words[message] ?? message;
  return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The game and answers the address names. */
function place() {
  const query = new URLSearchParams(location.search);
  const game = query.get("game");
  const text = query.get("answers") ?? "";
  const answers = text === "" ? [] : text.split(",").map(Number);
  return { game: games.some((g) => g.game === game) ? game : null, answers };
}

/** Go to a game and answers, keeping them in the address (a new entry of the browser's history). */
function go(game, answers) {
  const url = new URL(location.href);
  if (game) url.searchParams.set("game", game); else url.searchParams.delete("game");
  if (answers.length) url.searchParams.set("answers", answers.join(",")); else url.searchParams.delete("answers");
  history.pushState(null, "", url);
  draw();
}

async function tree(game) {
  const key = `${game}/${document.documentElement.lang}`;
  trees[key] ??= await api(`/api/referee/${encodeURIComponent(game)}`);
  return trees[key];
}

function walk(node, answers) {
  const taken = [];
  for (const answer of answers) {
    if (!node.choices || !node.choices[answer]) break;
    // a follow-up's answer ("Yes") says little without its question; the first two speak for themselves
    const answered = node.choices[answer].answer;
    taken.push(node.key === "moment" || node.key === "act" ? answered : `${node.text} ${answered}`);
    node = node.choices[answer].then;
  }
  return { node, taken };
}

function backButton(game, answers) {
  return el("button", { class: "back", onclick: () => (answers.length ? go(game, answers.slice(0, -1)) : go(null, [])) },
    `← ${say("Back")}`);
}

function trail(taken) {
  if (!taken.length) return null;
  return el("ol", { class: "trail", "aria-label": say("Your answers") }, taken.map((answer) => el("li", {}, answer)));
}

function gameScreen() {
  return el("section", { class: "referee-step" },
    el("p", { class: "intro" }, say("The laws, asked and answered: say what happened at your table, one question at a time.")),
    el("h2", {}, say("Which game?")),
    el("ul", { class: "answers" }, games.map((g) => el("li", {},
      el("button", { class: "answer", dataset: { game: g.game }, onclick: () => go(g.game, []) }, g.title)))));
}

function questionScreen(game, answers, node, taken) {
  return el("section", { class: "referee-step" },
    trail(taken),
    el("h2", { dataset: { question: node.key } }, node.text),
    el("ul", { class: "answers" }, node.choices.map((choice, index) => el("li", {},
      el("button", { class: "answer", dataset: { index, act: choice.act }, onclick: () => go(game, [...answers, index]) },
        choice.answer)))),
    el("nav", { class: "steps" }, backButton(game, answers)));
}

function rulingScreen(game, answers, ruling, taken) {
  const parts = [trail(taken)];
  if (ruling.law === null) {
    parts.push(el("h2", { class: "ruling custom", dataset: { law: "" } }, ruling.words));
  } else {
    parts.push(el("h2", { class: "ruling", dataset: { law: ruling.law } }, say("Ruling under {law}", { law: ruling.law })));
    parts.push(el("p", { class: "law-words" }, el("span", { class: "label" }, say("The law, in our words")), " ",
      ruling.words));
    for (const quoted of ruling.seed) {
      parts.push(el("figure", { class: "seed" },
        el("figcaption", {}, `${ruling.seed_translated ? say("The seed, in our translation") : say("The seed")} (${quoted.law})`),
        el("blockquote", { lang: ruling.seed_translated ? document.documentElement.lang : "fr" }, quoted.text)));
    }
    if (ruling.remedies.length) {
      parts.push(el("h3", {}, ruling.chooser ? say("{who} chooses", { who: ruling.chooser }) : say("The table rules")));
      parts.push(el("ul", { class: "remedies" }, ruling.remedies.map((remedy) =>
        el("li", { dataset: { remedy: remedy.name } }, remedy.does))));
    }
    if (ruling.related.length) {
      parts.push(el("p", { class: "related" }, `${say("Related laws")}: ${ruling.related.join(", ")}`));
    }
    for (const note of ruling.notes) parts.push(el("p", { class: "note" }, note));
  }
  parts.push(el("nav", { class: "steps" }, backButton(game, answers),
    el("button", { class: "again", onclick: () => go(null, []) }, say("Start again"))));
  return el("section", { class: "referee-step" }, parts);
}

async function draw() {
  const main = document.getElementById("referee");
  const { game, answers } = place();
  try {
    if (!game) {
      fill(main, gameScreen());
      return;
    }
    const { node, taken } = walk((await tree(game)).tree, answers);
    if (node.choices) {
      fill(main, questionScreen(game, answers, node, taken));
    } else {
      const answered = await api(`/api/referee/${encodeURIComponent(game)}/ruling?answers=${answers.join(",")}`);
      fill(main, rulingScreen(game, answers, answered.ruling, taken));
    }
  } catch (error) {
    fill(main, el("p", { class: "problem", role: "alert" }, String(error.message ?? error)),
      el("nav", { class: "steps" }, el("button", { class: "again", onclick: () => go(null, []) }, say("Start again"))));
  }
}

async function start(lang) {
  await loadWords(lang);
  const listed = await api(`/api/referee?lang=${encodeURIComponent(lang)}`);
  words = listed.words;
  games = listed.games;
  document.title = `${say("Referee")} · Académie`;
  fill(document.body, header(say("Referee"), (chosen) => start(chosen)),
    el("main", { id: "referee", class: "referee", tabindex: "-1", "aria-live": "polite" }));
  await draw();
  document.body.dataset.ready = "1";
}

window.addEventListener("popstate", () => draw());
start(chosenLanguage());
