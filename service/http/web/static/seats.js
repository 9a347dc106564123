// @ts-check
// What is kept on this device: a person who ticks "keep this seat on this device" has its
// token in localStorage (not only in the tab's session storage), so closing the tab loses
// nothing; the start page lists them to resume, and each may be forgotten. A tournament's
// entrant link (`/tournaments/{id}#token=...`) is kept the same way, by tournament.

import { storedObject } from "./stored.js";

const KEPT = "escopa:seats";
const ENTRANTS = "escopa:entrants";

/**
 * A seat kept: its token, number, player's name, and when it was kept.
 * @typedef {{token: string, seat: number, name: string, kept: string}} KeptSeat
 */

/**
 * An entrant kept: its token, and when it was kept.
 * @typedef {{token: string, kept: string}} KeptEntrant
 */

/**
 * Keep (`value`) or forget (null) one id's entry under a localStorage key.
 * @param {string} key
 * @param {string} id
 * @param {object | null} value
 */
function put(key, id, value) {
  const all = storedObject(key);
  if (value === null) delete all[id];
  else all[id] = { ...value, kept: new Date().toISOString() };
  localStorage.setItem(key, JSON.stringify(all));
}

/**
 * The seats kept on this device, by game id.
 * @returns {Record<string, KeptSeat>}
 */
export function keptSeats() {
  return storedObject(KEPT);
}

/**
 * Keep a game's seat on this device.
 * @param {string} gameId
 * @param {Omit<KeptSeat, "kept">} seat
 */
export function keep(gameId, seat) {
  put(KEPT, gameId, seat);
}

/**
 * Forget a game's seat on this device (its tab's session keeps it while it is open).
 * @param {string} gameId
 */
export function forget(gameId) {
  put(KEPT, gameId, null);
}

/**
 * The entrant token kept on this device for a tournament, if any.
 * @param {string} tournamentId
 * @returns {string | null}
 */
export function entrantToken(tournamentId) {
  return /** @type {Record<string, KeptEntrant>} */ (storedObject(ENTRANTS))[tournamentId]?.token ?? null;
}

/**
 * Keep a tournament's entrant token on this device (null: forget it).
 * @param {string} tournamentId
 * @param {string | null} token
 */
export function keepEntrant(tournamentId, token) {
  put(ENTRANTS, tournamentId, token === null ? null : { token });
}
