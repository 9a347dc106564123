/** Named shapes of the API, from the types generated from its OpenAPI document. */

import type { components } from "./openapi.js";

type Schemas = components["schemas"];

export type CreateGame = Schemas["CreateGame"];
export type CreatedGame = Schemas["CreatedGame"];
export type EntrantTable = Schemas["EntrantTable"];
export type GameView = Schemas["GameView"];
export type LegalMove = Schemas["LegalMove"];
export type LegalMoves = Schemas["LegalMoves"];
export type LogEntry = Schemas["LogEntry"];
export type EntryType = LogEntry["type"];
export type MoveRequest = Schemas["MoveRequest"];
export type MoveResult = Schemas["MoveResult"];
export type Problem = Schemas["Problem"];
export type ScoreSheet = Schemas["ScoreSheet"];
export type SentSignal = Schemas["SentSignal"];
export type Signal = Schemas["Signal"];
export type SignalResult = Schemas["SignalResult"];

type WithoutVersion<T> = T extends unknown ? Omit<T, "expected_version"> : never;

/** A move to send, without its `expected_version` (the helpers add the version they read). */
export type Move = WithoutVersion<MoveRequest>;
