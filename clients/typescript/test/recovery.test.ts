/** The client's recoveries against a real `escopa serve`: a 409 decided again, a cut stream resumed. */

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  type Api,
  ApiError,
  createApi,
  endsMatch,
  followEvents,
  type LogEntry,
  playTurn,
  readTurn,
  SseParser,
  sendMove,
  Table,
  type Turn,
  unwrap,
} from "escopa-client";

import { createGame, randomMoves, tokenOf } from "./players.js";
import { type Served, serve } from "./server.js";

let served: Served;
before(async () => (served = await serve()));
after(async () => served.stop());

test("creating a game needs the API key, which the client sends as X-API-Key", async () => {
  const anonymous = createApi({ baseUrl: served.baseUrl });
  const refused = await anonymous.POST("/v1/games", { body: { players: ["Ana", "Bia"] } });
  assert.throws(() => unwrap(refused), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    assert.equal(error.code, "auth/api_key_required");
    return true;
  });
  const game = await createGame(served, { players: ["Ana", "Bia"] });
  assert.equal(game.view.status, "playing");
});

test("a move refused with 409 game/version_conflict is decided again after re-reading the game", async () => {
  const game = await createGame(served, { players: ["Ana", "Bia"], preset: "escoba" });
  const gameId = game.game_id;
  const baseUrl = served.baseUrl;
  const ana = createApi({ baseUrl, token: tokenOf(game, 0) });
  const anaOtherTab = createApi({ baseUrl, token: tokenOf(game, 0) });
  const bia = createApi({ baseUrl, token: tokenOf(game, 1) });
  const first = randomMoves(3);
  if (game.view.turn === 1) await playTurn(bia, gameId, first);

  const attempts: Turn[] = [];
  const conflicts: ApiError[] = [];
  const result = await playTurn(
    ana,
    gameId,
    async (turn) => {
      attempts.push(turn);
      if (turn.attempt === 1) {
        // Meanwhile Ana's other tab plays, then Bia: the version Ana read is now stale.
        const other = await readTurn(anaOtherTab, gameId);
        await sendMove(anaOtherTab, gameId, first(other), other.legal.version);
        await playTurn(bia, gameId, first);
      }
      return first(turn);
    },
    { onConflict: (error) => conflicts.push(error) },
  );

  assert.equal(conflicts.length, 1);
  assert.equal(conflicts[0]?.status, 409);
  assert.equal(conflicts[0]?.code, "game/version_conflict");
  assert.deepEqual(
    attempts.map((turn) => turn.attempt),
    [1, 2],
  );
  const [stale, fresh] = attempts;
  assert.ok(stale !== undefined && fresh !== undefined);
  assert.ok(fresh.legal.version > stale.legal.version, "the second decision read the game again");
  assert.ok(result !== undefined);
  assert.equal(result.entry.seq, fresh.legal.version + 1);
  assert.equal(result.entry.seat, 0);
});

/** A `fetch` that cuts the first event stream after `events` events, and keeps the requests. */
function cuttingFetch(events: number): { fetch: typeof fetch; requests: Request[] } {
  const requests: Request[] = [];
  let streams = 0;
  const cutting: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const response = await fetch(request);
    if (!request.url.includes("/events") || streams++ > 0 || response.body === null) {
      return response;
    }
    const parser = new SseParser();
    let seen = 0;
    const cut = new TransformStream<string, string>({
      transform(chunk, controller) {
        if (seen >= events) return;
        for (const line of chunk.split(/(?<=\n)/)) {
          controller.enqueue(line);
          seen += parser.feed(line).length;
          if (seen >= events) {
            controller.terminate(); // the connection is gone, as when a proxy or server restarts
            return;
          }
        }
      },
    });
    const body = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(cut)
      .pipeThrough(new TextEncoderStream());
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch: cutting, requests };
}

