// @ts-check
// The rules page: how to play in the page's language, and the points of the preset chosen
// (`?preset=`), as the service's presets give them.

import { api, messageOf } from "./api.js";
import { byId as $, h } from "./dom.js";
import { has, t, translate } from "./i18n.js";
import { CATEGORIES } from "./score.js";

/** @typedef {import("./types.js").Rules} Rules */

/**
 * The chosen preset's points, category by category, and the points that win.
 * @param {string} name
 * @param {Rules} rules
 */
function showPoints(name, rules) {
  const points = /** @type {Record<string, number>} */ (rules.points);
  const scored = CATEGORIES.filter((category) => points[category]);
  $("points").replaceChildren(
    h("caption", { text: name }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("score.category") }), h("th", { scope: "col", text: t("rules.points") }))),
    h("tbody", {}, scored.map((category) => h("tr", { "data-category": category },
      h("th", { scope: "row", text: has(`category.${category}`) ? t(`category.${category}`) : category }),
      h("td", { text: String(points[category]) })))));
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
    showPoints(select.value, presets[select.value]);
  });
  showPoints(chosen, presets[chosen]);
}

translate();
start().catch((problem) => { $("target").textContent = messageOf(problem); });
