// @ts-check
// The join page: take an open seat, by the invite in the URL's fragment (`#invite=`, never
// sent in a request line: it goes in the join's body) or, for a lobby game, by its number
// (`#seat=`); then to the table, the seat's new token in this tab's session storage.

import { api, gameIdFromPath, told } from "./api.js";
import { byId as $, h } from "./dom.js";
import { fromOne, t, translate } from "./i18n.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").Joined} Joined */
/** What the join asks for: a seat by its invite, or (a lobby game) by its number. @typedef {{invite: string} | {seat: number}} Asked */

const gameId = gameIdFromPath("/join/");
/**
 * What the fragment asks for: an invite (kept in this tab, out of the address bar) or a seat.
 * @returns {Asked | null}
 */
function wanted() {
  const key = `escopa:invite:${gameId}`;
  const invite = /(?:^#|&)invite=([^&]+)/.exec(location.hash);
  const seat = /(?:^#|&)seat=(\d+)/.exec(location.hash);
  if (invite) {
    sessionStorage.setItem(key, decodeURIComponent(invite[1]));
    history.replaceState(null, "", location.pathname);
  }
  const kept = sessionStorage.getItem(key);
  if (kept) return { invite: kept };
  return seat ? { seat: Number(seat[1]) } : null;
}

/**
 * The game as the one invited reads it: who invites, its rules, the seats still open.
 * @param {GameView} view
 * @param {Asked} asked
 * @returns {string}
 */
function describe(view, asked) {
  const seated = view.players.filter((p) => !p.open).map((p) => p.name);
  const open = view.players.filter((p) => p.open).length;
  const game = { players: view.rules.players, target: view.rules.target, open };
  if ("invite" in asked) return t("join.invited", { ...game, who: seated.join(" & "), count: seated.length });
  return t("join.seatOpen", { ...game, seat: fromOne(asked.seat) });
}

/**
 * Take the seat with the name given; then to the table, else the problem in words.
 * @param {SubmitEvent} event
 * @param {Asked} asked
 */
async function join(event, asked) {
  event.preventDefault();
  $("error").textContent = "";
  $("join-go", HTMLButtonElement).disabled = true;
  const name = $("join-name", HTMLInputElement).value.trim();
  try {
    /** @type {Joined} */
    const joined = await api(`/v1/games/${gameId}/join`, { method: "POST", body: { ...asked, name } });
    sessionStorage.setItem(`escopa:token:${gameId}`, joined.token);
    sessionStorage.removeItem(`escopa:invite:${gameId}`);
    location.assign(`/play/${gameId}`);
  } catch (problem) {
    $("error").textContent = told(problem, "join.told");
    $("join-go", HTMLButtonElement).disabled = false;
  }
}

async function start() {
  if (!gameId) throw new Error(t("common.noGame"));
  const asked = wanted();
  if (!asked) throw new Error(t("join.noInvite"));
  /** @type {GameView} */
  const view = await api(`/v1/games/${gameId}`);
  if (view.status !== "waiting") {
    $("game-line").replaceChildren(t("join.started"), " ", h("a", { href: `/play/${gameId}`, text: t("join.watch") }));
    return;
  }
  $("game-line").textContent = describe(view, asked);
  const form = $("join");
  form.hidden = false;
  form.addEventListener("submit", (event) => join(event, asked));
  $("join-name").focus();
}

translate();
start().catch((problem) => {
  $("game-line").textContent = "";
  $("error").textContent = told(problem, "join.told");
});
