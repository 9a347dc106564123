/**
 * Following a game's events: its log entries as typed `LogEntry`s, live, resumed after a cut.
 *
 * Two transports give one connection's entries: a `fetch` stream reader (Node, or any runtime
 * whose `fetch` streams; the seat token goes in `Authorization` and a resume in `Last-Event-ID`)
 * and a browser's `EventSource`, which cannot send headers, opened with a stream ticket. Both
 * reconnect the same way: after the last seq received, until the match is over.
 */

import { ApiError, type ClientOptions, createApi, unwrap } from "./client.js";
import { SseParser } from "./sse.js";
import type { GameView, LogEntry } from "./types.js";

export type Until = "end" | "rematch";

export interface FollowOptions extends ClientOptions {
  gameId: string;
  /** Start after this seq (0, the default: the whole log, as the reader may see it). */
  after?: number | undefined;
  /** Stop after the entry that ends the match (`end`, the default) or offers its rematch. */
  until?: Until | undefined;
  /** Ends the follow (the iteration just stops). */
  signal?: AbortSignal | undefined;
  /** `fetch` (the default where there is no `EventSource`) or `eventsource` (browsers). */
  transport?: "fetch" | "eventsource" | undefined;
  /** The `EventSource` class to use; the global one by default. */
  EventSource?: EventSourceClass | undefined;
  /** Attempts in a row that may fail (no connection, 503) before the follow gives up; 5. */
  maxFailures?: number | undefined;
}

/** The part of a browser's `EventSource` that this module uses. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}
export type EventSourceClass = new (url: string) => EventSourceLike;

/** The entries of one connection opened after `after`; it ends when the server ends it. */
type Connect = (after: number, signal: AbortSignal) => AsyncIterable<LogEntry>;

const ENTRY_TYPES: readonly LogEntry["type"][] = [
  "aborted",
  "created",
  "deal",
  "joined",
  "left",
  "move",
  "rematch",
  "resigned",
  "signal",
  "timeout",
];
export const RETRY_MS = 2000;

/** Whether this entry ends the match (its events include `match_ended`). */
export function endsMatch(entry: LogEntry): boolean {
  return entry.events.some((event) => event.type === "match_ended");
}

function isLast(entry: LogEntry, until: Until): boolean {
  return until === "end" ? endsMatch(entry) : entry.type === "rematch";
}

/**
 * The game's log entries after `after`, as this reader may see them, live, in seq order and
 * each once: a connection that ends early (the server restarts, Redis fails) is opened again
 * after the last seq received. It ends after the last entry `until` asks for.
 */
export async function* followEvents(options: FollowOptions): AsyncGenerator<LogEntry, void> {
  const until = options.until ?? "end";
  const connect = chooseTransport(options, until);
  const maxFailures = options.maxFailures ?? 5;
  const stop = new AbortController();
  const outer = options.signal;
  const abort = (): void => stop.abort();
  outer?.addEventListener("abort", abort);
  let last = options.after ?? 0;
  let failures = 0;
  try {
    while (!stop.signal.aborted) {
      let failed: unknown = undefined; // an attempt (a connection, then a look) fails once
      try {
        for await (const entry of connect(last, stop.signal)) {
          if (entry.seq <= last) continue; // already given
          last = entry.seq;
          failures = 0;
          yield entry;
          if (isLast(entry, until)) return;
        }
      } catch (error) {
        if (stop.signal.aborted) return;
        if (!retryable(error)) throw error;
        failed = error;
      }
      if (stop.signal.aborted) return;
      try {
        if (await over(options, last, until)) return;
      } catch (error) {
        // the server may be down between two connections (a restart): try again later
        if (!retryable(error)) throw error;
        failed ??= error;
      }
      if (failed !== undefined && ++failures > maxFailures) throw failed;
      await sleep(RETRY_MS, stop.signal);
    }
  } finally {
    outer?.removeEventListener("abort", abort);
    stop.abort(); // closes a connection still open when the caller stops early
  }
}

