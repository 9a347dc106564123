/**
 * A tournament's entrant played to the tournament's end: each of its tables in turn by one
 * `decide` (as `Table` plays a seat), the next round waited for on the tournament's events
 * stream. The entrant's token, from the tournament's creation, is its seat's at every table.
 */

import { type Api, type ClientOptions, createApi, unwrap } from "./client.js";
import { RETRY_MS, retryable, sleep } from "./events.js";
import type { TurnOptions } from "./moves.js";
import { SseParser, type SseMessage } from "./sse.js";
import { Table, type TableOptions } from "./table.js";
import type { EntrantTable } from "./types.js";

export interface EntrantOptions extends ClientOptions, TurnOptions {
  tournamentId: string;
  /** The entrant's token (required: it plays the entrant's seats). */
  token: string;
  /** Chooses the move whenever the entrant's seat has one, at every table. */
  decide: TableOptions["decide"];
  /** Told each new place of the entrant: a table ready, its game over, a bye, the end. */
  onTable?: ((where: EntrantTable) => void | Promise<void>) | undefined;
  /** Told of each entry of the entrant's games, as `Table`'s `onEntry`. */
  onEntry?: TableOptions["onEntry"];
  signal?: AbortSignal | undefined;
}

/** Where the entrant plays now: its round, status, game and seat, and its standing. */
export async function entrantTable(api: Api, tournamentId: string): Promise<EntrantTable> {
  const params = { params: { path: { tournament_id: tournamentId } } };
  return unwrap(await api.GET("/v1/tournaments/{tournament_id}/table", params));
}

/**
 * Play each of the entrant's tables in turn until the tournament is over, waiting between them
 * for the next round; the entrant's final place (`rank`, `total`) is the answer.
 */
export async function playTournament(options: EntrantOptions): Promise<EntrantTable> {
  const api = createApi(options);
  let told = "";
  let seen = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const where = await entrantTable(api, options.tournamentId);
    const now = `${where.status} ${where.round}`;
    if (now !== told) await options.onTable?.(where);
    told = now;
    if (where.status === "finished") return where;
    if (where.status === "playing" && where.game_id !== undefined) {
      await new Table({ ...options, gameId: where.game_id }).play();
    } else {
      seen = await nextRound(options, where.round, seen);
    }
  }
}

/**
 * Wait until a round after `round` has started or the tournament is over, as its events stream
 * tells from the event after `after`; the last event read. A stream that ends or breaks first
 * (a restart, 503) returns after a pause: the caller reads where the entrant is again.
 */
async function nextRound(options: EntrantOptions, round: number, after: number): Promise<number> {
  const stop = new AbortController();
  const abort = (): void => stop.abort();
  options.signal?.addEventListener("abort", abort);
  let seen = after;
  try {
    const answer = await createApi(options).GET("/v1/tournaments/{tournament_id}/events", {
      params: { path: { tournament_id: options.tournamentId }, query: { after } },
      parseAs: "stream",
      signal: stop.signal,
    });
    const body = unwrap(answer);
    if (body !== null) {
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        for (const message of parser.feed(chunk.value)) {
          seen = Number(message.id ?? seen);
          if (tellsNext(message, round)) return seen;
        }
      }
    }
  } catch (error) {
    if (stop.signal.aborted || !retryable(error)) throw error;
  } finally {
    options.signal?.removeEventListener("abort", abort);
    stop.abort(); // closes the stream once told
  }
  await sleep(RETRY_MS, options.signal ?? new AbortController().signal);
  return seen;
}

/** Whether an event of the tournament's stream says a round after `round` started, or the end. */
function tellsNext(message: SseMessage, round: number): boolean {
  if (message.event === "tournament.finished") return true;
  if (message.event !== "round.started") return false;
  return (JSON.parse(message.data) as { round: number }).round > round;
}
