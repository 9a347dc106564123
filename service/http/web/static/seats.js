// @ts-check
// The seats kept on this device: a person who ticks "keep this seat on this device" has its
// token in localStorage (not only in the tab's session storage), so closing the tab loses
// nothing; the start page lists them to resume, and each may be forgotten.

const KEPT = "escopa:seats";

/**
 * A seat kept: its token, number, player's name, and when it was kept.
 * @typedef {{token: string, seat: number, name: string, kept: string}} KeptSeat
 */

/**
 * The seats kept on this device, by game id.
 * @returns {Record<string, KeptSeat>}
 */
export function keptSeats() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) ?? "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {}; // something else wrote there: as if nothing were kept
  }
}

/**
 * Keep a game's seat on this device.
 * @param {string} gameId
 * @param {Omit<KeptSeat, "kept">} seat
 */
export function keep(gameId, seat) {
  localStorage.setItem(KEPT, JSON.stringify({ ...keptSeats(), [gameId]: { ...seat, kept: new Date().toISOString() } }));
}

/**
 * Forget a game's seat on this device (its tab's session keeps it while it is open).
 * @param {string} gameId
 */
export function forget(gameId) {
  const kept = keptSeats();
  delete kept[gameId];
  localStorage.setItem(KEPT, JSON.stringify(kept));
}
