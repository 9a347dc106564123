// @ts-check
// The rules page: how to play in the page's language (docs/rules.md in short), and how the
// preset chosen (`?preset=`, or the picker) plays and scores, as the service's presets give it.

import { api, messageOf } from "./api.js";
import { byId as $, h } from "./dom.js";
import { has, t, translate } from "./i18n.js";
import { CATEGORIES } from "./score.js";

/** @typedef {import("./types.js").Rules} Rules */

/**
 * How a preset plays, option by option, in words: the opening table, the deal, captures,
 * missed captures, signals, a tie at the target.
 * @param {Rules} rules
 * @returns {[string, string][]} each option's name and its sentence
 */
function options(rules) {
  return [
    ["bonus", t("rules.option.bonus", { bonus: rules.initial_table_bonus })],
    ["rotation", t("rules.option.rotation", { rotation: rules.dealer_rotation })],
    ["capture", t("rules.option.capture", { capture: rules.capture })],
    ["missed", t("rules.option.missed", { missed: rules.missed_capture })],
    ["signals", t("rules.option.signals", { signals: String(rules.signals) })],
    ["tie", t("rules.option.tie", { tie: rules.tie_at_target ?? "play_on" })],
  ];
}

/**
 * The chosen preset: how it plays, its points category by category (what each means), and
 * the points that win.
 * @param {string} name
 * @param {Rules} rules
 */
function showRules(name, rules) {
  $("options").replaceChildren(...options(rules).map(([option, text]) => h("li", { "data-option": option, text })));
  const points = /** @type {Record<string, number>} */ (rules.points);
  const scored = CATEGORIES.filter((category) => points[category]);
  const header = ["score.category", "rules.points", "rules.meaning"].map((key) => h("th", { scope: "col", text: t(key) }));
  $("points").replaceChildren(
    h("caption", { text: name }),
    h("thead", {}, h("tr", {}, ...header)),
    h("tbody", {}, scored.map((category) => h("tr", { "data-category": category },
      h("th", { scope: "row", text: has(`category.${category}`) ? t(`category.${category}`) : category }),
      h("td", { text: String(points[category]) }),
      h("td", { text: has(`rules.category.${category}`) ? t(`rules.category.${category}`) : "" })))));
  $("target").textContent = t("rules.target", { target: rules.target });
}

async function start() {
  /** @type {Record<string, Rules>} */
  const presets = await api("/v1/rules/presets");
  const select = $("preset", HTMLSelectElement);
  const asked = new URLSearchParams(location.search).get("preset");
  const chosen = asked && asked in presets ? asked : Object.keys(presets)[0];
  select.replaceChildren(...Object.keys(presets).map((name) => h("option", { value: name, text: name, selected: name === chosen })));
  select.addEventListener("change", () => {
    history.replaceState(null, "", `?preset=${encodeURIComponent(select.value)}`);
    showRules(select.value, presets[select.value]);
  });
  showRules(chosen, presets[chosen]);
}

translate();
start().catch((problem) => { $("target").textContent = messageOf(problem); });
