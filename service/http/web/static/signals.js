// @ts-check
// Partner signals as the pages word them: what each signal says, and who sent it.

/** @typedef {import("./types.js").SentSignal} SentSignal */

import { fromOne, t } from "./i18n.js";

/** The signals a partner may send. */
export const SIGNALS = ["guindis", "seven"];

/**
 * What a signal says: "I hold the seven of oros (guindis)".
 * @param {string} signal
 * @returns {string}
 */
export function signalWords(signal) {
  return SIGNALS.includes(signal) ? t(`signal.${signal}`) : signal;
}

/**
 * One sent signal (`{seat, signal, after}`) as a line: "Ana signals: I hold ...".
 * @param {Pick<SentSignal, "seat" | "signal">} sent
 * @param {string[]} players each seat's name ("" or absent: the seat's number is shown)
 * @returns {string}
 */
export function signalLine(sent, players) {
  return t("signal.line", { who: players[sent.seat] || t("common.seat", { seat: fromOne(sent.seat) }), what: signalWords(sent.signal) });
}
