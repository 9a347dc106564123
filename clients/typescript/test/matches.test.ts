/** Whole matches against a real `escopa serve`: each preset, a partnership with signals, a bot. */

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { type GameView, type LogEntry, type SentSignal, Table, type Turn } from "escopa-client";

import { createGame, randomMoves, tokenOf } from "./players.js";
import { type Served, serve } from "./server.js";

let served: Served;
before(async () => (served = await serve()));
after(async () => served.stop());

/** A table for each seat of the game, playing seeded random legal moves; their final views. */
async function playAll(gameId: string, tokens: string[]): Promise<GameView[]> {
  return Promise.all(
    tokens.map((token, seat) =>
      new Table({ baseUrl: served.baseUrl, gameId, token, decide: randomMoves(seat + 1) }).play(),
    ),
  );
}

for (const preset of ["escopa", "escoba", "escova"] as const) {
  test(`a whole ${preset} match is played to its end by two tables following the events`, async () => {
    const game = await createGame(served, { players: ["Ana", "Bia"], preset });
    const seats = [0, 1].map((seat) => tokenOf(game, seat));
    const [first, second] = await playAll(game.game_id, seats);
    assert.ok(first !== undefined && second !== undefined);
    assert.equal(first.status, "finished");
    assert.deepEqual(first.outcome, second.outcome);
    assert.equal(first.version, second.version);
    assert.equal(first.rules.target, { escopa: 21, escoba: 21, escova: 31 }[preset]);
    const totals = first.sides.map((side) => side.score);
    assert.ok(Math.max(...totals) >= first.rules.target, `totals ${totals.join(", ")}`);
  });
}

test("a 4-player partnership match with signals is played to its end, the signal seen by the partner only", async () => {
  const game = await createGame(served, { players: ["Ana", "Bia", "Cid", "Dan"] });
  const gameId = game.game_id;
  const sent: SentSignal[] = [];
  const seenWhilePlaying = new Map<number, SentSignal[]>();
  const endings: LogEntry[] = [];
  const tables = [0, 1, 2, 3].map((seat) => {
    const random = randomMoves(seat + 11);
    const table: Table = new Table({
      baseUrl: served.baseUrl,
      gameId,
      token: tokenOf(game, seat),
      async decide(turn: Turn) {
        if (sent.length === 0 && turn.view.hand.includes("7D")) {
          const result = await table.sendSignal("guindis");
          assert.equal(result.version, turn.view.version, "a signal changes no version");
          sent.push({ seat, signal: "guindis", after: turn.view.version, time: "" });
        }
        return random(turn);
      },
      onEntry(entry, view) {
        if (view.status !== "finished") seenWhilePlaying.set(seat, [...view.signals]);
        if (entry.events.some((event) => event.type === "match_ended")) endings.push(entry);
      },
    });
    return table;
  });
  const views = await Promise.all(tables.map((table) => table.play()));

  const [signal] = sent;
  assert.ok(signal !== undefined, "a seat held the seven of diamonds and signalled");
  const view = views[0];
  assert.ok(view !== undefined && view.status === "finished");
  assert.deepEqual(
    view.sides.map((side) => side.seats.length),
    [2, 2],
    "two partnerships",
  );
  assert.equal(seenWhilePlaying.size, 4, "every seat saw entries while the match ran");
  const sideOf = (seat: number): number =>
    view.sides.findIndex((side) => side.seats.includes(seat));
  for (const [seat, signals] of seenWhilePlaying) {
    const mine: SentSignal[] = signals.filter((s) => s.seat === signal.seat);
    if (sideOf(seat) === sideOf(signal.seat) && seat !== signal.seat) {
      assert.equal(mine.length, 1, `the partner, seat ${seat}, saw the signal`);
    } else if (sideOf(seat) !== sideOf(signal.seat)) {
      assert.deepEqual(mine, [], `the opponent, seat ${seat}, saw no signal`);
    }
  }
  assert.ok(endings.length > 0, "the tables saw the entry that ends the match");
  for (const ending of endings) {
    const recorded = (ending.signals ?? []).map((s) => [s.seat, s.signal, s.after]);
    assert.deepEqual(recorded, [[signal.seat, "guindis", signal.after]]);
  }
});

test("a match against a greedy bot seat is played to its end by one table", async () => {
  const game = await createGame(served, { players: ["Ana", { name: "Bot", bot: "greedy" }] });
  const botMoves: string[] = [];
  const view = await new Table({
    baseUrl: served.baseUrl,
    gameId: game.game_id,
    token: tokenOf(game, 0),
    decide: randomMoves(5),
    onEntry(entry) {
      if (entry.type === "move" && entry.seat === 1 && entry.move !== null) botMoves.push(entry.move);
    },
  }).play();
  assert.equal(view.status, "finished");
  assert.ok(view.outcome !== null);
  assert.ok(botMoves.length > 20, `the bot played ${botMoves.length} moves`);
  assert.equal(view.players[1]?.bot, "greedy");
});

test("with auto_deal off, three tables deal each hand themselves, the deals they race for recovered", async () => {
  const body = { players: ["Ana", "Bia", "Cid"], preset: "escoba" as const, rules: { auto_deal: false } };
  const game = await createGame(served, body);
  assert.equal(game.view.status, "dealing");
  const conflicts: string[] = [];
  const deals: LogEntry[] = [];
  const views = await Promise.all(
    [0, 1, 2].map((seat) =>
      new Table({
        baseUrl: served.baseUrl,
        gameId: game.game_id,
        token: tokenOf(game, seat),
        decide: randomMoves(seat + 21),
        onConflict: (error) => conflicts.push(error.code),
        onEntry(entry) {
          if (seat === 0 && entry.type === "deal") deals.push(entry);
        },
      }).play(),
    ),
  );
  for (const view of views) assert.equal(view.status, "finished");
  assert.ok(deals.length >= 6, `${deals.length} hands dealt by the tables`);
  assert.ok(conflicts.every((code) => code === "game/version_conflict"));
});
