// The start page: create a game (preset, players) and hand out each seat's link.

import { api } from "./api.js";
import { h } from "./dom.js";

const DEFAULT_NAMES = ["Ana", "Bia", "Caio", "Duda"];

function nameInputs(count) {
  const fieldset = document.getElementById("names");
  const kept = [...fieldset.querySelectorAll("input")].map((input) => input.value);
  fieldset.replaceChildren(h("legend", { text: "Names, in seat order" }));
  for (let seat = 0; seat < count; seat += 1) {
    fieldset.append(h("label", { text: `Seat ${seat}` },
      h("input", { name: `name${seat}`, required: true, maxlength: "40", value: kept[seat] ?? DEFAULT_NAMES[seat] })));
  }
}

async function loadPresets() {
  const presets = await api("/v1/rules/presets");
  const select = document.getElementById("preset");
  select.replaceChildren(...Object.entries(presets).map(([name, rules]) =>
    h("option", { value: name, text: `${name} (to ${rules.target})` })));
}

function body(form) {
  const data = new FormData(form);
  const players = Number(data.get("players"));
  const request = {
    players: Array.from({ length: players }, (_, seat) => String(data.get(`name${seat}`)).trim()),
    preset: data.get("preset"),
  };
  if (data.get("target")) request.rules = { target: Number(data.get("target")) };
  if (data.get("seed")) request.seed = String(data.get("seed"));
  return request;
}

function showCreated(game) {
  const links = document.getElementById("seat-links");
  links.replaceChildren(...game.players.map((seat) => {
    const url = `${location.origin}/play/${game.game_id}#token=${encodeURIComponent(seat.token)}`;
    return h("li", {},
      h("a", { href: url, "data-seat": String(seat.seat), text: `Play as ${seat.name} (seat ${seat.seat})` }),
      " ", h("code", { text: url }));
  }));
  document.getElementById("spectate").href = `/play/${game.game_id}`;
  document.getElementById("replay-link").href = `/replay/${game.game_id}`;
  const section = document.getElementById("created");
  section.hidden = false;
  section.querySelector("a").focus();
}

async function create(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const error = document.getElementById("start-error");
  error.textContent = "";
  const key = new FormData(form).get("apikey");
  try {
    const game = await api("/v1/games", { method: "POST", body: body(form), headers: key ? { "X-API-Key": key } : {} });
    showCreated(game);
  } catch (problem) {
    error.textContent = problem.message;
  }
}

const players = document.getElementById("players");
players.addEventListener("change", () => nameInputs(Number(players.value)));
nameInputs(2);
document.getElementById("start").addEventListener("submit", create);
loadPresets().catch((problem) => { document.getElementById("start-error").textContent = problem.message; });
