// Card faces drawn as SVG by our own code: any card of the 32-, 36- and 52-card packs, and the back.
// A card is named by the engine's text ("KH", "TD", "7S"); what a person reads on it (the corner index,
// "10♥", "R♥" in French) comes from the server's words, so the faces speak the page's language.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 60;
const HEIGHT = 84;
const RED = new Set(["H", "D"]);
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const TWO_COLOURS = { C: "#111", D: "#b3121f", H: "#b3121f", S: "#111" };
const FOUR_COLOURS = { C: "#1a6b2a", D: "#1450b8", H: "#b3121f", S: "#111" };
/** The four-colour deck, a reader's preference: diamonds blue and clubs green (a class on the page's body). */
const fourColours = () => document.body.classList.contains("four-colours");

// Where the pips of each number card sit, in a 3 × 7 grid (column 0–2, row 0–6); a pip on a row below the
// middle is drawn upside down, as printed cards are.
const PIPS = {
  "2": [[1, 0], [1, 6]],
  "3": [[1, 0], [1, 3], [1, 6]],
  "4": [[0, 0], [2, 0], [0, 6], [2, 6]],
  "5": [[0, 0], [2, 0], [1, 3], [0, 6], [2, 6]],
  "6": [[0, 0], [2, 0], [0, 3], [2, 3], [0, 6], [2, 6]],
  "7": [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [0, 6], [2, 6]],
  "8": [[0, 0], [2, 0], [1, 1.5], [0, 3], [2, 3], [1, 4.5], [0, 6], [2, 6]],
  "9": [[0, 0], [2, 0], [0, 2], [2, 2], [1, 3], [0, 4], [2, 4], [0, 6], [2, 6]],
  "T": [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2], [0, 4], [2, 4], [1, 5], [0, 6], [2, 6]],
};

function node(name, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

/** The rank part of a card's words ("10♥" → "10", "R♥" → "R"). */
function indexOf(words) {
  return words.slice(0, -1);
}

/** An SVG element showing the face of `card` (engine text), labelled with `words` (e.g. "R♥"). */
export function cardFace(card, words, name = words) {
  const rank = card.slice(0, -1) === "10" ? "T" : card.slice(0, -1);
  const suit = card.slice(-1);
  const symbol = SYMBOLS[suit] ?? "?";
  const colour = (fourColours() ? FOUR_COLOURS : TWO_COLOURS)[suit] ?? "#111";
  const svg = node("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "face", role: "img", "aria-label": name, "data-card": card,
  });
  svg.append(node("rect", { x: 0.5, y: 0.5, width: WIDTH - 1, height: HEIGHT - 1, rx: 5, fill: "#fff",
    stroke: "#555" }));
  const corner = node("g", { fill: colour, "font-family": "Georgia, serif", "text-anchor": "middle" });
  const index = indexOf(words);
  const small = index.length > 1 ? 9 : 11;
  corner.append(node("text", { x: 7.5, y: 12, "font-size": small, "font-weight": "bold" }, index));
  corner.append(node("text", { x: 7.5, y: 21, "font-size": 9 }, symbol));
  const opposite = corner.cloneNode(true);
  opposite.setAttribute("transform", `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})`);
  svg.append(corner, opposite);
  if (PIPS[rank]) {
    for (const [column, row] of PIPS[rank]) {
      const x = 18 + column * 12;
      const y = 19 + row * 7.7;
      const pip = node("text", { x, y: y + 4, fill: colour, "font-size": 12, "text-anchor": "middle" }, symbol);
      if (row > 3) pip.setAttribute("transform", `rotate(180 ${x} ${y})`);
      svg.append(pip);
    }
  } else if (rank === "A") {
    svg.append(node("text", { x: WIDTH / 2, y: HEIGHT / 2 + 11, fill: colour, "font-size": 32,
      "text-anchor": "middle" }, symbol));
  } else {
    // a court card: a framed panel with its letter in the page's language and its suit
    svg.append(node("rect", { x: 14, y: 14, width: WIDTH - 28, height: HEIGHT - 28, rx: 3,
      fill: RED.has(suit) ? "#fbe9e7" : "#eceff1", stroke: colour, "stroke-width": 1 }));
    svg.append(node("text", { x: WIDTH / 2, y: HEIGHT / 2 + 2, fill: colour, "font-size": 22,
      "font-family": "Georgia, serif", "font-weight": "bold", "text-anchor": "middle" }, index));
    svg.append(node("text", { x: WIDTH / 2, y: HEIGHT / 2 + 19, fill: colour, "font-size": 14,
      "text-anchor": "middle" }, symbol));
  }
  return svg;
}

/** An SVG element showing the back of a card (a card whose face the viewer may not see). */
export function cardBack(label) {
  const svg = node("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "back", role: "img", "aria-label": label });
  const pattern = node("pattern", { id: "lattice", width: 6, height: 6, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" });
  pattern.append(node("rect", { width: 6, height: 6, fill: "#1d3f72" }));
  pattern.append(node("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#7d9bd1", "stroke-width": 1.5 }));
  const defs = node("defs");
  defs.append(pattern);
  svg.append(defs);
  svg.append(node("rect", { x: 0.5, y: 0.5, width: WIDTH - 1, height: HEIGHT - 1, rx: 5, fill: "#fff",
    stroke: "#555" }));
  svg.append(node("rect", { x: 4, y: 4, width: WIDTH - 8, height: HEIGHT - 8, rx: 3, fill: "url(#lattice)" }));
  return svg;
}

/** Whether cards may move: not when the reader turned animations off (Preferences) nor when his system asks for
 * reduced motion. */
export function cardsMove() {
  return !document.body.classList.contains("no-motion") && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A card just laid travels to its place from `from` (where it was: a card of the hand, the seat that played it),
 * in a quarter of a second, when cards may move. */
export function travel(face, from) {
  if (!cardsMove() || !from) return;
  const to = face.getBoundingClientRect();
  if (!to.width) return;
  const start = `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${from.width / to.width})`;
  face.animate([{ transformOrigin: "0 0", transform: start }, { transformOrigin: "0 0", transform: "none" }],
    { duration: 260, easing: "ease-out", id: "card-move" });
}
