// What every page of the card room shares: the words of the page's language, the language switch, and a small
// helper to build elements. Every word a page shows comes from the server's catalogues (/api/words).

const LANGUAGES = ["en", "fr"];
const CHOICE = "academie.lang";
let table = { lang: "en", messages: {}, cards: {}, games: {}, options: {} };

/** The page's language: ?lang= in the address, then the reader's earlier choice, then the browser's. */
export function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  let stored = null;
  try { stored = localStorage.getItem(CHOICE); } catch { /* storage may be refused */ }
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

/** Load the words of `lang` from the server; every later t() speaks it. */
export async function loadWords(lang) {
  const response = await fetch(`/api/words?lang=${encodeURIComponent(lang)}`);
  if (!response.ok) throw new Error(`words for ${lang}: ${response.status}`);
  table = await response.json();
  document.documentElement.lang = table.lang;
  return table;
}

/** A message of the page in its language, its {blanks} filled from `values`. */
export function t(message, values = {}) {
  const text = table.messages[message] ?? message;
  return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** A card (engine text, "KH") as the page's language writes it ("K♥", "R♥"). */
export function cardWords(card) {
  return table.cards[card] ?? card;
}

/** A bot's level as the page's language says it ("classical": « classique »); a level the room does not know,
 * as the game names it. */
export function levelWords(level) {
  return table.levels?.[level] ?? level;
}

/** A card in words, for a screen reader ("KS": "king of spades", « roi de pique »). */
export function cardName(card) {
  return table.card_names?.[card] ?? cardWords(card);
}

/** One line on a game, in the page's language ("" when the page has none). */
export function gameLine(game) {
  return table.games[game] ?? "";
}

/** A word on a rules option of a game, in the page's language ("" when the page has none). */
export function optionWords(game, option) {
  return table.options[`${game}.${option}`] ?? table.options[option] ?? "";
}

/** The values a rules option may take, when they are a short list ([] otherwise). */
export function optionChoices(game, option) {
  return table.choices?.[`${game}.${option}`] ?? [];
}

/** A value of a rules option as a person reads it ("highest": "the higher cut deals", « la plus haute coupe
 * donne »); the game declares a label for every value of every option that takes a few. */
export function valueWords(game, option, value) {
  return table.values?.[`${game}.${option}`]?.[value] ?? String(value);
}

/** Build an element: el("button", {class: "x", onclick: f}, "text", child, ...). */
/** A percentage as the page's language writes it: "62.5%" in English, « 62,5 % » in French. */
export function percent(value) {
  return new Intl.NumberFormat(document.documentElement.lang, { style: "percent", maximumFractionDigits: 2 })
    .format(Number(value) / 100);
}

export function el(name, attributes = {}, ...children) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** The language switch every page carries: choosing a language reloads the page's words through `onchange`. */
export function languageSwitch(onchange) {
  const select = el("select", { id: "lang", "aria-label": t("Language") },
    el("option", { value: "en", selected: table.lang === "en" }, "English"),
    el("option", { value: "fr", selected: table.lang === "fr" }, "Français"));
  select.addEventListener("change", async () => {
    try { localStorage.setItem(CHOICE, select.value); } catch { /* storage may be refused */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    history.replaceState(null, "", url);
    await loadWords(select.value);
    onchange(select.value);
  });
  return select;
}

/** Replace the children of `element` (by id or element) with `children`. */
export function fill(element, ...children) {
  const target = typeof element === "string" ? document.getElementById(element) : element;
  target.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
  return target;
}

/** The page header: the project's name (a link to the lobby), the page's title, the language switch, and, when
 * `account` is given (undefined: the page does not say), who is logged in or a link to log in. */
export function header(title, onchange, account = undefined) {
  const who = account === undefined ? null : el("a", { href: "/account", id: "who", class: "who" },
    account ? t("Logged in as {name}", { name: account.name }) : t("Log in or create an account"));
  return el("header", { class: "top" },
    el("a", { href: "/", class: "home", "aria-label": t("Académie: the card room's lobby") }, "Académie"),
    el("h1", {}, title),
    who,
    languageSwitch(onchange));
}

let csrf = null;
let asked = false;

/** The logged-in account ({name, id, csrf}) or null for a guest; every later change carries its CSRF token. */
export async function whoIsThere() {
  const response = await fetch("/api/account");
  const account = response.ok ? await response.json() : null;
  csrf = account?.csrf ?? null;
  asked = true;
  return account;
}

/** JSON from the server, or an Error carrying the server's own explanation. */
export async function api(path, options = {}) {
  const url = new URL(path, location.origin);  // answers and refusals in the page's language
  if (!url.searchParams.has("lang")) url.searchParams.set("lang", table.lang);
  const change = options.method && options.method !== "GET";
  if (change && !asked) await whoIsThere();  // a page that never asked: a logged-in player's change needs the token
  const session = change && csrf ? { "X-CSRF-Token": csrf } : {};
  const response = await fetch(url, {
    ...options, headers: { "content-type": "application/json", ...session, ...(options.headers ?? {}) },
  });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) {
    const detail = data && (data.detail ?? data.message);
    throw new Error(typeof detail === "string" ? detail : JSON.stringify(detail ?? response.status));
  }
  return data;
}
