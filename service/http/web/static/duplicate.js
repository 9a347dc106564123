// @ts-check
// A tournament table's two plays of the same boards side by side (duplicate: the seats
// swapped), each in the replay viewer (replay.js, framed from this service, so each is shown
// and verified as any replay); this page's stepper steps both at once.

import { api, messageOf } from "./api.js";
import { byId as $, h } from "./dom.js";
import { t, translate } from "./i18n.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */

/** The keys the replay viewer steps by (its `{step: key}` messages). */
const STEP_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End", "[", "]"]);

/**
 * The tournament, round and table (from 1) this page's address names.
 * @returns {{tournamentId: string, round: number, table: number} | null}
 */
function address() {
  const found = /^\/tournaments\/([^/]+)\/tables\/(\d+)\/(\d+)\/?$/.exec(location.pathname);
  return found ? { tournamentId: decodeURIComponent(found[1]), round: Number(found[2]), table: Number(found[3]) } : null;
}

/**
 * Step both plays: each framed replay is asked the same step.
 * @param {string} key
 */
function step(key) {
  for (const frame of document.querySelectorAll("#plays iframe")) {
    /** @type {HTMLIFrameElement} */ (frame).contentWindow?.postMessage({ step: key }, location.origin);
  }
}

/**
 * The two plays of the table the address names, each opened at the board `#board=N` names.
 * @param {{tournamentId: string, round: number, table: number}} where
 */
async function show(where) {
  /** @type {TournamentView} */
  const tournament = await api(`/v1/tournaments/${encodeURIComponent(where.tournamentId)}`);
  $("back-link", HTMLAnchorElement).href = `/tournaments/${where.tournamentId}`;
  const round = tournament.rounds?.find((r) => r.round === where.round);
  const table = round?.tables[where.table - 1];
  if (!round || !table || table.b === null || table.b === undefined) throw new Error(t("dup.noTable"));
  const names = tournament.entrants.map((e) => e.name);
  const heading = t("dup.heading", { round: where.round, table: where.table, a: names[table.a], b: names[table.b] });
  $("heading").textContent = heading;
  document.title = heading;
  const board = Number(/#board=(\d+)/.exec(location.hash)?.[1] ?? round.boards[0]);
  const index = round.boards.indexOf(board) + 1; // the board's round in each game, from 1
  $("plays").replaceChildren(...table.game_ids.map((gameId, play) => {
    const title = t("dup.play", { play: play + 1, first: names[table.seats[play][0]], second: names[table.seats[play][1]] });
    return h("section", { "data-play": String(play + 1), "data-game": gameId },
      h("h3", { text: title }),
      h("iframe", { src: `/replay/${gameId}${index ? `#r=${index}` : ""}`, title }));
  }));
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
const where = address();
if (where) show(where).catch((problem) => { $("error").textContent = messageOf(problem); });
else $("error").textContent = t("dup.noTable");
