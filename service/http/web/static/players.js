// @ts-check
// The player ids held on this device: on a server without API keys a rated game names its
// person's id with the id's secret, which `POST /v1/players` gives once; the page keeps it in
// localStorage, as it keeps a seat (anyone using the browser can play as that id).

import { storedObject } from "./stored.js";

const KEPT = "escopa:players";

/**
 * The player secrets kept on this device, by player id.
 * @returns {Record<string, string>}
 */
export function keptPlayers() {
  return storedObject(KEPT);
}

/**
 * Keep a player id's secret on this device.
 * @param {string} playerId
 * @param {string} secret
 */
export function keepPlayer(playerId, secret) {
  localStorage.setItem(KEPT, JSON.stringify({ ...keptPlayers(), [playerId]: secret }));
}
