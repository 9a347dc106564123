// @ts-check
// The replay viewer: a finished game's export (from the service, or a file dropped or pasted
// here), every hand revealed, stepped move by move, and verified in the browser (verify.js).

import { Problem, api, gameIdFromPath, messageOf } from "./api.js";
import { byId as $, h } from "./dom.js";
import { cardRow, playedWords, shortName } from "./cards.js";
import { deckPicker, presetOf, usePreset } from "./decks.js";
import { fromOne, t, translate } from "./i18n.js";
import { positions, seatNames, sideOf } from "./positions.js";
import { outcomeText, scoreTable, sideName } from "./score.js";
import { signalLine } from "./signals.js";
import { timeoutWords } from "./countdown.js";
import { Broken, replayHash, said, trustedKeys, verify } from "./verify.js";

/** @typedef {import("./types.js").Export} Export */
/** @typedef {import("./types.js").KeyList} KeyList */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./positions.js").Position} Position */
/** @typedef {import("./verify.js").Check} Check */
/** @typedef {import("./verify.js").CheckResult} CheckResult */
/** @typedef {import("./verify.js").Keys} Keys */
/** @typedef {import("./verify.js").Said} Said */

/**
 * What a lifecycle entry says, in words.
 * @type {Record<string, (entry: LogEntry) => string>}
 */
const LIFE = {
  joined: (entry) => t("log.joined", { who: entry.player, seat: fromOne(entry.seat ?? 0) }),
  left: (entry) => t("log.left", { seat: fromOne(entry.seat ?? 0) }),
  resigned: (entry) => t("log.resigned", { who: view.players[entry.seat ?? -1] }),
  aborted: (entry) => t("log.aborted", { who: view.players[entry.seat ?? -1] }),
  rematch: (entry) => t("replay.rematch", { game: entry.rematch }),
};
/** The checks of verify.js by their names, and each one's words (`check.<id>`). */
const CHECKS = {
  "Hash chain": "chain", "Seed commitment": "seed", "Deals from the seeded shuffle": "deals", "Partner signals": "signals",
  "Turn clock": "clock", "Seats and the match's end": "life", "The match is over": "over", "Moves use the cards dealt": "cards",
  "The log this browser saw": "seen", "Signature of the final head": "signature", Export: "export", Verification: "verification",
};
/**
 * What the viewer shows: the export's entries, the position after each, the players, the
 * rules, the position in sight, the game, the first inconsistency, the keys trusted.
 * @type {{entries: LogEntry[], list: Position[], players: string[], rules: Rules | null, at: number, gameId: string | null, exported: Export | null, problem: Said | null, keys: Keys | null}}
 */
const view = { entries: [], list: [], players: [], rules: null, at: 0, gameId: null, exported: null, problem: null, keys: null };

/**
 * The position after the entry at `index`.
 * @param {number} index
 * @returns {Position}
 */
function position(index) {
  return view.list[index];
}

/**
 * Move `index` (into the positions) into sight; the address keeps `#m=<seq>`.
 * @param {number} index
 */
function go(index) {
  view.at = Math.max(0, Math.min(view.list.length - 1, index));
  const seq = position(view.at).seq;
  history.replaceState(null, "", `${location.pathname}#m=${seq}`);
  render();
}

/**
 * Where each round (and each round's first hand) starts: indexes into the positions.
 * @returns {number[]}
 */
function roundStarts() {
  return view.list.map((p, i) => /** @type {[Position, number]} */ ([p, i])).filter(([p, i]) => i === 0 || p.round !== view.list[i - 1].round || (p.hand === 1 && view.list[i - 1].hand !== 1)).map(([, i]) => i);
}

/**
 * The position the address names: `#m=<seq>`, or `#r=<round>` (that round's first position,
 * as a tournament's board at every table opens it); -1 when it names none there is.
 * @returns {number}
 */
function wantedIndex() {
  const seq = /#m=(\d+)/.exec(location.hash);
  if (seq) return view.list.findIndex((p) => p.seq === Number(seq[1]));
  const round = /#r=(\d+)/.exec(location.hash);
  return round ? view.list.findIndex((p) => p.round === Number(round[1])) : -1;
}

/**
 * To the next round's start (`direction` 1) or the previous one's (-1).
 * @param {number} direction
 */
function jumpRound(direction) {
  const starts = roundStarts();
  const target = direction > 0 ? starts.find((i) => i > view.at) : [...starts].reverse().find((i) => i < view.at);
  go(target ?? (direction > 0 ? view.list.length - 1 : 0));
}

/**
 * An entry in words, as the move list shows it.
 * @param {LogEntry} entry
 * @returns {string}
 */
