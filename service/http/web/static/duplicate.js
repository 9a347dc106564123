// @ts-check
// A board as every table of its round played it (duplicate: the same cards at every table,
// each result compared with the others' at the same seat): each table's game in the replay
// viewer (replay.js, framed from this service, so each is shown and verified as any replay),
// opened at that board, the table the address names first; this page's stepper steps them all.

import { api, messageOf } from "./api.js";
import { byId as $, h } from "./dom.js";
import { boardScores, entrantName, scoreWords } from "./entrants.js";
import { t, translate } from "./i18n.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */
/** @typedef {import("./types.js").TableRecord} TableRecord */

/** The keys the replay viewer steps by (its `{step: key}` messages). */
const STEP_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End", "[", "]"]);
/** Tables whose replay loads at once; the ones after wait until they are scrolled to. */
const EAGER = 4;

/**
 * The tournament, round and table (from 1) this page's address names.
 * @returns {{tournamentId: string, round: number, table: number} | null}
 */
function address() {
  const found = /^\/tournaments\/([^/]+)\/tables\/(\d+)\/(\d+)\/?$/.exec(location.pathname);
  return found ? { tournamentId: decodeURIComponent(found[1]), round: Number(found[2]), table: Number(found[3]) } : null;
}

/**
 * Step every table: each framed replay is asked the same step.
 * @param {string} key
 */
function step(key) {
  for (const frame of document.querySelectorAll("#plays iframe")) {
    /** @type {HTMLIFrameElement} */ (frame).contentWindow?.postMessage({ step: key }, location.origin);
  }
}

/**
 * One table's play of the board: who sat where, what each scored on it, its game's replay
 * opened at the board (`#r=`: the board's round in the game).
 * @param {TournamentView} tournament
 * @param {TableRecord} table
 * @param {number} number the table's place in its round, from 1
 * @param {number} index the board's place in the round, from 0
 * @param {number} shown how many tables are shown before it
 * @returns {HTMLElement}
 */
function tablePlay(tournament, table, number, index, shown) {
  const [gameId] = table.game_ids;
  const b = /** @type {number} */ (table.b);
  const scores = boardScores(table)?.[index] ?? [0, 0];
  const title = t("dup.table", { table: number, a: entrantName(tournament, table.a), b: entrantName(tournament, b),
    am: scoreWords(tournament, scores[0]), bm: scoreWords(tournament, scores[1]) });
  return h("section", { "data-table": String(number), "data-game": gameId, "data-scores": scores.join(",") },
    h("h3", { text: title }),
    h("iframe", { src: `/replay/${gameId}#r=${index + 1}`, title, loading: shown < EAGER ? "eager" : "lazy" }));
}

/**
 * The board `#board=N` names (else the round's first) at every table of the round the address
 * names, once that round is over; the table the address names first.
 * @param {{tournamentId: string, round: number, table: number}} where
 */
async function show(where) {
  /** @type {TournamentView} */
  const tournament = await api(`/v1/tournaments/${encodeURIComponent(where.tournamentId)}`);
  $("back-link", HTMLAnchorElement).href = `/tournaments/${where.tournamentId}`;
  const round = tournament.rounds?.find((r) => r.round === where.round);
  const picked = round?.tables[where.table - 1];
  if (!round || !picked || picked.b === null || picked.b === undefined) throw new Error(t("dup.noTable"));
  if (picked.results === null || picked.results === undefined) throw new Error(t("dup.sealed"));
  const asked = Number(/#board=(\d+)/.exec(location.hash)?.[1]);
  const board = round.boards.includes(asked) ? asked : round.boards[0];
  const index = round.boards.indexOf(board);
  const heading = t("dup.heading", { round: where.round, board });
  $("heading").textContent = heading;
  document.title = heading;
  $("boards").replaceChildren(...round.boards.map((other) => h("a", { href: `#board=${other}`, "data-board": String(other),
    "aria-current": other === board ? "true" : null, text: t("dup.board", { board: other }) })));
  const order = round.tables.map((table, i) => /** @type {[TableRecord, number]} */ ([table, i + 1]))
    .filter(([table]) => table.b !== null && table.b !== undefined && table.game_ids.length === 1)
    .sort(([, x], [, y]) => Number(y === where.table) - Number(x === where.table));
  $("plays").replaceChildren(...order.map(([table, number], shown) => tablePlay(tournament, table, number, index, shown)));
}

/** Show the page's board, or say why not. */
function showAsked() {
  const where = address();
  if (where) show(where).catch((problem) => { $("error").textContent = messageOf(problem); });
  else $("error").textContent = t("dup.noTable");
}

translate();
document.addEventListener("keydown", (event) => {
  if (!STEP_KEYS.has(event.key)) return;
  event.preventDefault();
  step(event.key);
});
for (const button of document.querySelectorAll("button[data-step]")) {
  button.addEventListener("click", () => step(/** @type {HTMLElement} */ (button).dataset.step ?? ""));
}
window.addEventListener("hashchange", showAsked);
showAsked();
