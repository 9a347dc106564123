// @ts-check
// Partner signals as the pages word them: what each signal says, and who sent it.

/** @typedef {import("./types.js").SentSignal} SentSignal */

/** @type {Record<string, string>} */
export const SIGNAL = { guindis: "I hold the seven of oros (guindis)", seven: "I hold another seven" };

/**
 * One sent signal (`{seat, signal, after}`) as a line: "Ana signals: I hold ...".
 * @param {Pick<SentSignal, "seat" | "signal">} sent
 * @param {string[]} players each seat's name ("" or absent: the seat's number is shown)
 * @returns {string}
 */
export function signalLine(sent, players) {
  return `${players[sent.seat] ?? `seat ${sent.seat}`} signals: ${SIGNAL[sent.signal] ?? sent.signal}`;
}