function describe(entry) {
  const who = view.players[entry.seat ?? -1] ?? "";
  const parts = [];
  if (entry.type === "created") parts.push(entry.game?.open?.length ? t("replay.created", { seats: entry.game.open.map(fromOne).join(", "), count: entry.game.open.length }) : t("replay.opening"));
  else if (entry.type === "signal") parts.push(t("log.signalled", { who }));
  else if (entry.type === "timeout") parts.push(timeoutWords(entry, who, view.rules?.clock?.on_timeout));
  else if (entry.type in LIFE) parts.push(LIFE[entry.type](entry));
  for (const event of entry.events) {
    if (event.type === "dealt") parts.push(entry.type === "joined" ? t("replay.dealt") : t("log.dealt", { round: event.round, hand: event.hand, who: view.players[event.dealer] }));
    else if (event.type === "played" && entry.type !== "timeout") parts.push(playedWords(view.players[event.seat], event.card, event.capture, event.escopa));
    else if (event.type === "claimed") parts.push(t("log.claimed", { who: view.players[event.seat], cards: event.cards.map(shortName).join(" + ") }));
    else if (event.type === "table_bonus") parts.push(t("log.tableBonus", { who: view.players[event.seat], count: event.escopas }));
    else if (event.type === "round_ended") parts.push(t("replay.roundEnds", { round: event.score.round }));
    else if (event.type === "match_ended") parts.push(t("log.matchEnded"));
  }
  return `${parts.join(" — ")}${signalsText(entry)}`;
}

/**
 * The signals the entry that ends the match records: who sent which, and after which entry.
 * @param {LogEntry} entry
 * @returns {string}
 */
function signalsText(entry) {
  if (!entry.signals?.length) return "";
  const sent = entry.signals.map((s) => t("replay.signalAfter", { line: signalLine(s, view.players), after: s.after }));
  return ` — ${sent.join("; ")}`;
}

/** Draw the position in sight: the seats' hands, the table, the sides, the score, the move list's mark. */
function render() {
  const p = position(view.at);
  const entry = view.entries[view.at];
  $("where").textContent = t("replay.where", { seq: p.seq, count: view.list.length, round: p.round, hand: p.hand });
  $("position-link", HTMLAnchorElement).href = `#m=${p.seq}`;
  $("last-move").textContent = `${p.seq}. ${describe(entry)}`;
  $("seats").replaceChildren(...view.players.map((playerName, seat) => {
    const box = h("section", { class: "seat side", "data-seat": String(seat) },
      h("h2", { text: p.dealer === seat ? t("replay.deals", { who: playerName }) : playerName, "data-turn": t("play.toPlay") }),
      cardRow(p.hands[seat], { empty: t("card.noCards") }));
    box.classList.toggle("turn", p.turn === seat && !p.outcome);
    return box;
  }));
  $("board-table").replaceChildren(cardRow(p.table, { empty: t("card.tableEmpty") }));
  $("board-sides").replaceChildren(...p.piles.map((pile, side) => {
    const rules = /** @type {Rules} */ (view.rules); // an export is open
    const seats = view.players.map((_, seat) => seat).filter((seat) => sideOf(rules, seat) === side);
    const label = sideName({ seats }, view.players);
    return h("section", { class: "side", "data-side": String(side) },
      h("h2", { text: label }),
      h("div", { "data-captured": String(pile.length), text: t("replay.taken", { count: pile.length }) }),
      h("div", { "data-escopas": String(p.escopas[side]), text: t("side.escopas", { count: p.escopas[side] }) }),
      h("div", { "data-score": String(p.scores[side]), text: t("side.match", { score: p.scores[side], target: rules.target }) }));
  }));
  renderScore(p);
  for (const button of $("moves").querySelectorAll("button")) {
    const current = Number(button.dataset.index) === view.at;
    button.setAttribute("aria-current", String(current));
    if (current) showInList($("moves"), button);
  }
}

/**
 * Scroll `list`'s own box so `item` shows in it; the page itself stays where it is.
 * @param {HTMLElement} list
 * @param {HTMLElement} item
 */
