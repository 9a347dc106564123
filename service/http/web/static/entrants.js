// @ts-check
// A tournament's entrants and scores in words, as its pages say them.

import { named, t } from "./i18n.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */

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
 * A count of what the tournament scores: matchpoints, or points when it is scored plainly.
 * @param {TournamentView} tournament
 * @param {number} count
 * @returns {string}
 */
export function scoreWords(tournament, count) {
  return t(tournament.scoring === "plain" ? "tour.points" : "tour.matchpoints", { count });
}
