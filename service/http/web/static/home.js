// @ts-check
// The start page: a game against bots (the person takes seat 0 and goes to the table), a game
// with a friend (the other seats open: their invite links are shown at the table), the
// lobby's open games, a tournament of bots (then its page), or a game with friends (each
// seat's link handed out).

import { api, messageOf, told } from "./api.js";
import { byId as $, h } from "./dom.js";
import { fromOne, t, translate } from "./i18n.js";
import { keepPlayer, keptPlayers } from "./players.js";
import { forget, keptSeats } from "./seats.js";

/** @typedef {import("./types.js").CreatedGame} CreatedGame */
/** @typedef {import("./types.js").CreateTournament} CreateTournament */
/** @typedef {import("./types.js").CreatedTournament} CreatedTournament */
/** @typedef {import("./types.js").LobbyPage} LobbyPage */
/** @typedef {import("./types.js").Leaderboard} Leaderboard */
/** @typedef {import("./types.js").RegisteredPlayer} RegisteredPlayer */
/** @typedef {import("./types.js").Rules} Rules */

/**
 * A new game as the forms ask for it: the service checks it (`CreateGame` in the API).
 * @typedef {object} GameRequest
 * @property {(string | {name: string, bot: string} | {open: true} | {name: string, player_id: string, player_secret?: string})[]} players
 * @property {boolean} [rated]
 * @property {FormDataEntryValue | null} preset
 * @property {{target?: number, clock?: {turn_seconds: number, bank_seconds: number, on_timeout: string}}} [rules]
 * @property {string} [seed]
 * @property {boolean} [lobby]
 */

const DEFAULT_NAMES = ["Ana", "Bia", "Caio", "Duda"];
const BOT_NAMES = ["Rita", "Beto", "Zeca"];
const LEVELS = ["random", "greedy", "expert"];
const FIRST_LEVEL = "greedy"; // a newcomer's first game: a bot they can beat
const ENTRANT_NAMES = ["Rita", "Beto", "Zeca", "Lia", "Nino", "Cora", "Davi", "Elsa",
  "Fabio", "Gina", "Hugo", "Iris", "Joca", "Kika", "Leo", "Mara"];

/**
 * A name to give for each seat, keeping the names given so far.
 * @param {number} count
 */
function nameInputs(count) {
  const fieldset = $("names");
  const kept = [...fieldset.querySelectorAll("input")].map((input) => input.value);
  fieldset.replaceChildren(h("legend", { text: t("home.screen.names") }));
  for (let seat = 0; seat < count; seat += 1) {
    fieldset.append(h("label", { text: t("common.Seat", { seat: fromOne(seat) }) },
      h("input", { name: `name${seat}`, required: true, maxlength: "40", value: kept[seat] ?? DEFAULT_NAMES[seat] })));
  }
}

/**
 * A level to choose for each bot seat (1 to count - 1), keeping the levels chosen so far.
 * @param {number} count
 */
function botInputs(count) {
  const fieldset = $("bot-seats");
  const kept = [...fieldset.querySelectorAll("select")].map((select) => select.value);
  const role = (/** @type {number} */ seat) => (count !== 4 ? "none" : seat === 2 ? "partner" : "opponent");
  fieldset.replaceChildren(fieldset.querySelector("legend") ?? "");
  for (let seat = 1; seat < count; seat += 1) {
    const options = LEVELS.map((level) =>
      h("option", { value: level, text: t(`level.${level}`), selected: (kept[seat - 1] ?? FIRST_LEVEL) === level }));
    fieldset.append(h("label", { text: t("home.bots.seat", { seat: fromOne(seat), name: BOT_NAMES[seat - 1], role: role(seat) }) },
      h("select", { name: `bot${seat}`, "data-seat": String(seat) }, options)));
  }
}

async function loadPresets() {
  /** @type {Record<string, Rules>} */
  const presets = await api("/v1/rules/presets");
  for (const id of ["preset", "bots-preset", "friend-preset", "tour-preset"]) {
    $(id).replaceChildren(...Object.entries(presets).map(([name, rules]) =>
      h("option", { value: name, text: t("home.preset", { name, target: rules.target }) })));
  }
}

/**
 * What the forms share: the preset, the points to win, the turn clock, the seed.
 * @param {FormData} data
 * @param {GameRequest["players"]} players
 * @returns {GameRequest}
 */