function showInList(list, item) {
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

/**
 * The last round scored by this position (and the outcome, once over).
 * @param {Position} p
 */
function renderScore(p) {
  const score = $("score");
  const result = p.rounds.at(-1);
  const outcome = p.outcome ? h("p", { class: "outcome-line", text: outcomeText(p.outcome, view.players) }) : "";
  const table = result ? scoreTable(result, view.players) : h("p", { class: "empty", text: t("replay.noRound") });
  score.replaceChildren(table, outcome);
}

/** The list of entries, each a button to its position; each hand dealt marks where it starts. */
function moveList() {
  $("moves").replaceChildren(...view.entries.map((entry, index) => {
    const dealt = entry.events.find((event) => event.type === "dealt");
    return h("li", { class: dealt ? "dealt" : null },
      dealt ? h("span", { class: "mark", text: t("replay.mark", { round: dealt.round, hand: dealt.hand }) }) : null,
      h("button", { type: "button", "data-index": String(index), "data-seq": String(entry.seq), text: describe(entry), onclick: () => go(index) }));
  }));
}

/**
 * A sentence of verify.js in this page's words: its arguments worded too (another sentence, a
 * list of them), seats counted from 1 as everywhere on the pages.
 * @param {Said} sentence
 * @returns {string}
 */
function worded(sentence) {
  /** @type {(value: unknown) => unknown} */
  const word = (value) => (Array.isArray(value) ? value.map(word).join(", ") : isSaid(value) ? worded(value) : value);
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const [name, value] of Object.entries(sentence.args)) {
    const counted = name === "seat" && typeof value === "number" ? fromOne(value) : name === "seats" && Array.isArray(value) ? value.map((seat) => fromOne(Number(seat))) : value;
    args[name] = word(counted);
  }
  return t(sentence.key, args);
}

/**
 * Whether a value is a sentence of verify.js.
 * @param {unknown} value
 * @returns {value is Said}
 */
function isSaid(value) {
  return typeof value === "object" && value !== null && "key" in value && "args" in value;
}

/**
 * What a thrown value says: a failed check's sentence worded, else its message.
 * @param {unknown} error
 * @returns {string}
 */
function whyOf(error) {
  return error instanceof Broken ? worded(error.said) : messageOf(error);
}

/**
 * The checks' results, each with its status and detail.
 * @param {CheckResult[]} results
 */
function renderChecks(results) {
  const failed = results.some((r) => r.status === "failed");
  const pending = results.some((r) => r.status === "pending");
  const unsigned = results.some((r) => r.status === "not-checked");
  const verdict = pending ? "pending" : failed ? "failed" : unsigned ? "unsigned" : "passed";
  $("verdict").textContent = t(`replay.verdict.${verdict}`);
  $("verdict").dataset.verdict = verdict;
  $("checks").replaceChildren(...results.map((result) => {
    const id = /** @type {Record<string, string>} */ (CHECKS)[result.name];
    return h("li", { class: result.status, "data-check": result.name, "data-status": result.status },
      h("strong", { text: `${id ? t(`check.${id}`) : result.name}: ` }), t(`check.status.${result.status}`, { check: id ?? "" }),
      h("br"), h("small", { text: worded(result.detail) }));
  }));
}

/**
 * The checks this page adds to audit.md's: the moves follow the cards, and the head you saw.
 * @param {Said | null} problem the first inconsistency `positions` found
 * @returns {Check[]}
 */
function extraChecks(problem) {
  /** @type {Check[]} */
  const checks = [["Moves use the cards dealt", async () => {
    if (problem) throw new Broken(problem.key, problem.args);
    return said("verify.cards.passed");
  }]];
  const seen = view.gameId && localStorage.getItem(`escopa:seen:${view.gameId}`);
  if (seen) {
    /** @type {{seq: number, hash: string}} */
    const { seq, hash } = JSON.parse(seen);
    checks.push(["The log this browser saw", async () => {
      if (view.entries[seq - 1]?.hash !== hash) throw new Broken("verify.seen.mismatch", { seq, hash: hash.slice(0, 12) });
      return said("verify.seen.passed", { seq });
    }]);
  }
  return checks;
}

/**
 * Open an export: its positions, its move list, the position the address names; then verify it.
 * @param {Export} exported an export, or what is said to be one: it must have a game's entries
 */
async function open(exported) {
  $("error").textContent = "";
  const entries = exported?.entries;
  const game = Array.isArray(entries) ? entries[0]?.game : null;
  if (!game) throw new Error(t("replay.notExport"));
  view.entries = entries;
  view.rules = game.rules;
  usePreset(presetOf(game.rules, await presets)); // its preset's deck, before a card is drawn
  view.players = seatNames(entries).map((name, seat) => name || t("replay.openSeat", { seat: fromOne(seat) }));
  $("game-label").textContent = t("replay.label", { game: exported.game_id ?? "", players: view.players.join(", ") });
  const rebuilt = positions(entries);
  view.list = rebuilt.list;
  $("viewer").hidden = false;
  $("load").hidden = true;
  moveList();
  const index = wantedIndex();
  go(index < 0 ? 0 : index);
  view.exported = exported;
  view.problem = rebuilt.problem;
  $("replay-hash").textContent = await replayHash(entries).catch(() => t("replay.noHash"));
  await check();
}

