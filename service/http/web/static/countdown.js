// @ts-check
// The turn clock as the pages show it: the time left of the seat to act, counted down from the
// view's `ms_left` (the server's reckoning when the view was read, so a device whose clock is
// wrong still shows the right time), every seat's bank, and a `timeout` entry in words.

import { shortName } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Clock} Clock */
/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").LogEntry} LogEntry */

/**
 * "0:07", "2:00", "1:02:03": minutes and seconds (hours when there are any), rounded up.
 * @param {number} ms
 * @returns {string}
 */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * A rules' clock in words: "30 s a turn + 2:00 bank; out of time: a bot plays".
 * @param {Clock} clock
 * @returns {string}
 */
export function clockRules(clock) {
  const then = ["bot", "forfeit", "first_move"].includes(clock.on_timeout) ? t(`clock.then.${clock.on_timeout}`) : clock.on_timeout;
  return t("clock.rules", { turn: clock.turn_seconds, bank: clockText(clock.bank_seconds * 1000), then });
}

/**
 * A move's text form in words: "5H+2S+QD" → "5 de copas, taking 2 de espadas + Sota de oros".
 * @param {string} text
 * @returns {string}
 */
export function moveWords(text) {
  if (text === "deal") return t("move.words.deal");
  if (text.startsWith("claim:")) return t("move.words.claim", { cards: text.slice(6).split("+").map(shortName).join(" + ") });
  const [card, ...taken] = text.split("+");
  return taken.length ? t("move.words.take", { card: shortName(card), cards: taken.map(shortName).join(" + ") }) : shortName(card);
}

/**
 * A `timeout` entry in words: "Ana ran out of time: the bot played 5 de copas".
 * @param {Pick<LogEntry, "move">} entry
 * @param {string} who the seat's player
 * @param {Clock["on_timeout"] | undefined} policy the rules' `on_timeout`
 * @returns {string}
 */
export function timeoutWords(entry, who, policy) {
  if (entry.move === "forfeit") return t("timeout.forfeit", { who });
  if (entry.move === "abort") return t("timeout.abort", { who });
  if (entry.move === null) return t("timeout.ran", { who }); // a timeout's entry names what followed: not in a valid log
  return t(policy === "first_move" ? "timeout.first" : "timeout.bot", { who, move: moveWords(entry.move) });
}

/**
 * What one seat's clock reads `elapsed` ms after the view was read: the turn's time and the
 * bank for the seat to act (its bank is spent once the turn's time is), the bank for the others.
 * A zombie seat (`clock.zombie_after` timeouts in a row) has no bank; before any seat's own
 * move (`opening`) the deadline is the service's for the first move.
 * @param {GameView} view
 * @param {number} seat
 * @param {number} elapsed
 * @param {Clock | null | undefined} clock
 * @param {boolean} [opening]
 * @returns {{text: string, left: number | null}}
 */
export function seatClock(view, seat, elapsed, clock, opening = false) {
  const bank = view.banks_ms?.[seat] ?? 0;
  const misses = view.timeouts?.[seat] ?? 0;
  const row = misses ? t("clock.misses", { misses }) : "";
  if (seat !== view.turn || view.ms_left === null || view.ms_left === undefined || view.outcome) {
    return { text: `${t("clock.bank", { bank: clockText(bank) })}${row}`, left: null };
  }
  const left = Math.max(0, view.ms_left - elapsed);
  if (opening) return { text: t("clock.first", { left: clockText(left) }), left }; // else the match is aborted
  const zombie = clock?.on_timeout === "bot" && clock.zombie_after > 0 && misses >= clock.zombie_after;
  if (zombie) return { text: `${t("clock.zombie", { left: clockText(left) })}${row}`, left };
  const turn = Math.max(0, left - bank);
  const text = left === 0 ? t("clock.up") : turn > 0 ? t("clock.turn", { turn: clockText(turn), bank: clockText(bank) }) : t("clock.bank", { bank: clockText(left) });
  return { text: `${text}${row}`, left };
}
