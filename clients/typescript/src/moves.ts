/** Playing one turn of a seat: read the game, decide, send; on a 409 conflict, read again. */

import { ApiError, type Api, unwrap } from "./client.js";
import type { GameView, LegalMoves, Move, MoveRequest, MoveResult } from "./types.js";

/** What a seat decides from: its view (its hand only) and its legal moves, read together. */
export interface Turn {
  view: GameView;
  legal: LegalMoves;
  /** 1 for the first try, 2 after a conflict... */
  attempt: number;
}

export type Decide = (turn: Turn) => Move | Promise<Move>;

export interface TurnOptions {
  /** How many times to read and decide before a conflict is given up (default 5). */
  tries?: number | undefined;
  /** Told of each `game/version_conflict` the turn recovered from. */
  onConflict?: ((error: ApiError) => void) | undefined;
}

/** The seat's view and legal moves, read together. */
export async function readTurn(api: Api, gameId: string): Promise<Omit<Turn, "attempt">> {
  const params = { params: { path: { game_id: gameId } } };
  const [view, legal] = await Promise.all([
    api.GET("/v1/games/{game_id}", params),
    api.GET("/v1/games/{game_id}/legal-moves", params),
  ]);
  return { view: unwrap(view), legal: unwrap(legal) };
}

/** Send `move` at the version the seat read (`expected_version`). */
export async function sendMove(
  api: Api,
  gameId: string,
  move: Move,
  version: number,
): Promise<MoveResult> {
  const body: MoveRequest = { ...move, expected_version: version };
  const answer = await api.POST("/v1/games/{game_id}/moves", {
    params: { path: { game_id: gameId } },
    body,
  });
  return unwrap(answer);
}

/**
 * Play the seat's turn: read its view and legal moves, let `decide` choose, send the move at
 * the version read. When another move came first (409 `game/version_conflict`: another client
 * of the seat, or a deal another seat sent), read the game again and decide again. Undefined
 * when the seat has nothing to play (no legal move, now or after reading again).
 */
export async function playTurn(
  api: Api,
  gameId: string,
  decide: Decide,
  options: TurnOptions = {},
): Promise<MoveResult | undefined> {
  const tries = options.tries ?? 5;
  for (let attempt = 1; ; attempt++) {
    const { view, legal } = await readTurn(api, gameId);
    if (legal.moves.length === 0) return undefined;
    const move = await decide({ view, legal, attempt });
    try {
      return await sendMove(api, gameId, move, legal.version);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "game/version_conflict") throw error;
      if (attempt >= tries) throw error;
      options.onConflict?.(error);
    }
  }
}