/** Run every check on the open export, with the keys trusted now (if any). */
async function check() {
  if (!view.exported) return;
  delete document.body.dataset.verified;
  renderChecks([{ name: "Verification", status: "pending", detail: said("verify.running") }]);
  const results = await verify(view.exported, extraChecks(view.problem), view.keys);
  renderChecks(results);
  document.body.dataset.verified = results.every((r) => r.status !== "failed") ? "passed" : "failed";
}

/** The keys the user pasted: the signature is checked again against them alone. */
async function checkWithKey() {
  $("key-error").textContent = "";
  if (!view.exported) return;
  try {
    view.keys = await trustedKeys($("key", HTMLTextAreaElement).value);
  } catch (error) {
    $("key-error").textContent = t("replay.notKey", { why: whyOf(error) });
    return;
  }
  await check();
}

/**
 * Open an export's JSON text; what is wrong with it, in words.
 * @param {string} text
 */
async function openText(text) {
  try {
    await open(JSON.parse(text));
  } catch (error) {
    $("error").textContent = t("replay.cannotOpen", { why: whyOf(error) });
  }
}

/**
 * The steps by key: arrows, Home and End through the positions; `[` and `]` by rounds.
 * @type {Record<string, () => void>}
 */
const STEPS = { ArrowLeft: () => go(view.at - 1), ArrowRight: () => go(view.at + 1), Home: () => go(0),
  End: () => go(view.list.length - 1), "[": () => jumpRound(-1), "]": () => jumpRound(1) };

/**
 * The keyboard steps through the positions (STEPS).
 * @param {KeyboardEvent} event
 */
function keys(event) {
  if (!view.list.length || (event.target instanceof Element && event.target.closest("textarea, input"))) return;
  if (Object.hasOwn(STEPS, event.key)) {
    event.preventDefault();
    STEPS[event.key]();
  }
}

/**
 * A step asked by a page of this service that frames this one (`{step: key}`, a key of STEPS):
 * a tournament's board at every table, stepped together.
 * @param {MessageEvent<unknown>} event
 */
function stepAsked(event) {
  const step = /** @type {{step?: unknown} | null} */ (event.data)?.step;
  if (event.origin !== location.origin || !view.list.length || typeof step !== "string" || !Object.hasOwn(STEPS, step)) return;
  STEPS[step]();
}

/** The page's controls, keys, address and file drops. */
function wire() {
  document.addEventListener("keydown", keys);
  window.addEventListener("message", stepAsked);
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(view.list.length - 1));
  $("back").addEventListener("click", () => go(view.at - 1));
  $("forward").addEventListener("click", () => go(view.at + 1));
  $("round-back").addEventListener("click", () => jumpRound(-1));
  $("round-forward").addEventListener("click", () => jumpRound(1));
  window.addEventListener("hashchange", () => {
    const index = wantedIndex();
    if (index >= 0 && index !== view.at) go(index);
  });
  const file = $("file", HTMLInputElement);
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) await openText(await chosen.text());
  });
  $("paste-go").addEventListener("click", () => openText($("paste", HTMLTextAreaElement).value));
  $("key-go").addEventListener("click", () => checkWithKey().catch((error) => { $("key-error").textContent = messageOf(error); }));
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    $("load").classList.add("over");
  });
  document.addEventListener("dragleave", () => $("load").classList.remove("over"));
  document.addEventListener("drop", async (event) => {
    event.preventDefault();
    $("load").classList.remove("over");
    const file = event.dataTransfer?.files[0];
    if (file) await openText(await file.text());
  });
}

/**
 * The service's presets, asked for once as the page loads (an export opened later is checked
 * with no request); none when they cannot be read: escopa's deck then.
 * @type {Promise<Record<string, Rules>>}
 */
const presets = api("/v1/rules/presets").catch(() => ({}));

async function start() {
  wire();
  view.gameId = gameIdFromPath("/replay");
  if (!view.gameId) return;
  if (!window.crypto?.subtle) throw new Error(t("replay.noCrypto"));
  try {
    /** @type {[Export, KeyList]} */
    const [exported, published] = await Promise.all([api(`/v1/games/${view.gameId}/export`), api("/v1/keys")]);
    view.keys = await trustedKeys(published); // this service's keys, as it publishes them
    await open(exported);
  } catch (problem) {
    const table = h("a", { href: `/play/${view.gameId}`, text: t("replay.watch") });
    const unfinished = problem instanceof Problem && problem.code === "game/not_finished";
    $("error").replaceChildren(unfinished ? `${t("replay.notOver")} ` : `${messageOf(problem)} `, unfinished ? table : "");
  }
}

translate();
deckPicker();
if (window.top !== window) { // framed beside another play: the header's pages open in the whole tab
  for (const link of document.querySelectorAll("header a")) link.setAttribute("target", "_top");
}
start().catch((error) => { $("error").textContent = error.message; });