test("an events stream cut mid-game resumes with Last-Event-ID, every entry once and in order", async () => {
  const game = await createGame(served, { players: ["Ana", "Bia"], preset: "escova" });
  const gameId = game.game_id;
  const baseUrl = served.baseUrl;
  const { fetch: cutting, requests } = cuttingFetch(5);
  const followed: LogEntry[] = [];
  const following = (async () => {
    const events = followEvents({ baseUrl, gameId, token: tokenOf(game, 0), fetch: cutting });
    for await (const entry of events) followed.push(entry);
  })();
  const views = await Promise.all(
    [0, 1].map((seat) =>
      new Table({ baseUrl, gameId, token: tokenOf(game, seat), decide: randomMoves(seat) }).play(),
    ),
  );
  await following;

  const version = views[0]?.version ?? 0;
  assert.ok(version > 40, `the match has ${version} entries`);
  assert.deepEqual(
    followed.map((entry) => entry.seq),
    Array.from({ length: version }, (_, index) => index + 1),
  );
  assert.ok(endsMatch(followed[followed.length - 1] as LogEntry), "the last entry ends the match");
  const streams = requests.filter((request) => request.url.includes("/events"));
  assert.ok(streams.length >= 2, "the cut stream was opened again");
  assert.equal(streams[0]?.headers.get("Last-Event-ID"), null);
  assert.equal(streams[1]?.headers.get("Last-Event-ID"), "5");
  assert.equal(streams[1]?.headers.get("Authorization"), `Bearer ${tokenOf(game, 0)}`);
});

test("Last-Event-ID alone resumes the server's stream after that entry", async () => {
  const game = await createGame(served, { players: ["Ana", "Bia"] });
  const gameId = game.game_id;
  const baseUrl = served.baseUrl;
  await Promise.all(
    [0, 1].map((seat) =>
      new Table({ baseUrl, gameId, token: tokenOf(game, seat), decide: randomMoves(seat) }).play(),
    ),
  );
  const api = createApi({ baseUrl });
  const answer = await api.GET("/v1/games/{game_id}/events", {
    params: { path: { game_id: gameId }, header: { "Last-Event-ID": "7" } },
    parseAs: "text",
  });
  const text = unwrap(answer);
  const ids = new SseParser().feed(text).map((message) => message.id);
  assert.equal(ids[0], "8");
  assert.ok(ids.length > 10);
});

test("following the events goes on across a restart of the server, every entry once and in order", async () => {
  const restarted = await serve();
  const { baseUrl } = restarted;
  let current = restarted;
  try {
    const game = await createGame(current, { players: ["Ana", "Bia"], preset: "escoba" });
    const gameId = game.game_id;
    const seats = [0, 1].map((seat) => createApi({ baseUrl, token: tokenOf(game, seat) }));
    const api = (seat: number | null): Api => seats[seat ?? 0] ?? createApi({ baseUrl });
    const followed: LogEntry[] = [];
    let seen = (): void => undefined;
    const following = (async () => {
      // a restart on a busy machine may take longer than the default 5 attempts (10 s)
      const options = { baseUrl, gameId, token: tokenOf(game, 1), maxFailures: 30 };
      for await (const entry of followEvents(options)) {
        followed.push(entry);
        seen();
      }
    })();
    const decide = randomMoves(9);
    const playMoves = async (count: number): Promise<void> => {
      for (let played = 0; played < count; played++) {
        const turn = await readTurn(api(0), gameId);
        await playTurn(api(turn.view.turn), gameId, decide);
      }
    };
    await playMoves(6);
    while (followed.length < 7) await new Promise<void>((resolve) => (seen = resolve));
    await current.stop(true); // SIGTERM: the server ends its streams, then stops
    current = await serve({ port: restarted.port, data: restarted.data });
    await Promise.all(
      [0, 1].map((seat) =>
        new Table({ baseUrl, gameId, token: tokenOf(game, seat), decide: randomMoves(seat) }).play(),
      ),
    );
    await following;
    const last = followed[followed.length - 1];
    assert.ok(last !== undefined && endsMatch(last));
    assert.deepEqual(
      followed.map((entry) => entry.seq),
      Array.from({ length: last.seq }, (_, index) => index + 1),
    );
  } finally {
    await current.stop();
  }
});