function settings(data, players) {
  /** @type {GameRequest} */
  const request = { players, preset: data.get("preset") };
  /** @type {NonNullable<GameRequest["rules"]>} */
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

/**
 * The game with friends: each seat named.
 * @param {HTMLFormElement} form
 * @returns {GameRequest}
 */
function body(form) {
  const data = new FormData(form);
  const players = Number(data.get("players"));
  return settings(data, Array.from({ length: players }, (_, seat) => String(data.get(`name${seat}`)).trim()));
}

/**
 * You in seat 0, the service's bots in the others; with a player id, a rated game naming you
 * by it (and, without an API key, its secret: kept on this device, or held now).
 * @param {HTMLFormElement} form
 * @returns {Promise<GameRequest>}
 */
async function botsBody(form) {
  const data = new FormData(form);
  const bots = Array.from({ length: Number(data.get("players")) - 1 }, (_, k) =>
    ({ name: BOT_NAMES[k], bot: String(data.get(`bot${k + 1}`)) }));
  const name = String(data.get("name")).trim();
  const playerId = String(data.get("player") ?? "").trim();
  if (!playerId) return settings(data, [name, ...bots]);
  const person = data.get("apikey") ? { name, player_id: playerId } : { name, player_id: playerId, player_secret: await secretOf(playerId) };
  return { ...settings(data, [person, ...bots]), rated: true };
}

/**
 * A player id's secret: the one kept on this device, else the id held now (`POST /v1/players`).
 * @param {string} playerId
 */
async function secretOf(playerId) {
  const kept = keptPlayers()[playerId];
  if (kept) return kept;
  /** @type {RegisteredPlayer} */
  const made = await api("/v1/players", { method: "POST", body: { player_id: playerId } });
  keepPlayer(playerId, made.player_secret);
  showPlayers();
  return made.player_secret;
}

/** The player ids held on this device, offered in the rated game's field. */
function showPlayers() {
  $("kept-players").replaceChildren(...Object.keys(keptPlayers()).map((id) => h("option", { value: id })));
}

/**
 * You in seat 0, the other seats open (for an invite, or in the lobby).
 * @param {HTMLFormElement} form
 * @returns {GameRequest}
 */
function friendBody(form) {
  const data = new FormData(form);
  const open = Array.from({ length: Number(data.get("players")) - 1 }, () => ({ open: /** @type {const} */ (true) }));
  const request = settings(data, [String(data.get("name")).trim(), ...open]);
  if (data.get("lobby")) request.lobby = true;
  return request;
}

/**
 * A tournament of bots: each entrant named apart, its level the one chosen or, mixed, each in turn.
 * @param {HTMLFormElement} form
 * @returns {CreateTournament}
 */
function tournamentBody(form) {
  const data = new FormData(form);
  const levels = String(data.get("levels"));
  const entrants = ENTRANT_NAMES.slice(0, Number(data.get("entrants"))).map((name, i) =>
    ({ name, bot: /** @type {NonNullable<CreateTournament["entrants"][number]["bot"]>} */ (levels === "mixed" ? LEVELS[i % LEVELS.length] : levels) }));
  return { name: String(data.get("name")).trim(), preset: /** @type {NonNullable<CreateTournament["preset"]>} */ (String(data.get("preset"))), entrants,
    rounds: Number(data.get("rounds")), boards: Number(data.get("boards")),
    pairing: data.get("pairing") === "round_robin" ? "round_robin" : "swiss" };
}

/** A round robin plays exactly its rounds (n - 1, n with an odd count): the form says so. */
function roundRobinRounds() {
  if ($("tour-pairing", HTMLSelectElement).value !== "round_robin") return;
  const entrants = Number($("tour-entrants", HTMLInputElement).value);
  if (entrants >= 2) $("tour-rounds", HTMLInputElement).value = String(entrants % 2 ? entrants : entrants - 1);
}

/** The lobby's first page: each game's seats, and a way to take its first open seat. */
async function loadLobby() {
  const list = $("lobby");
  /** @type {LobbyPage} */
  const page = await api("/v1/lobby?limit=20");
  list.dataset.loaded = new Date().toISOString(); // when the list shown was read
  if (!page.games.length) {
    list.replaceChildren(h("li", { class: "empty", text: t("home.lobby.none") }));
    return;
  }
  list.replaceChildren(...page.games.map((game) => {
    const seated = game.players.filter((p) => !p.open).map((p) => p.name).join(", ");
    const seat = game.open[0];
    const text = t("home.lobby.game", { preset: game.preset, seated, open: game.open.length, seats: game.players.length });
    return h("li", { "data-game": game.game_id },
      h("span", { text }), " ",
      h("a", { class: "button", href: `/join/${game.game_id}#seat=${seat}`, "data-seat": String(seat), text: t("home.lobby.join", { seat: fromOne(seat) }) }));
  }));
}

/** The seats kept on this device, newest first: each to resume, or to forget. */
function showMine() {
  const kept = Object.entries(keptSeats()).sort(([, a], [, b]) => b.kept.localeCompare(a.kept));
  $("mine-box").hidden = !kept.length;
  $("my-games").replaceChildren(...kept.map(([id, seat]) => h("li", { "data-game": id },
    h("a", { class: "button", href: `/play/${id}`, text: t("home.mine.open", { name: seat.name, seat: fromOne(seat.seat) }) }), " ",
    h("small", { text: t("home.mine.since", { when: new Date(seat.kept).toLocaleString(document.documentElement.lang) }) }), " ",
    h("button", { type: "button", class: "forget", text: t("home.mine.forget"), onclick: () => { forget(id); showMine(); } }))));
}

/** A ladder's first page of the leaderboard: rank, name, id, ordinal and games. */
async function loadBoard() {
  const list = $("board");
  const ladder = $("board-ladder", HTMLInputElement).value.trim();
  const key = $("board-apikey", HTMLInputElement).value.trim();
  const headers = key ? { "X-API-Key": key } : {};
  const provisional = $("board-provisional", HTMLInputElement).checked ? "&provisional=true" : "";
  /** @type {Leaderboard} */
  const board = await api(`/v1/leaderboards/${encodeURIComponent(ladder)}?limit=20${provisional}`, { headers });
  if (!board.entries.length) {
    list.replaceChildren(h("li", { class: "empty", text: t("home.board.none", { ladder: board.ladder }) }));
    return;
  }
  list.replaceChildren(...board.entries.map((entry) => h("li", { "data-player": entry.player_id,
    text: t("home.board.entry", { rank: entry.rank, name: entry.name, player: entry.player_id, ordinal: entry.ordinal.toFixed(2), games: entry.games }) })));
}

/**
 * A created game's links: one for each seat (its token in the fragment), to watch, to replay.
 * @param {CreatedGame} game
 */
function showCreated(game) {
  const links = $("seat-links");
  links.replaceChildren(...game.players.map((seat) => {
    const url = `${location.origin}/play/${game.game_id}#token=${encodeURIComponent(seat.token ?? "")}`;
    return h("li", {},
      h("a", { href: url, "data-seat": String(seat.seat), text: t("home.created.play", { name: seat.name, seat: fromOne(seat.seat) }) }),
      " ", h("code", { text: url }));
  }));
  $("spectate", HTMLAnchorElement).href = `/play/${game.game_id}`;
  $("replay-link", HTMLAnchorElement).href = `/replay/${game.game_id}`;
  const section = $("created");
  section.hidden = false;
  section.querySelector("a")?.focus();
}

/**
 * Create what the form describes (a game unless `path` names another collection), then
 * `then(created)`; a problem shows in `errorId`.
 * @template Body, Created
 * @param {(form: HTMLFormElement) => Body | Promise<Body>} build
 * @param {string} errorId
 * @param {(created: Created) => void} then
 * @param {string} [path]
 * @returns {(event: SubmitEvent) => Promise<void>} the form's submit listener
 */
function creator(build, errorId, then, path = "/v1/games") {
  return async (event) => {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.currentTarget); // it listens on a form
    const error = $(errorId);
    error.textContent = "";
    const key = new FormData(form).get("apikey");
    try {
      then(await api(path, { method: "POST", body: await build(form), headers: key ? { "X-API-Key": String(key) } : {} }));
    } catch (problem) {
      error.textContent = told(problem, "home.told");
    }
  };
}

