// The review of a finished game on its replay (issue 31): asked for with a button (or at once when the page is
// opened from the table's end-of-game link, ?review=1), computed by the room's review worker while the page polls
// its state, then shown: a mark on the timeline for each marked decision, the better choice on the felt at its
// step, and the chart of each seat's expected result.

import { api, el, fill, t } from "./common.js";

const POLL_MS = 1000;
/** The least distance between two marks on one row of the timeline, in percent of its width. */
const LANE_GAP = 4;
/** The marks, each with its symbol (the chess annotator's) and its words; the colours are in room.css. */
const MARKS = {
  slip: { symbol: "?!", name: () => t("slip") },
  mistake: { symbol: "?", name: () => t("mistake") },
  blunder: { symbol: "??", name: () => t("blunder") },
};

/** The review panel of a replay: `replay()` gives the replay's data, `go(index)` shows a step, `current()` is the
 * step shown. */
export class ReviewPanel {
  constructor(tableId, replay, go, current) {
    this.tableId = tableId;
    this.replay = replay;
    this.go = go;
    this.current = current;
    this.state = null;
    this.timer = null;
  }

  path(suffix = "") {
    return `/api/tables/${encodeURIComponent(this.tableId)}/review${suffix}`;
  }

  /** Read where the review stands (and ask for it when the page was opened to show it). */
  async load(lang, { ask = false } = {}) {
    this.lang = lang;
    try {
      this.state = await api(`${this.path()}?lang=${lang}`);
      if (ask && this.state.state === "none") this.state = await api(`${this.path()}?lang=${lang}`, { method: "POST" });
    } catch (error) {
      this.state = { state: "failed", detail: error.message };
    }
    this.poll();
    this.draw();
  }

  async ask() {
    try {
      this.state = await api(`${this.path()}?lang=${this.lang}`, { method: "POST" });
    } catch (error) {
      this.state = { state: "failed", detail: error.message };
    }
    this.poll();
    this.draw();
  }

  poll() {
    clearTimeout(this.timer);
    if (this.state.state !== "queued" && this.state.state !== "running") return;
    this.timer = setTimeout(() => this.load(this.lang), POLL_MS);
  }

  /** The decision made at replay step `index` (the action between `index` and `index + 1`), if reviewed. */
  decisionAt(index) {
    if (this.state?.state !== "ready") return null;
    const step = this.replay().steps[index + 1]?.operation;
    return this.state.review.decisions.find((decision) => decision.step === step) ?? null;
  }

  /** The replay step that shows the table as the seat made `decision`. */
  indexOf(decision) {
    return this.replay().steps.findIndex((step) => step.operation === decision.step) - 1;
  }

  /** The status line, the button, the timeline and the chart (drawn into the page's #review section). */
  draw() {
    const state = this.state ?? { state: "none" };
    const parts = [el("h2", {}, t("Review"))];
    if (state.state === "none") {
      parts.push(el("button", { type: "button", id: "review-button", onclick: () => this.ask() },
        t("Review this game")));
    } else if (state.state === "queued") {
      parts.push(el("p", { role: "status", id: "review-status" }, state.position
        ? t("The review is queued: {count} before it.", { count: state.position }) : t("The review is queued.")));
    } else if (state.state === "running") {
      parts.push(el("p", { role: "status", id: "review-status" },
        t("Reviewing: {done} of {total} decisions", { done: state.done, total: state.total || "…" }), " ",
        el("progress", { max: state.total || 1, value: state.done, "aria-label": t("Progress of the review") })));
    } else if (state.state === "failed") {
      parts.push(el("p", { role: "alert", id: "review-status" }, t("The review failed: {detail}",
        { detail: state.detail ?? "" })),
      el("button", { type: "button", id: "review-button", onclick: () => this.ask() }, t("Try again")));
    } else {
      parts.push(...this.ready(state));
    }
    fill("review", parts);
    this.felt(this.current());
  }

