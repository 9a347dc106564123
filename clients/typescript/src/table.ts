/** A seat played to the end of the match by a callback, following the game's events. */

import { type Api, type ClientOptions, createApi, unwrap } from "./client.js";
import { followEvents, type FollowOptions } from "./events.js";
import { type Decide, playTurn, type TurnOptions } from "./moves.js";
import type { GameView, LogEntry, Signal, SignalResult } from "./types.js";

export interface TableOptions extends ClientOptions, TurnOptions {
  gameId: string;
  /** The seat's token (required: a table plays a seat). */
  token: string;
  /** Chooses the seat's move whenever it has one. */
  decide: Decide;
  /** Told of each entry the seat sees, with the view read after it (when it changed). */
  onEntry?: ((entry: LogEntry, view: GameView) => void | Promise<void>) | undefined;
  transport?: FollowOptions["transport"];
  EventSource?: FollowOptions["EventSource"];
  signal?: AbortSignal | undefined;
}

/** Whether the view's seat has something to do: its turn to play, or a deal (anyone's). */
export function toAct(view: GameView): boolean {
  if (view.status === "dealing") return view.seat !== null;
  return view.status === "playing" && view.turn !== null && view.turn === view.seat;
}

export class Table {
  readonly api: Api;
  readonly options: TableOptions;

  constructor(options: TableOptions) {
    this.options = options;
    this.api = createApi(options);
  }

  /** The seat's view now. */
  async view(): Promise<GameView> {
    const { gameId } = this.options;
    return unwrap(await this.api.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
  }

  /** A partner signal to the seat's partner (partnership games whose rules allow signals). */
  async sendSignal(signal: Signal): Promise<SignalResult> {
    const answer = await this.api.POST("/v1/games/{game_id}/signals", {
      params: { path: { game_id: this.options.gameId } },
      body: { signal },
    });
    return unwrap(answer);
  }

  /**
   * Play the seat until the match is over: on each turn (seen in the events stream), `decide`
   * chooses the move; the final view is the answer.
   */
  async play(): Promise<GameView> {
    let view = await this.act(await this.view());
    if (view.status === "finished") return view;
    const events = followEvents({ ...this.options, after: view.version });
    for await (const entry of events) {
      if (entry.seq > view.version) view = await this.act(await this.view());
      await this.options.onEntry?.(entry, view);
      if (view.status === "finished") break;
    }
    return view.status === "finished" ? view : this.view();
  }

  /**
   * Play while the seat has something to do (a claim leaves the turn with the claimant). When
   * a race left nothing to play (another seat dealt first), the game is read again: the turn
   * may have come round meanwhile, and its entry may already be behind the stream's start.
   */
  private async act(view: GameView): Promise<GameView> {
    const { gameId, decide } = this.options;
    while (toAct(view)) {
      const result = await playTurn(this.api, gameId, decide, this.options);
      if (result !== undefined) {
        view = result.view;
        continue;
      }
      const fresh = await this.view();
      if (fresh.version === view.version) return fresh;
      view = fresh;
    }
    return view;
  }
}
