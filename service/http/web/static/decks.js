// @ts-check
// The game's preset on a page: it chooses the deck drawn (French suits for escopa and escova as
// played in Brazil, Spanish naipes for escoba), and a person may pick the other one, kept on
// this device for that preset. The cards' words follow the page's language either way.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {"french" | "spanish"} Deck */

const KEPT = "escopa:deck:"; // + the preset: the deck picked for its games on this device
/** @type {Deck[]} */
const DECKS = ["french", "spanish"];
/** @type {Record<string, Deck>} */
const PLAYED_WITH = { escopa: "french", escova: "french", escoba: "spanish" };
/** The fields that tell the presets apart (the rest: the players, the clock, who deals first). */
const TELLING = ["target", "dealer_rotation", "missed_capture", "signals", "initial_table_bonus"];

let preset = "escopa";
/** @type {Deck} */
let drawn = kept(preset);

/**
 * The deck picked for a preset's games on this device, else the one it is played with.
 * @param {string} name
 * @returns {Deck}
 */
function kept(name) {
  const picked = localStorage.getItem(KEPT + name);
  return DECKS.find((deck) => deck === picked) ?? PLAYED_WITH[name] ?? "french";
}

/**
 * The preset a game's rules are, or the nearest (the most telling fields and points alike,
 * the first preset on a tie): a game's target or clock changed is still its preset's game.
 * @param {Rules} rules
 * @param {Record<string, Rules>} presets
 * @returns {string}
 */
export function presetOf(rules, presets) {
  const given = /** @type {Record<string, unknown>} */ (rules);
  const points = /** @type {Record<string, number>} */ (rules.points);
  let best = "escopa";
  let most = -1;
  for (const [name, named] of Object.entries(presets)) {
    const other = /** @type {Record<string, unknown>} */ (named);
    const theirs = /** @type {Record<string, number>} */ (named.points);
    const alike = TELLING.filter((field) => given[field] === other[field]).length
      + Object.keys(theirs).filter((category) => (points[category] ?? 0) === theirs[category]).length;
    if (alike > most) [best, most] = [name, alike];
  }
  return best;
}

/**
 * The page shows a game of this preset: its cards drawn from now on in the deck picked for it
 * here (else its own), and the header's "how to play" link naming it (its points).
 * @param {string} name
 */
export function usePreset(name) {
  preset = name;
  drawn = kept(name);
  const select = document.getElementById("deck");
  if (select instanceof HTMLSelectElement) select.value = drawn;
  document.querySelector("header a[href^='/rules']")?.setAttribute("href", `/rules?preset=${encodeURIComponent(name)}`);
}

/** @returns {boolean} whether French suits are drawn (else Spanish naipes) */
export function french() {
  return drawn === "french";
}

/** The deck picker in the page's header: the choice kept for this preset, the page drawn again. */
export function deckPicker() {
  const bar = document.querySelector("header.bar");
  if (!bar || document.getElementById("deck")) return;
  const select = document.createElement("select");
  select.id = "deck";
  for (const deck of DECKS) select.append(new Option(t(`deck.${deck}`), deck, false, deck === drawn));
  select.addEventListener("change", () => {
    localStorage.setItem(KEPT + preset, select.value);
    location.reload();
  });
  const label = document.createElement("label");
  label.className = "deck";
  label.append(t("common.deck"), " ", select);
  bar.append(label);
}