function chooseTransport(options: FollowOptions, until: Until): Connect {
  const EventSourceClass =
    options.EventSource ?? (globalThis as { EventSource?: EventSourceClass }).EventSource;
  const transport = options.transport ?? (EventSourceClass === undefined ? "fetch" : "eventsource");
  if (transport === "fetch") return (after, signal) => fetchStream(options, until, after, signal);
  if (EventSourceClass === undefined) throw new Error("no EventSource in this runtime");
  return (after, signal) => eventSourceStream(options, EventSourceClass, until, after, signal);
}

/** Nothing more will come: the match is over and every entry up to its end was received. */
async function over(options: FollowOptions, last: number, until: Until): Promise<boolean> {
  const api = createApi(options);
  const view: GameView = unwrap(
    await api.GET("/v1/games/{game_id}", { params: { path: { game_id: options.gameId } } }),
  );
  const ended = view.status === "finished" && (until === "end" || view.rematch !== undefined);
  return ended && last >= view.version;
}

/** Worth another try: no connection, or the service busy for now (503, 502, 504). */
export function retryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 502 && error.status <= 504;
  return error instanceof TypeError || error instanceof StreamCut;
}

/** The connection ended in a way that no answer explains (an `EventSource` error). */
export class StreamCut extends Error {}

async function* fetchStream(
  options: FollowOptions,
  until: Until,
  after: number,
  signal: AbortSignal,
): AsyncGenerator<LogEntry> {
  const api = createApi(options);
  const answer = await api.GET("/v1/games/{game_id}/events", {
    params: {
      path: { game_id: options.gameId },
      query: { after, until },
      header: after > 0 ? { "Last-Event-ID": String(after) } : {},
    },
    parseAs: "stream",
    signal,
  });
  const body = unwrap(answer);
  if (body === null) return;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const message of parser.feed(value)) yield entryOf(message.event, message.data);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** One log entry from an event's name and data, checked for the shape the stream promises. */
export function entryOf(event: string, data: string): LogEntry {
  const entry = JSON.parse(data) as LogEntry;
  if (!ENTRY_TYPES.includes(event as LogEntry["type"]) || entry.type !== event) {
    throw new Error(`an event ${event} whose entry is of type ${entry.type}`);
  }
  if (!Number.isInteger(entry.seq) || !Array.isArray(entry.events)) {
    throw new Error(`an event ${event} with no log entry in its data`);
  }
  return entry;
}

async function* eventSourceStream(
  options: FollowOptions,
  EventSourceClass: EventSourceClass,
  until: Until,
  after: number,
  signal: AbortSignal,
): AsyncGenerator<LogEntry> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, "")}/v1/games/${options.gameId}/events`);
  url.searchParams.set("after", String(after));
  url.searchParams.set("until", until);
  if (options.token !== undefined) url.searchParams.set("ticket", await ticket(options));
  const queue = new Queue<LogEntry>();
  const source = new EventSourceClass(url.toString());
  const onAbort = (): void => queue.end();
  signal.addEventListener("abort", onAbort);
  for (const type of ENTRY_TYPES) {
    source.addEventListener(type, (event) => {
      try {
        queue.push(entryOf(type, event.data));
      } catch (error) {
        queue.fail(error);
      }
    });
  }
  // The browser would reconnect by itself, with the same (short-lived) ticket: close, and let
  // the follow open a new connection with a new ticket after the last seq received.
  source.onerror = () => queue.fail(new StreamCut("the event stream was cut"));
  try {
    yield* queue;
  } finally {
    signal.removeEventListener("abort", onAbort);
    source.close();
  }
}

async function ticket(options: FollowOptions): Promise<string> {
  const api = createApi(options);
  const answer = await api.POST("/v1/games/{game_id}/stream-tickets", {
    params: { path: { game_id: options.gameId } },
  });
  return unwrap(answer).ticket;
}

/** Values pushed by callbacks, read by one `for await`; it ends at `end()` or throws at `fail()`. */
class Queue<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private error: unknown = undefined;
  private done = false;
  private wake: (() => void) | undefined = undefined;

  push(item: T): void {
    this.items.push(item);
    this.notify();
  }

  end(): void {
    this.done = true;
    this.notify();
  }

  fail(error: unknown): void {
    if (this.done) return;
    this.error = error;
    this.done = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.done) {
        if (this.error !== undefined) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/** Wait `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
