// @ts-check
// A round's score, category by category per side (the engine's RoundScore), as a table.

import { h } from "./dom.js";

/** @typedef {import("./types.js").Outcome} Outcome */
/** @typedef {import("./types.js").RoundScore} RoundScore */
/** @typedef {import("./types.js").SideScore} SideScore */

/** @type {Record<string, string>} */
export const CATEGORY = {
  escopa: "Escopas",
  most_cards: "Most cards",
  all_cards: "All the cards",
  most_diamonds: "Most oros (diamonds)",
  all_diamonds: "All ten oros",
  seven_of_diamonds: "Seven of oros",
  most_sevens: "Most sevens",
  all_sevens: "All four sevens",
  opponents_under_10: "Opponents under 10 cards",
  primeira: "Primeira",
};

/**
 * A side's label: its players' names.
 * @param {{seats: number[]}} side
 * @param {string[]} players each seat's name ("" or absent: the seat's number is shown)
 * @returns {string}
 */
export function sideName(side, players) {
  return side.seats.map((seat) => players[seat] ?? `seat ${seat}`).join(" & ");
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
  const known = Object.keys(CATEGORY).filter((name) => names.has(name));
  const order = [...known, ...[...names].filter((name) => !(name in CATEGORY))]; // newer ones too
  /** @type {(label: string, cells: (string | number)[], cls?: string) => HTMLTableRowElement} */
  const row = (label, cells, cls) =>
    h("tr", { class: cls }, h("th", { scope: "row", text: label }), cells.map((c) => h("td", { text: String(c) })));
  /** @type {(n: number, word: string) => string} */
  const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  /** @type {(side: SideScore) => string} */
  const taken = (side) => `${count(side.cards, "card")}, ${count(side.diamonds, "oro")}, ${count(side.sevens, "seven")}`;
  return h(
    "table",
    { class: "score", "data-round": String(round.round) },
    h("caption", { text: `Round ${round.round}` }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Category" }),
      sides.map((side) => h("th", { scope: "col", text: sideName(side, players) })))),
    h(
      "tbody",
      {},
      row("Taken", sides.map(taken)),
      order.map((name) => row(CATEGORY[name] ?? name.replaceAll("_", " "), sides.map((side) => side.categories[name] ?? 0))),
      sides.some((side) => side.void) ? row("Penalty (wrong captures)", sides.map((side) => -side.penalty)) : null,
      row("Round points", sides.map((side) => side.total), "total"),
      row("Match total", round.match_totals, "total"),
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
  const names = (seats) => seats.map((seat) => players[seat] ?? `seat ${seat}`).join(" & ");
  const totals = outcome.totals.join("–");
  const after = `after ${outcome.rounds} round${outcome.rounds === 1 ? "" : "s"}`;
  if (outcome.result === "draw") return `A draw at ${totals} ${after}.`;
  if (outcome.result === "aborted") return `Aborted at ${totals} ${after}: no winner.`;
  if (outcome.result === "resigned") return `${names(outcome.resigned)} resigned: ${names(outcome.seats)} won at ${totals} ${after}.`;
  if (outcome.result === "timeout") return `${names(outcome.timed_out)} lost on time: ${names(outcome.seats)} won at ${totals} ${after}.`;
  if (outcome.result === "shared") return `${names(outcome.seats)} share the win at ${totals} ${after}.`;
  return `${names(outcome.seats)} won ${totals} ${after}.`;
}
