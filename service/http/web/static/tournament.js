// @ts-check
// A tournament's page: its standings by its scores, its rounds with their tables (a running
// round's tables only say who plays whom: their games are sealed until the round ends; then
// each table's game links to its replay, and each board to that board at every table), read
// again every few seconds while it runs; at its end the seed it committed to and its signed
// export. Opened with an entrant's link (`#token=...`, then kept on this device), it also says
// where that entrant plays: "your table is ready", with the way to it, round after round.

import { Problem, api, gameIdFromPath, messageOf, passing } from "./api.js";
import { byId as $, h } from "./dom.js";
import { boardScores, entrantName, scoreWords } from "./entrants.js";
import { fromOne, lang, t, translate } from "./i18n.js";
import { entrantToken, keepEntrant } from "./seats.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */
/** @typedef {import("./types.js").RoundRecord} RoundRecord */
/** @typedef {import("./types.js").TableRecord} TableRecord */
/** @typedef {import("./types.js").EntrantTable} EntrantTable */

const POLL_MS = 2000; // a running tournament is read again this often
const signed = new Intl.NumberFormat(lang, { signDisplay: "exceptZero" });

/**
 * The entrant's token for this tournament: from `#token=` (kept on this device, then out of
 * the address bar), else the one kept before.
 * @param {string | null} id the tournament's
 * @returns {string | null}
 */