  ready(state) {
    const review = state.review;
    const steps = this.replay().steps.length - 1;
    const marked = review.decisions.filter((decision) => decision.mark);
    const name = (seat) => this.replay().names?.[seat] ?? t("Seat {seat}", { seat: seat + 1 });
    const lanes = [];  // where each row of marks ends: a mark too close to the last of a row goes on the next
    const timeline = el("ol", { class: "review-timeline", "aria-label": t("Marked decisions") },
      marked.map((decision) => {
        const index = this.indexOf(decision);
        const left = (100 * (index + 1)) / Math.max(steps, 1);
        let lane = lanes.findIndex((end) => left - end >= LANE_GAP);
        if (lane < 0) lane = lanes.length;
        lanes[lane] = left;
        const mark = MARKS[decision.mark];
        const label = t("{mark} by {name} at step {step}: {played}; better: {best}", { mark: mark.name(),
          name: name(decision.seat), step: index + 1, played: decision.played, best: decision.best });
        return el("li", { style: `left: ${left}%; bottom: ${lane * 1.7 - 0.2}rem` },
          el("button", { type: "button", class: `review-mark mark-${decision.mark}`, title: label,
            "aria-label": label, "data-step": index, onclick: () => this.go(index) }, mark.symbol));
      }));
    timeline.style.height = `${2.2 + 1.7 * Math.max(0, lanes.length - 1)}rem`;
    const legend = el("p", { class: "review-legend" }, Object.entries(MARKS).map(([kind, mark]) =>
      el("span", { class: `mark-${kind}` }, `${mark.symbol} ${mark.name()} `)));
    const seats = el("table", { class: "review-seats" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Accuracy")), el("th", {}, t("Total cost")),
        el("th", {}, t("Luck")))),
      el("tbody", {}, review.seats.map((seat) => el("tr", {}, el("th", { scope: "row" }, name(seat.seat)),
        el("td", {}, seat.accuracy === null ? "—" : `${Math.round(seat.accuracy)}%`),
        el("td", {}, seat.cost.toFixed(2)), el("td", {}, seat.luck.toFixed(2))))));
    return [
      el("p", { class: "hint" }, t("Each decision valued over {samples} deals of the unseen cards consistent with what the seat had seen; the marks show where a better choice was.", { samples: review.samples })),
      timeline, legend,
      el("div", { class: "review-figures" }, seats,
        el("figure", { class: "review-chart" },
          el("img", { src: `${this.path("/chart.svg")}?lang=${this.lang}`, id: "review-chart",
            alt: t("The expected result of each seat over the game") }))),
    ];
  }

  /** At replay step `index`: the better choice on the felt (the better card picked out in the hands shown) and
   * the cost and reason in words under it; nothing where no decision was reviewed. */
  felt(index) {
    document.querySelectorAll(".face.review-better, .face.review-played").forEach((card) =>
      card.classList.remove("review-better", "review-played"));
    const decision = this.decisionAt(index);
    const box = document.getElementById("review-step");
    if (!box) return;
    if (!decision) {
      fill(box);
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const unit = this.state.review.unit;
    const hand = document.querySelector(`#hands .hand-line[data-seat="${decision.seat}"]`);
    // the cards an action names (a card played, the cards of a discard) are picked out in the seat's hand
    for (const [action, kind] of [[decision.played, "review-played"], [decision.best, "review-better"]]) {
      for (const card of action.split(" ").slice(1)) {
        const face = hand?.querySelector(`.face[data-card="${CSS.escape(card)}"]`);
        face?.classList.remove("review-played");
        face?.classList.add(kind);
      }
    }
    const mark = decision.mark ? MARKS[decision.mark] : null;
    fill(box,
      el("p", { class: mark ? `mark-${decision.mark}` : "" }, mark ? `${mark.symbol} ${mark.name()}: ` : "",
        decision.cost > 0
          ? t("Better: {best} (cost {cost} {unit})", { best: decision.best, cost: decision.cost.toFixed(2),
            unit: t(unit) })
          : t("{played}: no better choice within the precision", { played: decision.played })),
      el("p", { class: "why" }, decision.reason));
  }

  stop() {
    clearTimeout(this.timer);
  }
}