/**
 * To the table, as seat 0: its token only in the fragment, which no request carries.
 * @param {CreatedGame} game
 */
function toTable(game) {
  const mine = game.players.find((seat) => seat.seat === 0);
  if (mine?.token === undefined) throw new Error("the service gave no token for seat 0");
  location.assign(`/play/${game.game_id}#token=${encodeURIComponent(mine.token)}`);
}

translate();
showMine();
showPlayers();
const players = $("players", HTMLSelectElement);
players.addEventListener("change", () => nameInputs(Number(players.value)));
nameInputs(Number(players.value)); // a choice made before this script ran (or kept by the browser) holds
const botPlayers = $("bots-players", HTMLSelectElement);
botPlayers.addEventListener("change", () => botInputs(Number(botPlayers.value)));
botInputs(Number(botPlayers.value));
$("bots").addEventListener("submit", creator(botsBody, "bots-error", toTable));
$("start").addEventListener("submit", creator(body, "start-error", showCreated));
$("friend").addEventListener("submit", creator(friendBody, "friend-error", toTable));
const toTournament = (/** @type {CreatedTournament} */ created) => location.assign(`/tournaments/${created.tournament_id}`);
$("tour").addEventListener("submit", creator(tournamentBody, "tour-error", toTournament, "/v1/tournaments"));
$("tour-pairing").addEventListener("change", roundRobinRounds);
$("tour-entrants").addEventListener("input", roundRobinRounds);
roundRobinRounds();
const showLobbyProblem = (/** @type {unknown} */ problem) => { $("lobby").replaceChildren(h("li", { class: "error", text: messageOf(problem) })); };
$("lobby-refresh").addEventListener("click", () => loadLobby().catch(showLobbyProblem));
loadLobby().catch(showLobbyProblem);
$("board-form").addEventListener("submit", (event) => {
  event.preventDefault();
  loadBoard().catch((problem) => { $("board").replaceChildren(h("li", { class: "error", text: told(problem, "home.told") })); });
});
// Every form listens now: its button, disabled in the page until here, may submit (a click while
// the catalog loaded would have sent the form natively, reloading the page).
for (const button of document.querySelectorAll("form button[type=submit]")) button.removeAttribute("disabled");
loadPresets().catch((problem) => { $("start-error").textContent = messageOf(problem); });
