/** Helpers of the client tests: games created through the client, seeded choices of moves. */

import {
  createApi,
  type CreateGame,
  type CreatedGame,
  type Move,
  type Turn,
  unwrap,
} from "escopa-client";

import type { Served } from "./server.js";

/** A game created with the API key; its seats' tokens in seat order. */
export async function createGame(served: Served, body: CreateGame): Promise<CreatedGame> {
  const api = createApi({ baseUrl: served.baseUrl, apiKey: served.apiKey });
  return unwrap(await api.POST("/v1/games", { body }));
}

/** The token of each person's seat, by seat number. */
export function tokens(game: CreatedGame): Map<number, string> {
  return new Map(
    game.players.flatMap((seat) => (seat.token === undefined ? [] : [[seat.seat, seat.token]])),
  );
}

/** A seeded choice among the legal moves (mulberry32), so that runs explore different lines. */
export function randomMoves(seed: number): (turn: Pick<Turn, "legal">) => Move {
  let state = seed >>> 0;
  return ({ legal }) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const index = ((t ^ (t >>> 14)) >>> 0) % legal.moves.length;
    const move = legal.moves[index];
    if (move === undefined) throw new Error("no legal move to choose from");
    return move;
  };
}

/** The token of `seat` (a person's seat of the game). */
export function tokenOf(game: CreatedGame, seat: number): string {
  const token = tokens(game).get(seat);
  if (token === undefined) throw new Error(`seat ${seat} has no token`);
  return token;
}
