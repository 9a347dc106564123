// The start page: a game against bots (the person takes seat 0 and goes to the table), a game
// with a friend (the other seats open: their invite links are shown at the table), the
// lobby's open games, or a game with friends (each seat's link handed out).

import { api } from "./api.js";
import { h } from "./dom.js";

const DEFAULT_NAMES = ["Ana", "Bia", "Caio", "Duda"];
const BOT_NAMES = ["Rita", "Beto", "Zeca"];
const LEVELS = { random: "random (plays any legal move)", greedy: "greedy (takes the most now)", expert: "expert (thinks ahead)" };

function nameInputs(count) {
  const fieldset = document.getElementById("names");
  const kept = [...fieldset.querySelectorAll("input")].map((input) => input.value);
  fieldset.replaceChildren(h("legend", { text: "Names, in seat order" }));
  for (let seat = 0; seat < count; seat += 1) {
    fieldset.append(h("label", { text: `Seat ${seat}` },
      h("input", { name: `name${seat}`, required: true, maxlength: "40", value: kept[seat] ?? DEFAULT_NAMES[seat] })));
  }
}

/** A level to choose for each bot seat (1 to count - 1), keeping the levels chosen so far. */
function botInputs(count) {
  const fieldset = document.getElementById("bot-seats");
  const kept = [...fieldset.querySelectorAll("select")].map((select) => select.value);
  const partner = (seat) => (count === 4 && seat === 2 ? ", your partner" : count === 4 ? ", against you" : "");
  fieldset.replaceChildren(fieldset.querySelector("legend"));
  for (let seat = 1; seat < count; seat += 1) {
    const options = Object.entries(LEVELS).map(([level, text]) =>
      h("option", { value: level, text, selected: (kept[seat - 1] ?? "expert") === level }));
    fieldset.append(h("label", { text: `Seat ${seat}: ${BOT_NAMES[seat - 1]}${partner(seat)}` },
      h("select", { name: `bot${seat}`, "data-seat": String(seat) }, options)));
  }
}

async function loadPresets() {
  const presets = await api("/v1/rules/presets");
  for (const id of ["preset", "bots-preset", "friend-preset"]) {
    document.getElementById(id).replaceChildren(...Object.entries(presets).map(([name, rules]) =>
      h("option", { value: name, text: `${name} (to ${rules.target})` })));
  }
}

/** What the forms share: the preset, the points to win, the turn clock, the seed. */
function settings(data, players) {
  const request = { players, preset: data.get("preset") };
  const rules = {};
  if (data.get("target")) rules.target = Number(data.get("target"));
  if (data.get("clock")) {
    const [turn, bank, policy] = String(data.get("clock")).split(":"); // "30:120:bot"
    rules.clock = { turn_seconds: Number(turn), bank_seconds: Number(bank), on_timeout: policy };
  }
  if (Object.keys(rules).length) request.rules = rules;
  if (data.get("seed")) request.seed = String(data.get("seed"));
  return request;
}

function body(form) {
  const data = new FormData(form);
  const players = Number(data.get("players"));
  return settings(data, Array.from({ length: players }, (_, seat) => String(data.get(`name${seat}`)).trim()));
}

function botsBody(form) {
  const data = new FormData(form);
  const bots = Array.from({ length: Number(data.get("players")) - 1 }, (_, k) =>
    ({ name: BOT_NAMES[k], bot: String(data.get(`bot${k + 1}`)) }));
  return settings(data, [String(data.get("name")).trim(), ...bots]);
}

/** You in seat 0, the other seats open (for an invite, or in the lobby). */
function friendBody(form) {
  const data = new FormData(form);
  const open = Array.from({ length: Number(data.get("players")) - 1 }, () => ({ open: true }));
  const request = settings(data, [String(data.get("name")).trim(), ...open]);
  if (data.get("lobby")) request.lobby = true;
  return request;
}

/** The lobby's first page: each game's seats, and a way to take its first open seat. */
async function loadLobby() {
  const list = document.getElementById("lobby");
  const page = await api("/v1/lobby?limit=20");
  list.dataset.loaded = new Date().toISOString(); // when the list shown was read
  if (!page.games.length) {
    list.replaceChildren(h("li", { class: "empty", text: "No game is waiting: open one above, and tick the lobby." }));
    return;
  }
  list.replaceChildren(...page.games.map((game) => {
    const seated = game.players.filter((p) => !p.open).map((p) => p.name).join(", ");
    const seat = game.open[0];
    const text = `${game.preset}: ${seated} · ${game.open.length} open seat(s) of ${game.players.length}`;
    return h("li", { "data-game": game.game_id },
      h("span", { text }), " ",
      h("a", { class: "button", href: `/join/${game.game_id}#seat=${seat}`, "data-seat": String(seat), text: `Join (seat ${seat})` }));
  }));
}

function showCreated(game) {
  const links = document.getElementById("seat-links");
  links.replaceChildren(...game.players.map((seat) => {
    const url = `${location.origin}/play/${game.game_id}#token=${encodeURIComponent(seat.token)}`;
    return h("li", {},
      h("a", { href: url, "data-seat": String(seat.seat), text: `Play as ${seat.name} (seat ${seat.seat})` }),
      " ", h("code", { text: url }));
  }));
  document.getElementById("spectate").href = `/play/${game.game_id}`;
  document.getElementById("replay-link").href = `/replay/${game.game_id}`;
  const section = document.getElementById("created");
  section.hidden = false;
  section.querySelector("a").focus();
}

/** Create the game the form describes, then `then(game)`; a problem shows in `errorId`. */
function creator(build, errorId, then) {
  return async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const error = document.getElementById(errorId);
    error.textContent = "";
    const key = new FormData(form).get("apikey");
    try {
      then(await api("/v1/games", { method: "POST", body: build(form), headers: key ? { "X-API-Key": key } : {} }));
    } catch (problem) {
      error.textContent = problem.message;
    }
  };
}

/** To the table, as seat 0: its token only in the fragment, which no request carries. */
function toTable(game) {
  const mine = game.players.find((seat) => seat.seat === 0);
  location.assign(`/play/${game.game_id}#token=${encodeURIComponent(mine.token)}`);
}

const players = document.getElementById("players");
players.addEventListener("change", () => nameInputs(Number(players.value)));
nameInputs(2);
const botPlayers = document.getElementById("bots-players");
botPlayers.addEventListener("change", () => botInputs(Number(botPlayers.value)));
botInputs(2);
document.getElementById("bots").addEventListener("submit", creator(botsBody, "bots-error", toTable));
document.getElementById("start").addEventListener("submit", creator(body, "start-error", showCreated));
document.getElementById("friend").addEventListener("submit", creator(friendBody, "friend-error", toTable));
const showLobbyProblem = (problem) => { document.getElementById("lobby").replaceChildren(h("li", { class: "error", text: problem.message })); };
document.getElementById("lobby-refresh").addEventListener("click", () => loadLobby().catch(showLobbyProblem));
loadLobby().catch(showLobbyProblem);
loadPresets().catch((problem) => { document.getElementById("start-error").textContent = problem.message; });
