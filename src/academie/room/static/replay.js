// The replay page: a finished game stepped through action by action (buttons or the keyboard's arrows), from
// any seat's view or with all hands shown, each deal's result, and the record to download; its review beside it.

import { api, chosenLanguage, el, fill, header, loadWords, t } from "./common.js";
import { aroundTable, face, Regions, seatBox, tallyView, trickView, withLaws } from "./picture.js";
import { ReviewPanel } from "./review.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const regions = new Regions();
const page = { replay: null, step: 0, viewer: "all" };
const review = new ReviewPanel(tableId, () => page.replay, go, () => page.step);

/** The picture the page shows at a step (the current one by default): a seat's, or the public one (with all
hands beside it). */
function shown(step = page.replay.steps[page.step]) {
  return page.viewer === "all" ? step.public : step.seats[Number(page.viewer)];
}

/** The steps where a deal (or the game) ended: where the shown picture's result changes to a new text. */
function results() {
  const found = [];
  let before = "";
  page.replay.steps.forEach((step, index) => {
    const result = shown(step).result;
    if (result && result !== before) found.push({ index, result });
    before = result;
  });
  return found;
}

function go(index) {
  const last = page.replay.steps.length - 1;
  page.step = Math.max(0, Math.min(last, index));
  draw();
}

function draw() {
  const replay = page.replay;
  const picture = shown();
  const step = replay.steps[page.step];
  fill("position", t("Step {step} of {steps}", { step: page.step, steps: replay.steps.length - 1 }));
  document.body.dataset.step = String(page.step);
  regions.update("status", { status: picture.status, waiting: picture.waiting_for }, () => [
    el("p", { class: "status" }, picture.status), el("p", {}, picture.waiting_for)]);
  regions.update("seats", { seats: picture.seats, to_act: picture.to_act, viewer: picture.viewer,
    hand: picture.hand.length }, () => aroundTable(picture).map((seat) => seatBox(picture, seat, null)));
  regions.update("centre", { trump: picture.trump, table: picture.table, trick: picture.trick,
    last: picture.last_trick, extra: picture.extra }, () => [
    picture.trump ? el("p", { class: "trump" }, t("Trumps: {trump}", { trump: picture.trump })) : null,
    ...picture.table.map(([label, cards]) => el("div", { class: "lying" }, el("span", {}, label),
      el("div", { class: "cards" }, cards.map(face)))),
    ...picture.extra.map(([label, value]) => el("p", { class: "extra" }, t("{label}: {value}", { label, value }))),
    picture.trick && picture.trick.plays.length
      ? trickView(picture, picture.trick, t("Trick {number}", { number: picture.trick.number })) : null,
    picture.last_trick
      ? trickView(picture, picture.last_trick, t("Last trick: {number}", { number: picture.last_trick.number }))
      : null,
  ]);
  const hands = page.viewer === "all"
    ? step.seats.map((seat, index) => ({ name: replay.names?.[index] ?? t("Seat {seat}", { seat: index + 1 }),
      hand: seat.hand }))
    : [{ name: t("Hand"), hand: picture.hand }];
  regions.update("hands", hands, () => hands.map(({ name, hand }, index) => el("div", { class: "hand-line",
    "data-seat": page.viewer === "all" ? index : page.viewer },
  el("b", {}, name), el("div", { class: "cards" }, hand.map(face)))));
  regions.update("tallies", picture.tallies, (tallies) => tallies.map(tallyView));
  regions.update("result", picture.result, (result) => (result ? el("p", { role: "status" }, withLaws(result)) : []));
  regions.update("results", { viewer: page.viewer }, () => el("ol", {}, results().map(({ index, result }) =>
    el("li", {}, el("button", { type: "button", class: "quiet", onclick: () => go(index) }, result)))));
  regions.log(document.getElementById("log"), picture.log);
  document.getElementById("previous").disabled = page.step === 0;
  document.getElementById("first").disabled = page.step === 0;
  document.getElementById("next").disabled = page.step === replay.steps.length - 1;
  document.getElementById("last").disabled = page.step === replay.steps.length - 1;
  review.felt(page.step);
}

