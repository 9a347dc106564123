// @ts-check
// A tournament's entrants and scores in words, as its pages say them.

import { named, t } from "./i18n.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */
/** @typedef {import("./types.js").TableRecord} TableRecord */

/**
 * An entrant's name as the pages show it: a bot's level after it.
 * @param {TournamentView} tournament
 * @param {number} entrant
 * @returns {string}
 */
export function entrantName(tournament, entrant) {
  const record = tournament.entrants[entrant];
  return record.bot ? t("play.botName", { name: record.name, level: named("level.name", record.bot) }) : record.name;
}

/**
 * A count of what the tournament scores: IMPs, matchpoints, or points when it is scored plainly.
 * @param {TournamentView} tournament
 * @param {number} count
 * @returns {string}
 */
export function scoreWords(tournament, count) {
  if (tournament.scoring === "plain") return t("tour.points", { count });
  return t(tournament.scoring === "imps" ? "tour.imps" : "tour.matchpoints", { count });
}

/**
 * A table's scores on each board (seat 0's, seat 1's): its IMPs or its matchpoints (none in
 * the first format).
 * @param {TableRecord} table
 * @returns {Array<Array<number>> | undefined}
 */
export function boardScores(table) {
  return table.imps ?? table.matchpoints ?? undefined;
}
