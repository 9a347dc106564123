// Partner signals as the pages word them: what each signal says, and who sent it.

export const SIGNAL = { guindis: "I hold the seven of oros (guindis)", seven: "I hold another seven" };

/** One sent signal (`{seat, signal, after}`) as a line: "Ana signals: I hold ...". */
export function signalLine(sent, players) {
  return `${players[sent.seat] ?? `seat ${sent.seat}`} signals: ${SIGNAL[sent.signal] ?? sent.signal}`;
}
