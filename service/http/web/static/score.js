// A round's score, category by category per side (the engine's RoundScore), as a table.

import { h } from "./dom.js";

export const CATEGORY = {
  escopa: "Escopas",
  most_cards: "Most cards",
  most_diamonds: "Most oros (diamonds)",
  all_diamonds: "All ten oros",
  seven_of_diamonds: "Seven of oros",
  most_sevens: "Most sevens",
  all_sevens: "All four sevens",
  opponents_under_10: "Opponents under 10 cards",
  primeira: "Primeira",
};

/** A side's label: its players' names. */
export function sideName(side, players) {
  return side.seats.map((seat) => players[seat] ?? `seat ${seat}`).join(" & ");
}

/** The table of one round: what each side took, its points per category, the totals. */
export function scoreTable(round, players) {
  const sides = round.sides;
  const names = new Set(sides.flatMap((side) => Object.keys(side.categories)));
  const order = Object.keys(CATEGORY).filter((name) => names.has(name));
  const row = (label, cells, cls) =>
    h("tr", { class: cls }, h("th", { scope: "row", text: label }), cells.map((c) => h("td", { text: String(c) })));
  const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
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
      order.map((name) => row(CATEGORY[name], sides.map((side) => side.categories[name] ?? 0))),
      sides.some((side) => side.void) ? row("Penalty (wrong captures)", sides.map((side) => -side.penalty)) : null,
      row("Round points", sides.map((side) => side.total), "total"),
      row("Match total", round.match_totals, "total"),
    ),
  );
}
