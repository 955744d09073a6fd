// The account page: log in or create an account; once logged in, log out, change the password, claim the games
// played as a guest (by the links kept), delete the account. Every word comes from the server's catalogues.
import { api, chosenLanguage, el, fill, header, loadWords, t, whoIsThere } from "./common.js";

let account = null;

/** A form of labelled fields whose submit calls `send(values)`; its problem line says the server's refusal. */
function form(id, title, fields, submit, send) {
  const inputs = fields.map(([name, label, type, complete]) => [name, label,
    el("input", { id: `${id}-${name}`, name, type, required: true, autocomplete: complete,
      maxlength: type === "password" ? 256 : 24 })]);
  const problem = el("p", { class: "problem", "aria-live": "polite" });
  const done = el("p", { class: "done", "aria-live": "polite" });
  const element = el("form", { id, class: "account-form" }, el("h2", {}, title),
    inputs.map(([, label, input]) => el("div", { class: "option" }, el("label", { for: input.id }, label), " ", input)),
    el("button", { type: "submit" }, submit), problem, done);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.textContent = "";
    try {
      done.textContent = await send(Object.fromEntries(inputs.map(([name, , input]) => [name, input.value]))) ?? "";
    } catch (error) {
      problem.textContent = error.message;
    }
  });
  return element;
}

async function enter(path, values) {
  await api(path, { method: "POST", body: JSON.stringify({ name: values.name.trim(), password: values.password }) });
  account = await whoIsThere();
  layout();
}

function guestForms() {
  return [
    form("login", t("Log in"), [["name", t("Name"), "text", "username"],
      ["password", t("Password"), "password", "current-password"]], t("Log in"),
    (values) => enter("/api/session", values)),
    form("signup", t("Create an account"), [["name", t("Name"), "text", "username"],
      ["password", t("Password (8 characters or more)"), "password", "new-password"]], t("Create the account"),
    (values) => enter("/api/accounts", values)),
  ];
}

function settings() {
  const links = el("textarea", { id: "claim-links", rows: 3 });
  const claimProblem = el("p", { class: "problem", "aria-live": "polite" });
  const claimDone = el("p", { class: "done", "aria-live": "polite" });
  const claim = el("form", { id: "claim", class: "account-form" }, el("h2", {}, t("Games played as a guest")),
    el("p", {}, t("Paste the links of the seats you played before you had an account, one a line: their games become yours.")),
    el("label", { for: "claim-links" }, t("Links of your seats")), links,
    el("button", { type: "submit" }, t("Claim these games")), claimProblem, claimDone);
  claim.addEventListener("submit", async (event) => {
    event.preventDefault();
    claimProblem.textContent = "";
    try {
      const answer = await api("/api/account/claim", { method: "POST", body: JSON.stringify(
        { links: links.value.split(/\s+/).filter(Boolean) }) });
      const count = answer.claimed.length;
      claimDone.textContent = count === 1 ? t("1 game claimed") : t("{count} games claimed", { count });
    } catch (error) {
      claimProblem.textContent = error.message;
    }
  });
  const logout = el("button", { type: "button", id: "logout", onclick: async () => {
    await api("/api/session", { method: "DELETE" });
    account = await whoIsThere();
    layout();
  } }, t("Log out"));
  return [
    el("p", {}, t("Logged in as {name}", { name: account.name }), " ", logout),
    form("password", t("Change the password"), [["old", t("Current password"), "password", "current-password"],
      ["new", t("New password (8 characters or more)"), "password", "new-password"]], t("Change the password"),
    async (values) => {
      await api("/api/account/password", { method: "POST", body: JSON.stringify(values) });
      return t("The password is changed; your other sessions are closed.");
    }),
    claim,
    form("delete", t("Delete the account"), [["password", t("Password"), "password", "current-password"]],
      t("Delete the account for good"), async (values) => {
        await api("/api/account", { method: "DELETE", body: JSON.stringify(values) });
        account = await whoIsThere();
        layout();
      }),
    el("p", {}, t("Your games stay after the account is deleted: they show you as a former player.")),
  ];
}

function layout() {
  const title = account ? t("Your account") : t("Log in or create an account");
  document.title = title;
  fill(document.body, header(title, layout),  // the page itself says who is logged in
    el("main", { class: "account" }, account ? settings() : guestForms()));
}

async function start() {
  await loadWords(chosenLanguage());
  account = await whoIsThere();
  layout();
}

start();
