/** A tournament's entrants played by `playTournament` against a real `escopa serve`. */

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  ApiError,
  createApi,
  type EntrantTable,
  type LogEntry,
  playTournament,
  unwrap,
} from "escopa-client";

import { randomMoves } from "./players.js";
import { type Served, serve } from "./server.js";

let served: Served;
before(async () => (served = await serve()));
after(async () => served.stop());

/** Long enough that the stand-in never plays a turn the client plays. */
const CLOCK = {
  turn_seconds: 120,
  bank_seconds: 0,
  on_timeout: "bot" as const,
  zombie_after: 3,
  zombie_seconds: 5,
};

type Entrant = { name: string; bot?: "random" };

async function createTournament(
  entrants: Entrant[],
  rounds: number,
  pairing: "swiss" | "round_robin",
) {
  const api = createApi({ baseUrl: served.baseUrl, apiKey: served.apiKey });
  const body = { name: "Copa", rounds, boards: 1, pairing, entrants, clock: CLOCK };
  return unwrap(await api.POST("/v1/tournaments", { body }));
}

async function readTournament(tournamentId: string) {
  const api = createApi({ baseUrl: served.baseUrl });
  const params = { params: { path: { tournament_id: tournamentId } } };
  return unwrap(await api.GET("/v1/tournaments/{tournament_id}", params));
}

/** The types of the entries a seat made in a finished game (its log is public then). */
async function seatEntries(gameId: string, seat: number): Promise<string[]> {
  const api = createApi({ baseUrl: served.baseUrl });
  const params = { params: { path: { game_id: gameId }, query: { limit: 200 } } };
  const log = unwrap(await api.GET("/v1/games/{game_id}/log", params));
  return log.entries.filter((entry) => entry.seat === seat).map((entry) => entry.type);
}

/** Each entrant's final place, every place it was told and the entries of its seats. */
async function play(tournamentId: string, token: string, seed: number) {
  const told: EntrantTable[] = [];
  const entries: LogEntry[] = [];
  const final = await playTournament({
    baseUrl: served.baseUrl,
    tournamentId,
    token,
    decide: randomMoves(seed),
    onTable: (where) => void told.push(where),
    onEntry: (entry) => void entries.push(entry),
  });
  return { final, told, entries };
}

test("two people and two bots play a tournament to its end, each entrant in one call", async () => {
  const bots: Entrant[] = ["Rita", "Beto"].map((name) => ({ name, bot: "random" }));
  const entrants: Entrant[] = [{ name: "Ana" }, { name: "Bia" }, ...bots];
  const created = await createTournament(entrants, 2, "swiss");
  const tokens = [0, 1].map((entrant) => created.entrants[entrant]?.token ?? "");

  const played = await Promise.all(
    tokens.map((token, entrant) => play(created.tournament_id, token, entrant + 1)),
  );

  const view = await readTournament(created.tournament_id);
  assert.equal(view.status, "finished");
  for (const [entrant, { final, told, entries }] of played.entries()) {
    const standing = view.standings.find((s) => s.entrant === entrant);
    assert.equal(final.status, "finished");
    assert.deepEqual([final.rank, final.total], [standing?.rank, standing?.total]);
    const tables = (view.rounds ?? []).map((round) =>
      round.tables.find((table) => table.a === entrant || table.b === entrant),
    );
    const playing = told.filter((where) => where.status === "playing");
    const games = tables.map((table) => table?.game_ids[0]);
    assert.deepEqual(playing.map((where) => where.game_id), games, "told in order");
    assert.deepEqual(told.at(-1), final);
    for (const where of playing) {
      const kinds = await seatEntries(where.game_id ?? "", where.seat ?? -1);
      assert.ok(kinds.includes("move") && !kinds.includes("timeout"), `${kinds.join(" ")}`);
    }
    assert.ok(entries.some((entry) => entry.type === "move"), "its games' entries were told");
  }
});

test("an entrant with a bye waits for the next round and plays on", async () => {
  const bots: Entrant[] = ["Rita", "Beto"].map((name) => ({ name, bot: "random" }));
  const entrants: Entrant[] = [{ name: "Ana" }, ...bots];
  const created = await createTournament(entrants, 3, "round_robin");

  const { final, told } = await play(created.tournament_id, created.entrants[0]?.token ?? "", 7);

  assert.equal(final.status, "finished");
  assert.equal(final.round, 3);
  assert.deepEqual(told.filter((where) => where.status === "bye").length, 1);
  assert.equal(told.filter((where) => where.status === "playing").length, 2);
  assert.equal((await readTournament(created.tournament_id)).scoring, "plain");
});

test("a token that is no entrant's is refused with 401", async () => {
  const entrants: Entrant[] = [{ name: "Ana" }, { name: "Rita", bot: "random" }];
  const created = await createTournament(entrants, 1, "swiss");

  await assert.rejects(play(created.tournament_id, "not-a-token", 1), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    return true;
  });
});
