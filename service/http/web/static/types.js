// @ts-check
// The API's shapes as the pages use them, named once: the TypeScript client's types generated
// from the OpenAPI document (types only, for `tsc --checkJs`: no page loads this module).

/** @typedef {import("../../../../clients/typescript/src/openapi.js").components["schemas"]} Schemas */

/** @typedef {Schemas["GameView"]} GameView */
/** @typedef {Schemas["SideView"]} SideView */
/** @typedef {Schemas["Rules"]} Rules */
/** @typedef {Schemas["Clock"]} Clock */
/** @typedef {Schemas["Outcome"]} Outcome */
/** @typedef {Schemas["RoundScore"]} RoundScore */
/** @typedef {Schemas["SideScore"]} SideScore */
/** @typedef {Schemas["ScoreSheet"]} ScoreSheet */
/** @typedef {Schemas["LegalMove"]} LegalMove */
/** @typedef {Schemas["LegalMoves"]} LegalMoves */
/** @typedef {Schemas["LegalPlay"]} LegalPlay */
/** @typedef {Schemas["Hint"]} Hint */
/** @typedef {Schemas["SentSignal"]} SentSignal */
/** @typedef {Schemas["LogEntry"]} LogEntry */
/** @typedef {Schemas["LogPage"]} LogPage */
/** @typedef {Schemas["FirstDealerDrawn"]} FirstDealerDrawn */
/** @typedef {Schemas["HandDealt"]} HandDealt */
/** @typedef {Schemas["GameInfo"]} GameInfo */
/** @typedef {Schemas["Export"]} Export */
/** @typedef {Schemas["KeyList"]} KeyList */
/** @typedef {Schemas["CreatedGame"]} CreatedGame */
/** @typedef {Schemas["LobbyPage"]} LobbyPage */
/** @typedef {Schemas["Leaderboard"]} Leaderboard */
/** @typedef {Schemas["RegisteredPlayer"]} RegisteredPlayer */
/** @typedef {Schemas["Joined"]} Joined */
/** @typedef {Schemas["MoveResult"]} MoveResult */
/** @typedef {Schemas["Rematch"]} Rematch */
/** @typedef {Schemas["StreamTicket"]} StreamTicket */
/** @typedef {Schemas["Problem"]} ProblemBody */
/** @typedef {Schemas["CreateTournament"]} CreateTournament */
/** @typedef {Schemas["CreatedTournament"]} CreatedTournament */
/** @typedef {Schemas["TournamentView"]} TournamentView */
/** @typedef {Schemas["RoundRecord"]} RoundRecord */
/** @typedef {Schemas["TableRecord"]} TableRecord */
/** @typedef {Schemas["Standing"]} Standing */
/** @typedef {Schemas["EntrantTable"]} EntrantTable */

export {};