function entrantOf(id) {
  if (!id) return null;
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    keepEntrant(id, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return entrantToken(id);
}

/**
 * A total or a round's result as the standings show it: matchpoints and points as they are,
 * IMPs and the first format's duplicate results with their sign.
 * @param {TournamentView} tournament
 * @param {number} value
 * @returns {string}
 */
function scored(tournament, value) {
  return tournament.scoring === "pairs" || tournament.scoring === "imps" ? signed.format(value) : String(value);
}

/**
 * An entrant's result in one round of the standings; a bye says so (it scores the average,
 * or nothing in the first format).
 * @param {TournamentView} tournament
 * @param {number} entrant
 * @param {number} index the round's, from 0
 * @param {number | null} result
 * @returns {HTMLElement}
 */
function roundCell(tournament, entrant, index, result) {
  const bye = tournament.rounds?.[index]?.tables.some((table) => table.a === entrant && (table.b === null || table.b === undefined));
  const text = result === null ? t("tour.bye") : bye ? t("tour.bye.scored", { result: scored(tournament, result) }) : scored(tournament, result);
  return h("td", { "data-result": result === null ? "bye" : String(result), "data-bye": String(Boolean(bye)), text });
}

/**
 * The standings: rank, entrant, total, each round's result (a bye said so), the tie-break.
 * @param {TournamentView} tournament
 */
function renderStandings(tournament) {
  const played = Math.max(0, ...tournament.standings.map((s) => s.rounds.length));
  const rounds = Array.from({ length: played }, (_, i) => h("th", { scope: "col", text: t("tour.roundShort", { round: i + 1 }) }));
  const head = h("thead", {}, h("tr", {},
    h("th", { scope: "col", text: t("tour.rank") }), h("th", { scope: "col", text: t("tour.entrant") }),
    h("th", { scope: "col", text: t("tour.total", { scoring: tournament.scoring }) }), rounds,
    h("th", { scope: "col", text: t("tour.buchholz") })));
  const rows = tournament.standings.map((standing) => h("tr", { "data-entrant": String(standing.entrant),
    "data-rank": String(standing.rank), "data-total": String(standing.total), "data-buchholz": String(standing.buchholz) },
  h("td", { text: String(standing.rank) }),
  h("th", { scope: "row", text: t("tour.numbered", { number: fromOne(standing.entrant), name: entrantName(tournament, standing.entrant) }) }),
  h("td", { class: "total", text: scored(tournament, standing.total) }),
  standing.rounds.map((result, i) => roundCell(tournament, standing.entrant, i, result)),
  h("td", { text: String(standing.buchholz) })));
  const empty = tournament.standings.length ? null : h("tr", {}, h("td", { class: "empty", text: t("tour.noStandings") }));
  $("standings").replaceChildren(head, h("tbody", {}, rows, empty));
  $("standings-intro").textContent = t("tour.standings.intro", { scoring: tournament.scoring });
}

/**
 * A board of a table whose round is over: each entrant's score on it, linked to the
 * board as every table of the round played it.
 * @param {TournamentView} tournament
 * @param {RoundRecord} round
 * @param {TableRecord} table
 * @param {number} number the table's place in its round, from 1
 * @param {number} index the board's place in the round, from 0
 * @returns {HTMLElement | null}
 */
function boardItem(tournament, round, table, number, index) {
  const scores = boardScores(table)?.[index];
  if (!scores || table.b === null || table.b === undefined) return null; // the first format: no board scores
  const board = round.boards[index];
  const text = t("tour.board", { board, a: tournament.entrants[table.a].name, b: tournament.entrants[table.b].name,
    am: scoreWords(tournament, scores[0]), bm: scoreWords(tournament, scores[1]) });
  return h("li", { "data-board": String(board), "data-scores": scores.join(","), "data-result": String(table.results?.[index]) },
    h("a", { href: `/tournaments/${tournament.tournament_id}/tables/${round.round}/${number}#board=${board}`, text }));
}

/**
 * A table of a round: who meets whom (the first at seat 1); while the round runs, that it is
 * being played (its game is sealed: no link); once it is over, its game's replay, who left
 * early, and each board's scores.
 * @param {TournamentView} tournament
 * @param {RoundRecord} round
 * @param {TableRecord} table
 * @param {number} index the table's place in its round, from 0
 */
function tableItem(tournament, round, table, index) {
  const number = index + 1;
  const a = entrantName(tournament, table.a);
  if (table.b === null || table.b === undefined) {
    return h("li", { "data-table": String(number) }, t("tour.bye.table", { table: number, name: a }));
  }
  const heading = h("strong", { text: t("tour.table", { table: number, a, b: entrantName(tournament, table.b) }) });
  const over = table.results !== null && table.results !== undefined;
  if (!over) return h("li", { "data-table": String(number), "data-done": "false" }, heading, " ", h("small", { text: t("tour.playing") }));
  const replays = table.game_ids.map((gameId) => h("a", { href: `/replay/${gameId}`, "data-game": gameId, text: t("common.replay") }));
  const left = table.left === null || table.left === undefined ? null
    : h("small", { "data-left": String(table.left), text: ` ${t("tour.left", { name: entrantName(tournament, table.left) })}` });
  const boards = round.boards.map((_, i) => boardItem(tournament, round, table, number, i));
  return h("li", { "data-table": String(number), "data-done": "true" }, heading, " ",
    replays.flatMap((link, i) => (i ? [" · ", link] : [link])), left, h("ul", { class: "boards" }, boards));
}

/**
 * The rounds so far, the newest first: each one's boards and tables.
 * @param {TournamentView} tournament
 */
function renderRounds(tournament) {
  const rounds = [...(tournament.rounds ?? [])].reverse();
  $("rounds").replaceChildren(...rounds.map((round) => h("section", { "data-round": String(round.round) },
    h("h3", { text: t("tour.round", { round: round.round, count: round.boards.length, first: round.boards[0], last: round.boards.at(-1) }) }),
    h("ul", { class: "lobby" }, round.tables.map((table, index) => tableItem(tournament, round, table, index))))));
  if (!rounds.length) $("rounds").replaceChildren(h("p", { class: "empty", text: t("tour.noRounds") }));
}

/**
 * What the entrant is told of its place now: its table ready (the next one after the first
 * round), its game over and the round not yet, a bye, or its final standing.
 * @param {TournamentView} tournament
 * @param {EntrantTable} mine
 * @returns {string}
 */
function entrantSentence(tournament, mine) {
  const round = mine.round;
  if (mine.status === "finished") {
    return t("tour.you.finished", { rank: mine.rank ?? 0, total: scoreWords(tournament, mine.total ?? 0) });
  }
  const standing = mine.rank === undefined ? "" : ` ${t("tour.you.rank", { rank: mine.rank, total: scoreWords(tournament, mine.total ?? 0) })}`;
  if (mine.status === "bye") return `${t("tour.you.bye", { round })}${standing}`;
  if (mine.status === "played") {
    return `${t(round < tournament.round_count ? "tour.you.played" : "tour.you.playedLast", { round })}${standing}`;
  }
  const table = tournament.rounds?.at(-1)?.tables.find((found) => found.game_ids.includes(mine.game_id ?? ""));
  const other = table && (mine.seat === 0 ? table.b : table.a);
  const opponent = other === null || other === undefined ? "" : entrantName(tournament, other);
  const ready = t(round > 1 ? "tour.you.next" : "tour.you.ready", { round, seat: fromOne(mine.seat ?? 0), opponent });
  return `${ready}${mine.your_turn ? ` ${t("tour.you.turn")}` : ""}${standing}`;
}

/**
 * The entrant's part of the page: who it is, where it plays now, and the way to its table.
 * @param {TournamentView} tournament
 * @param {EntrantTable} mine
 * @param {string} token
 */
function renderEntrant(tournament, mine, token) {
  $("entrant").hidden = false;
  $("entrant-who").textContent = t("tour.you.who", { number: fromOne(mine.entrant), name: tournament.entrants[mine.entrant].name });
  const said = entrantSentence(tournament, mine);
  if ($("entrant-status").textContent !== said) $("entrant-status").textContent = said; // said aloud once
  const play = $("entrant-play", HTMLAnchorElement);
  play.hidden = mine.status !== "playing";
  if (mine.status === "playing") play.href = `/play/${mine.game_id}#token=${encodeURIComponent(token)}`;
  else play.removeAttribute("href");
  play.dataset.game = mine.game_id ?? "";
  document.body.dataset.entrant = mine.status;
  document.body.dataset.entrantRound = String(mine.round);
}

/**
 * The whole page from a reading of the tournament.
 * @param {TournamentView} tournament
 */
function render(tournament) {
  document.title = t("tour.titleOf", { name: tournament.name });
  $("name").textContent = tournament.name;
  $("status").textContent = t(`tour.status.${tournament.status}`, { round: tournament.rounds?.length ?? 0, rounds: tournament.round_count });
  $("about").textContent = t("tour.about", { pairing: tournament.pairing, rounds: tournament.round_count,
    boards: tournament.boards, preset: tournament.preset, entrants: tournament.entrants.length });
  renderStandings(tournament);
  renderRounds(tournament);
  $("commitment").textContent = tournament.seed_commitment;
  $("seed-line").hidden = tournament.seed === undefined;
  $("seed").textContent = tournament.seed ?? "";
  $("export-line").hidden = tournament.status !== "finished";
  $("export", HTMLAnchorElement).href = `/v1/tournaments/${tournament.tournament_id}/export`;
  document.body.dataset.status = tournament.status;
}

/**
 * Where the entrant plays now, or null when the token is not one of this tournament's (it is
 * then forgotten on this device, and said so).
 * @param {string} id
 * @param {string} token
 * @returns {Promise<EntrantTable | null>}
 */
async function entrantTable(id, token) {
  try {
    return await api(`/v1/tournaments/${encodeURIComponent(id)}/table`, { token });
  } catch (problem) {
    if (!(problem instanceof Problem) || problem.status !== 401) throw problem;
    keepEntrant(id, null);
    $("entrant").hidden = false;
    $("entrant-status").textContent = t("tour.you.badToken");
    return null;
  }
}

/**
 * Read the tournament (and, for an entrant, its table) and draw them when they changed; again
 * in a while until it is over. A read that fails for now is made again; another failure is
 * shown and ends the reading.
 * @param {string} id
 * @param {string | null} token the entrant's, if this page has one
 * @param {string} [shown] the last reading drawn, as JSON
 */
async function follow(id, token, shown = "") {
  let seen = shown;
  let entrant = token;
  try {
    /** @type {TournamentView} */
    const tournament = await api(`/v1/tournaments/${encodeURIComponent(id)}`);
    const mine = entrant ? await entrantTable(id, entrant) : null;
    if (!mine) entrant = null;
    $("error").textContent = "";
    const text = JSON.stringify([tournament, mine]);
    if (text !== seen) { // a redraw would lose the focus for nothing
      render(tournament);
      if (mine && entrant) renderEntrant(tournament, mine, entrant);
    }
    seen = text;
    if (tournament.status === "finished") return;
  } catch (problem) {
    $("error").textContent = messageOf(problem);
    if (!passing(problem)) return;
  }
  setTimeout(() => follow(id, entrant, seen), POLL_MS);
}

translate();
const tournamentId = gameIdFromPath("/tournaments");
if (tournamentId) follow(tournamentId, entrantOf(tournamentId));
else $("error").textContent = t("tour.none");