function onKey(event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  const moves = { ArrowLeft: page.step - 1, ArrowRight: page.step + 1, Home: 0,
    End: page.replay.steps.length - 1 };
  if (event.key in moves) {
    go(moves[event.key]);
    event.preventDefault();
  }
}

function layout() {
  const replay = page.replay;
  document.title = t("Replay of table {table}", { table: tableId });
  regions.reset();
  const viewer = el("select", { id: "viewer", "aria-label": t("Whose view") },
    el("option", { value: "all", selected: page.viewer === "all" }, t("All hands")),
    replay.steps[0].seats.map((_, seat) => el("option", { value: seat, selected: page.viewer === String(seat) },
      replay.names?.[seat]
        ? t("Seat {seat}: {name}", { seat: seat + 1, name: replay.names[seat] }) : t("Seat {seat}", { seat: seat + 1 }))));
  viewer.addEventListener("change", () => { page.viewer = viewer.value; regions.reset(); draw(); });
  const record = (format) => `/api/tables/${encodeURIComponent(tableId)}/record?format=${format}`;
  fill(document.body,
    header(t("Replay of table {table}", { table: tableId }), async (lang) => {
      page.replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?lang=${lang}`);
      layout();
      await review.load(lang);
    }),
    el("main", { class: "replay-page" },
      el("h2", {}, replay.title),
      replay.result ? el("p", { class: "final" }, t("Result: {result}", { result: replay.result })) : null,
      el("nav", { class: "replay-controls", "aria-label": t("Step through the game") },
        el("button", { type: "button", id: "first", onclick: () => go(0) }, t("First")),
        el("button", { type: "button", id: "previous", onclick: () => go(page.step - 1) }, t("Previous")),
        el("button", { type: "button", id: "next", onclick: () => go(page.step + 1) }, t("Next")),
        el("button", { type: "button", id: "last", onclick: () => go(replay.steps.length - 1) }, t("Last")),
        el("span", { id: "position", "aria-live": "polite" }),
        viewer,
        el("a", { href: record("acad"), download: `table-${tableId}.acad` }, t("Download the record")),
        el("a", { href: record("json"), download: `table-${tableId}.json` }, t("Download as JSON"))),
      el("p", { class: "hint" }, t("The arrow keys step through the game; Home and End go to its start and end.")),
      el("section", { id: "status", class: "title" }),
      el("section", { class: "felt", "aria-label": t("The table") },
        el("div", { id: "seats", class: "seats" }), el("div", { id: "centre", class: "centre" })),
      el("section", { id: "hands", class: "hands", "aria-label": t("Hands") }),
      el("section", { id: "review-step", class: "review-step", "aria-live": "polite", hidden: true }),
      el("section", { id: "review", class: "review", "aria-label": t("Review") }),
      el("div", { id: "result", class: "result" }),
      el("section", { id: "tallies", class: "tallies", "aria-label": t("Scores") }),
      el("section", { class: "results", "aria-label": t("Results") }, el("h2", {}, t("Results")),
        el("div", { id: "results" })),
      el("section", { class: "log", "aria-label": t("The deal so far") },
        el("h2", {}, t("The deal so far")), el("ol", { id: "log" }))));
  draw();
}

async function start() {
  const lang = chosenLanguage();
  await loadWords(lang);
  try {
    page.replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?lang=${lang}`);
  } catch (error) {
    fill(document.body, header(t("Replay of table {table}", { table: tableId }), start),
      el("main", {}, el("p", { role: "alert" }, error.message)));
    return;
  }
  document.addEventListener("keydown", onKey);
  layout();
  await review.load(lang, { ask: new URLSearchParams(location.search).get("review") === "1" });
}

start();
