// @ts-check
// A tournament's page: its standings, its rounds with their tables (each game to watch live,
// each board's two plays side by side once both ended), read again every few seconds while it
// runs; at its end the seed it committed to and its signed export.

import { api, gameIdFromPath, messageOf, passing } from "./api.js";
import { byId as $, h } from "./dom.js";
import { fromOne, lang, named, t, translate } from "./i18n.js";

/** @typedef {import("./types.js").TournamentView} TournamentView */
/** @typedef {import("./types.js").RoundRecord} RoundRecord */
/** @typedef {import("./types.js").TableRecord} TableRecord */

const POLL_MS = 2000; // a running tournament is read again this often
const signed = new Intl.NumberFormat(lang, { signDisplay: "exceptZero" });

/**
 * An entrant's name as the page shows it: a bot's level after it.
 * @param {TournamentView} tournament
 * @param {number} entrant
 * @returns {string}
 */
function entrantName(tournament, entrant) {
  const record = tournament.entrants[entrant];
  return record.bot ? t("play.botName", { name: record.name, level: named("level.name", record.bot) }) : record.name;
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
    h("th", { scope: "col", text: t("tour.total") }), rounds, h("th", { scope: "col", text: t("tour.buchholz") })));
  const rows = tournament.standings.map((standing) => h("tr", { "data-entrant": String(standing.entrant),
    "data-rank": String(standing.rank), "data-total": String(standing.total), "data-buchholz": String(standing.buchholz) },
  h("td", { text: String(standing.rank) }),
  h("th", { scope: "row", text: t("tour.numbered", { number: fromOne(standing.entrant), name: entrantName(tournament, standing.entrant) }) }),
  h("td", { class: "total", text: signed.format(standing.total) }),
  standing.rounds.map((result) => h("td", { "data-result": result === null ? "bye" : String(result),
    text: result === null ? t("tour.bye") : signed.format(result) })),
  h("td", { text: String(standing.buchholz) })));
  const empty = tournament.standings.length ? null : h("tr", {}, h("td", { class: "empty", text: t("tour.noStandings") }));
  $("standings").replaceChildren(head, h("tbody", {}, rows, empty));
}

/**
 * A table of a round: who meets whom, each play to watch, and once both ended each board's
 * result with a link to its two plays side by side.
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
  const b = entrantName(tournament, table.b);
  const plays = table.game_ids.map((gameId, play) => h("a", { href: `/play/${gameId}`, "data-game": gameId,
    text: t("tour.watch", { play: play + 1, first: entrantName(tournament, table.seats[play][0]) }) }));
  const results = table.results ?? null;
  const boards = results ? round.boards.map((board, i) => h("li", { "data-board": String(board), "data-result": String(results[i]) },
    h("a", { href: `/tournaments/${tournament.tournament_id}/tables/${round.round}/${number}#board=${board}`,
      text: t("tour.board", { board, name: tournament.entrants[table.a].name, result: signed.format(results[i]) }) }))) : [];
  return h("li", { "data-table": String(number), "data-done": String(results !== null) },
    h("strong", { text: t("tour.table", { table: number, a, b }) }), " ",
    plays.flatMap((link, i) => (i ? [" · ", link] : [link])),
    results ? h("ul", { class: "boards" }, boards) : h("small", { text: ` ${t("tour.playing")}` }));
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
 * Read the tournament and draw it when it changed; again in a while until it is over. A read
 * that fails for now is made again; another failure is shown and ends the reading.
 * @param {string} id
 * @param {string} [shown] the last reading drawn, as JSON
 */
async function follow(id, shown = "") {
  let seen = shown;
  try {
    /** @type {TournamentView} */
    const tournament = await api(`/v1/tournaments/${encodeURIComponent(id)}`);
    $("error").textContent = "";
    const text = JSON.stringify(tournament);
    if (text !== seen) render(tournament); // a redraw would lose the focus for nothing
    seen = text;
    if (tournament.status === "finished") return;
  } catch (problem) {
    $("error").textContent = messageOf(problem);
    if (!passing(problem)) return;
  }
  setTimeout(() => follow(id, seen), POLL_MS);
}

translate();
const tournamentId = gameIdFromPath("/tournaments");
if (tournamentId) follow(tournamentId);
else $("error").textContent = t("tour.none");
