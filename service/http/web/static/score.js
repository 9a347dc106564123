// @ts-check
// A round's score, category by category per side (the engine's RoundScore), as a table.

import { h } from "./dom.js";
import { fromOne, has, t } from "./i18n.js";

/** @typedef {import("./types.js").Outcome} Outcome */
/** @typedef {import("./types.js").RoundScore} RoundScore */
/** @typedef {import("./types.js").SideScore} SideScore */

/** The categories in the order a score sheet lists them (newer ones after, by name). */
export const CATEGORIES = ["escopa", "most_cards", "all_cards", "most_diamonds", "all_diamonds", "seven_of_diamonds",
  "most_sevens", "all_sevens", "opponents_under_10", "primeira"];

/**
 * A side's label: its players' names.
 * @param {{seats: number[]}} side
 * @param {string[]} players each seat's name ("" or absent: the seat's number is shown)
 * @returns {string}
 */
export function sideName(side, players) {
  return side.seats.map((seat) => players[seat] || t("common.seat", { seat: fromOne(seat) })).join(" & ");
}

/**
 * The table of one round: what each side took, its points per category, the totals.
 * @param {RoundScore} round
 * @param {string[]} players
 * @returns {HTMLTableElement}
 */
export function scoreTable(round, players) {
  const sides = round.sides;
  const names = new Set(sides.flatMap((side) => Object.keys(side.categories)));
  const known = CATEGORIES.filter((name) => names.has(name));
  const order = [...known, ...[...names].filter((name) => !CATEGORIES.includes(name))]; // newer ones too
  /** @type {(label: string, cells: (string | number)[], cls?: string) => HTMLTableRowElement} */
  const row = (label, cells, cls) =>
    h("tr", { class: cls }, h("th", { scope: "row", text: label }), cells.map((c) => h("td", { text: String(c) })));
  /** @type {(side: SideScore) => string} */
  const taken = (side) => t("score.taken.cards", { cards: side.cards, diamonds: side.diamonds, sevens: side.sevens });
  return h(
    "table",
    { class: "score", "data-round": String(round.round) },
    h("caption", { text: t("score.round", { round: round.round }) }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("score.category") }),
      sides.map((side) => h("th", { scope: "col", text: sideName(side, players) })))),
    h(
      "tbody",
      {},
      row(t("score.taken"), sides.map(taken)),
      order.map((name) => row(has(`category.${name}`) ? t(`category.${name}`) : name.replaceAll("_", " "), sides.map((side) => side.categories[name] ?? 0))),
      sides.some((side) => side.void) ? row(t("score.penalty"), sides.map((side) => -side.penalty)) : null,
      row(t("score.roundPoints"), sides.map((side) => side.total), "total"),
      row(t("score.matchTotal"), round.match_totals, "total"),
    ),
  );
}

/**
 * How a match ended: won by one side, drawn, won by several, resigned, lost on time or aborted (`result`; absent: won).
 * @param {Outcome} outcome
 * @param {string[]} players
 * @returns {string}
 */
export function outcomeText(outcome, players) {
  /** @type {(seats: number[]) => string} */
  const names = (seats) => seats.map((seat) => players[seat] || t("common.seat", { seat: fromOne(seat) })).join(" & ");
  const args = { totals: outcome.totals.join("–"), rounds: outcome.rounds, winners: names(outcome.seats) };
  if (outcome.result === "draw") return t("outcome.draw", args);
  if (outcome.result === "aborted") return t("outcome.aborted", args);
  if (outcome.result === "resigned") return t("outcome.resigned", { ...args, who: names(outcome.resigned) });
  if (outcome.result === "timeout") return t("outcome.timeout", { ...args, who: names(outcome.timed_out) });
  if (outcome.result === "shared") return t("outcome.shared", args);
  return t("outcome.won", args);
}
