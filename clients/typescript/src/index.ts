/** escopa-client: the Escopa API's typed client, and helpers to follow a game and play a seat. */

export { ApiError, type Api, type ClientOptions, authHeaders, createApi, unwrap } from "./client.js";
export {
  type EventSourceClass,
  type EventSourceLike,
  type FollowOptions,
  type Until,
  StreamCut,
  endsMatch,
  entryOf,
  followEvents,
} from "./events.js";
export { type Decide, type Turn, type TurnOptions, playTurn, readTurn, sendMove } from "./moves.js";
export { SseParser, type SseMessage } from "./sse.js";
export { Table, type TableOptions, toAct } from "./table.js";
export { type EntrantOptions, entrantTable, playTournament } from "./tournament.js";
export type * from "./types.js";
export type { components, operations, paths } from "./openapi.js";
