// @ts-check
// Verify an export in the browser, step by step as docs/audit.md section 3 (checks 1-4),
// section 7 and docs/shuffle.md describe them: the hash chain, the seed commitment, the key,
// the deals, and the Ed25519 signature of the final head against the keys the reader trusts.
// SHA-256, HMAC-SHA256 and Ed25519 come from Web Crypto; nothing here trusts the server.

import { DECK, RANKS } from "./cards.js";

/** @typedef {import("./types.js").Export} Export */
/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Outcome} Outcome */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./types.js").FirstDealerDrawn} FirstDealerDrawn */
/** @typedef {import("./types.js").HandDealt} HandDealt */
/** An entry whose seat is checked to exist. @typedef {LogEntry & {seat: number}} SeatEntry */
/** The keys to trust: each raw 32-byte Ed25519 public key by its id. @typedef {Map<string, Uint8Array<ArrayBuffer>>} Keys */
/** A key (or the list of `GET /v1/keys`) as given: JSON not checked yet. @typedef {{id?: unknown, algorithm?: unknown, public_key?: unknown, keys?: unknown}} GivenKey */
/**
 * A sentence, as the pages' catalogs word it: its key (`verify.chain.passed`) and its arguments
 * (another Said among them is worded too); this module says nothing in any language itself.
 * @typedef {{key: string, args: Record<string, unknown>}} Said
 */
/** One check's result, as `verify` lists them. @typedef {{name: string, status: "passed" | "failed" | "not-checked" | "pending", detail: Said}} CheckResult */
/** A check a caller adds: its name, and what it finds (it throws Broken when it fails). @typedef {[string, () => Promise<Said>]} Check */

export const GENESIS = "0".repeat(64);
const MEMBERS = ["seq", "type", "time", "seat", "move", "signal", "game", "events", "prev_hash", "state_hash", "salt", "hash"];
// `signals` only on the entry that ends a match in which partners signalled; `player` only on a
// `joined` entry, `rematch` only on a `rematch` entry, `deadline` only on a `timeout` entry.
const OPTIONAL = ["signals", "player", "rematch", "deadline"];
const encoder = new TextEncoder();
const VALUE = Object.fromEntries(DECK.map((card) => [card, RANKS.indexOf(card[0]) + 1]));

/**
 * A sentence to say.
 * @param {string} key
 * @param {Record<string, unknown>} [args]
 * @returns {Said}
 */
export function said(key, args = {}) {
  return { key, args };
}

/** A check that fails: what it found, as a sentence (`said`). */
class Broken extends Error {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   */
  constructor(key, args = {}) {
    super(key);
    this.said = said(key, args);
  }
}

/** A check that cannot be made here, and why. */
class NotChecked extends Broken {}

/**
 * Lowercase hex of the bytes.
 * @param {ArrayBuffer} buffer
 * @returns {string}
 */
function hex(buffer) {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Lowercase hex SHA-256 of a text's UTF-8 bytes.
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * Python's default string order (by code point), which `sort_keys=True` uses.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function byCodePoint(a, b) {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = Number(x[i].codePointAt(0)) - Number(y[i].codePointAt(0)); // each a whole code point
    if (d) return d;
  }
  return x.length - y.length;
}

/**
 * Canonical JSON (audit.md check 1): keys sorted at every level, no spaces, UTF-8 as is.
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(members).sort(byCodePoint);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(members[key])}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isSafeInteger(value)) throw new Broken("verify.notInteger", { value: String(value) });
  return JSON.stringify(value);
}

/**
 * Check 1, the chain: seq in order, prev_hash links, each hash recomputes; the head.
 * @param {LogEntry[]} entries
 * @returns {Promise<Said>}
 */
export async function checkChain(entries) {
  let prev = GENESIS;
  for (const [index, entry] of entries.entries()) {
    const seq = index + 1;
    if (entry.seq !== seq) throw new Broken("verify.chain.order", { seq });
    const members = Object.keys(entry);
    const odd = members.filter((name) => !MEMBERS.includes(name) && !OPTIONAL.includes(name));
    if (odd.length) throw new Broken("verify.chain.members", { seq, members: odd.join(", ") });
    if (MEMBERS.some((name) => !members.includes(name))) throw new Broken("verify.chain.missing", { seq });
    if (entry.prev_hash !== prev) throw new Broken("verify.chain.link", { seq, previous: seq - 1 });
    const { hash, ...body } = entry;
    if ((await sha256Hex(canonical(body))) !== hash) throw new Broken("verify.chain.hash", { seq });
    prev = hash;
  }
  return said("verify.chain.passed", { count: entries.length, head: prev });
}

/**
 * Check 2, the seed: the commitment published before the game is its SHA-256, or, when the
 * game has a `seed_salt` (a seed the creator chose), the SHA-256 of `seed_salt:seed`.
 * @param {GameInfo} game
 * @returns {Promise<Said>}
 */
export async function checkSeed(game) {
  if (game.seed === null) throw new Broken("verify.seed.hidden");
  const salted = "seed_salt" in game;
  if (salted && typeof game.seed_salt !== "string") throw new Broken("verify.seed.saltHidden");
  const committed = salted ? `${game.seed_salt}:${game.seed}` : game.seed;
  if ((await sha256Hex(committed)) !== game.seed_commitment) throw new Broken("verify.seed.mismatch");
  return said("verify.seed.passed", { hashed: salted ? "seed_salt:seed" : "seed", commitment: game.seed_commitment });
}

/**
 * Check 3, the key: the seed, or `seed:client_seed` (shuffle.md section 2); null while the
 * seed is not revealed.
 * @param {Pick<GameInfo, "seed" | "client_seed">} game
 * @returns {string | null}
 */
function keyText(game) {
  return game.client_seed === null ? game.seed : `${game.seed}:${game.client_seed}`;
}

/**
 * The key as UTF-8 bytes, as the shuffle's HMAC takes it.
 * @param {Pick<GameInfo, "seed" | "client_seed">} game
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function shuffleKey(game) {
  const key = keyText(game);
  if (key === null) throw new Broken("verify.seed.hidden");
  return encoder.encode(key);
}

/**
 * shuffle.md sections 3-5: HMAC-SHA256 words, uniform(n) by rejection, Fisher-Yates.
 * @param {CryptoKey} hmacKey
 * @param {number} round
 * @returns {Promise<string[]>}
 */
export async function shuffledDeck(hmacKey, round) {
  const deck = [...DECK];
  let block = 0;
  /** @type {number[]} */
  let words = [];
  const next = async () => {
    if (!words.length) {
      const message = encoder.encode(`escopa-shuffle-v1:${round}:${block}`);
      const digest = new DataView(await crypto.subtle.sign("HMAC", hmacKey, message));
      words = Array.from({ length: 8 }, (_, k) => digest.getUint32(4 * k, false)); // big-endian
      block += 1;
    }
    return /** @type {number} */ (words.shift()); // refilled above when empty
  };
  for (let i = 39; i > 0; i -= 1) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let word = await next();
    while (word >= limit) word = await next();
    const j = word % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck; // deck[0] is the top
}

/**
 * The shuffle's HMAC-SHA256 key.
 * @param {Uint8Array<ArrayBuffer>} keyBytes
 * @returns {Promise<CryptoKey>}
 */
export async function hmacKey(keyBytes) {
  return crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * shuffle.md section 7: the lowest card deals, ties draw again from the round-0 deck.
 * @param {CryptoKey} key
 * @param {number} n
 * @param {FirstDealerDrawn} event
 * @param {number} seq
 */
async function checkDraw(key, n, event, seq) {
  const deck = (await shuffledDeck(key, 0))[Symbol.iterator]();
  let drawing = Array.from({ length: n }, (_, seat) => seat);
  /** @type {[number, string][]} */
  const draws = [];
  for (;;) {
    const cards = drawing.map((seat) => /** @type {[number, string]} */ ([seat, deck.next().value]));
    draws.push(...cards);
    const lowest = Math.min(...cards.map(([, card]) => VALUE[card]));
    drawing = cards.filter(([, card]) => VALUE[card] === lowest).map(([seat]) => seat);
    if (drawing.length === 1) break;
  }
  if (!same(event.draws, draws)) throw new Broken("verify.deals.draw", { seq });
  if (event.dealer !== drawing[0]) throw new Broken("verify.deals.firstDealer", { seq });
}

/**
 * audit.md check 4 and shuffle.md section 6: one hand (and a round's opening table); a game
 * of boards deals round r from board firstBoard + r - 1 (section 9).
 * @param {CryptoKey} key
 * @param {number} n
 * @param {HandDealt} event
 * @param {number} seq
 * @param {Record<number, string[]>} decks each round's deck, shuffled once
 * @param {number} firstBoard
 */
async function checkDeal(key, n, event, seq, decks, firstBoard) {
  decks[event.round] ??= await shuffledDeck(key, firstBoard + event.round - 1);
  const deck = decks[event.round];
  const hand = event.hand;
  const start = hand === 1 ? 0 : 3 * n + 4 + 3 * n * (hand - 2);
  const hands = Array.from({ length: n }, () => /** @type {string[]} */ ([]));
  deck.slice(start, start + 3 * n).forEach((card, k) => hands[(event.dealer + 1 + (k % n)) % n].push(card));
  const table = hand === 1 ? deck.slice(3 * n, 3 * n + 4) : [];
  const where = { seq, round: event.round, hand };
  const sorted = hands.map((cards) => [...cards].sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b)));
  if (!same(event.hands, sorted)) throw new Broken("verify.deals.hands", where);
  if (!same(event.table, table)) throw new Broken("verify.deals.table", where);
  if (event.stock !== 40 - start - 3 * n - table.length) throw new Broken("verify.deals.stock", where);
}

/**
 * Check 4: every first-dealer draw and every deal is the seeded shuffle's.
 * @param {LogEntry[]} entries
 * @returns {Promise<Said>}
 */
export async function checkDeals(entries) {
  const game = gameOf(entries);
  const key = await hmacKey(shuffleKey(game));
  const n = game.rules.players;
  if (game.players.length !== n) throw new Broken("verify.deals.players");
  /** @type {Record<number, string[]>} */
  const decks = {};
  let deals = 0;
  for (const entry of entries) {
    for (const event of entry.events) {
      if (event.type === "first_dealer") await checkDraw(key, n, event, entry.seq);
      else if (event.type === "dealt") {
        await checkDeal(key, n, event, entry.seq, decks, game.rules.first_board ?? 1);
        deals += 1;
      }
    }
  }
  return said("verify.deals.passed", { count: deals });
}

/**
 * audit.md check 5's part on signals: only the entry that ends the match records them, the
 * rules allow them, each is by a seat that exists, in the order sent, after an earlier entry.
 * @param {LogEntry[]} entries
 * @returns {Said}
 */
export function checkSignals(entries) {
  const rules = gameOf(entries).rules;
  const allowed = rules.signals && (rules.partnerships ?? rules.players === 4);
  let count = 0;
  for (const entry of entries) {
    const seq = entry.seq;
    if (entry.type === "signal") {
      if (!allowed) throw new Broken("verify.signals.none", { seq });
      count += 1;
    }
    if (!("signals" in entry)) continue;
    const ends = entry.events.some((event) => event.type === "match_ended");
    if (!ends || !Array.isArray(entry.signals) || !entry.signals.length) throw new Broken("verify.signals.where", { seq });
    if (!allowed) throw new Broken("verify.signals.none", { seq });
    let last = 1;
    for (const sent of entry.signals) {
      if (!Number.isInteger(sent.seat) || sent.seat < 0 || sent.seat >= rules.players) throw new Broken("verify.signals.seat", { seq, seat: sent.seat });
      if (!Number.isInteger(sent.after) || sent.after < last || sent.after >= seq) throw new Broken("verify.signals.order", { seq, after: String(sent.after) });
      last = sent.after;
      count += 1;
    }
  }
  return said("verify.signals.passed", { count });
}

// --- a game's life: seats taken and left, an early end, a rematch (audit.md check 5) ---------

const LIFE = ["joined", "left", "resigned", "aborted", "rematch"];
/** @type {Record<string, string>} */
const ENDING = { resigned: "resign", aborted: "abort" }; // in a move's place in the replay hash
const REPLAY_PREFIX = "escopa-replay-v1:";

/**
 * What a game's life is so far, as `checkLife` walks the log: the open seats, the status,
 * whether a seat has played, the rounds scored and totals, the last state hash, the waiting one.
 * @typedef {object} Life
 * @property {Set<number>} open
 * @property {"waiting" | "playing" | "finished"} status
 * @property {boolean} played
 * @property {number} rounds
 * @property {number[]} totals
 * @property {string | null} stateHash
 * @property {string | null} waiting
 */

/**
 * The game the first entry carries (every export's does).
 * @param {LogEntry[]} entries
 * @returns {GameInfo}
 */
function gameOf(entries) {
  const game = entries[0]?.game;
  if (!game) throw new Broken("verify.noGame");
  return game;
}

/**
 * Whether the entry names a seat that exists under these rules.
 * @param {LogEntry} entry
 * @param {Rules} rules
 * @returns {entry is SeatEntry}
 */
function seated(entry, rules) {
  return typeof entry.seat === "number" && Number.isInteger(entry.seat) && entry.seat >= 0 && entry.seat < rules.players;
}

/**
 * Whether the seats play in partnerships: as the rules say, else with four players.
 * @param {Rules} rules
 * @returns {boolean}
 */
function partnered(rules) {
  return rules.partnerships ?? rules.players === 4;
}

/**
 * How many sides play.
 * @param {Rules} rules
 * @returns {number}
 */
function sideCount(rules) {
  return partnered(rules) ? 2 : rules.players;
}

/**
 * The seats of a side.
 * @param {Rules} rules
 * @param {number} side
 * @returns {number[]}
 */
function seatsOf(rules, side) {
  return partnered(rules) ? [side, side + 2] : [side];
}

/**
 * The state hash of `engine.waiting(rules, key)`, a game whose seats are not all taken: nothing
 * dealt or drawn. Its canonical JSON has the members of engine/state.py's `State`.
 * @param {GameInfo} game
 * @returns {Promise<string>}
 */
export async function waitingStateHash(game) {
  const rules = game.rules;
  const sides = sideCount(rules);
  const dealer = Number.isInteger(rules.first_dealer) ? rules.first_dealer : 0;
  const none = (/** @type {number} */ count) => Array.from({ length: count }, () => []);
  const zeros = Array(sides).fill(0);
  const state = {
    rules, seed: keyText(game), status: "waiting", round: 1, hand: 0, first_dealer: dealer, dealer,
    turn: null, stock: [], hands: none(rules.players), table: [], captured: none(sides), escopas: zeros,
    wrong: zeros, last_capturer: null, claim: null, last: null, scores: zeros, rounds: [], outcome: null,
  };
  return sha256Hex(canonical(state));
}

/**
 * How a resignation or an abort by `seat` must end the match, given the scores so far.
 * @param {string} type
 * @param {Rules} rules
 * @param {number} seat
 * @param {number[]} totals
 * @param {number} rounds
 * @returns {Record<string, unknown>} the outcome's members that must be so
 */
function expectedEnd(type, rules, seat, totals, rounds) {
  if (type === "aborted") return { result: "aborted", winner: null, seats: [], resigned: [], totals, rounds };
  const side = partnered(rules) ? seat % 2 : seat;
  const others = Array.from({ length: sideCount(rules) }, (_, s) => s).filter((s) => s !== side);
  const seats = others.flatMap((s) => seatsOf(rules, s)).sort((a, b) => a - b);
  const winner = others.length === 1 ? others[0] : null;
  return { result: "resigned", winner, seats, resigned: seatsOf(rules, side), totals, rounds };
}

/**
 * A resignation or an abort: when it may come, and the match's end it must log.
 * @param {SeatEntry} entry
 * @param {Life} life
 * @param {Rules} rules
 */
function checkEnd(entry, life, rules) {
  const where = { seq: entry.seq, seat: entry.seat, type: entry.type };
  if (life.status === "finished") throw new Broken("verify.life.afterEnd", where);
  if (entry.type === "resigned" && life.status === "waiting") throw new Broken("verify.life.resignedWaiting", where);
  if (entry.type === "aborted" && life.played) throw new Broken("verify.life.abortedLate", where);
  const ended = entry.events;
  if (ended.length !== 1 || ended[0].type !== "match_ended") throw new Broken("verify.life.endEvent", where);
  /** @type {Record<string, unknown>} */
  const outcome = { resigned: [], .../** @type {Partial<Outcome>} */ (ended[0].outcome) }; // older logs have no `resigned`
  const expected = expectedEnd(entry.type, rules, entry.seat, life.totals, life.rounds);
  for (const [member, value] of Object.entries(expected)) {
    if (!same(outcome[member], value)) throw new Broken("verify.life.outcome", { ...where, member, found: JSON.stringify(outcome[member]), expected: JSON.stringify(value) });
  }
}

/**
 * A seat taken or left while the game waits; the last one taken deals the game.
 * @param {SeatEntry} entry
 * @param {Life} life
 */
function checkSeat(entry, life) {
  const where = { seq: entry.seq, seat: entry.seat, type: entry.type };
  if (life.status !== "waiting") throw new Broken("verify.life.seatStarted", where);
  const joined = entry.type === "joined";
  if (joined !== life.open.has(entry.seat)) throw new Broken(joined ? "verify.life.notOpen" : "verify.life.openAlready", where);
  if (joined && (typeof entry.player !== "string" || !entry.player)) throw new Broken("verify.life.player", where);
  if (joined) life.open.delete(entry.seat);
  else life.open.add(entry.seat);
  if (joined && !life.open.size) {
    if (entry.state_hash === life.waiting) throw new Broken("verify.life.noStart", where);
    life.status = "playing";
    return;
  }
  if (entry.events.length) throw new Broken("verify.life.events", where);
  if (entry.state_hash !== life.waiting) throw new Broken("verify.life.waitingHash", where);
}

/**
 * A lifecycle entry: a seat taken or left, a resignation, an abort, a rematch.
 * @param {LogEntry} entry
 * @param {Life} life
 * @param {Rules} rules
 */
function checkLifeEntry(entry, life, rules) {
  const where = { seq: entry.seq, type: entry.type };
  if (!seated(entry, rules)) throw new Broken("verify.life.noSeat", where);
  if (entry.move !== null) throw new Broken("verify.life.move", where);
  if (entry.type === "joined" || entry.type === "left") checkSeat(entry, life);
  else if (entry.type === "rematch") {
    if (life.status !== "finished") throw new Broken("verify.life.rematchEarly", where);
    if (entry.events.length || entry.state_hash !== life.stateHash) throw new Broken("verify.life.rematchChanges", where);
    if (typeof entry.rematch !== "string" || !/^[0-9a-f]{24}$/.test(entry.rematch)) throw new Broken("verify.life.rematchGame", where);
  } else checkEnd(entry, life, rules);
}

/**
 * What the entry's events change in the running summary: play, scores, the end.
 * @param {LogEntry} entry
 * @param {Life} life
 */
function advance(entry, life) {
  for (const event of entry.events) {
    if (event.type === "played" || event.type === "claimed") life.played = true;
    else if (event.type === "round_ended") {
      life.rounds += 1;
      life.totals = [...event.score.match_totals];
    } else if (event.type === "match_ended") life.status = "finished";
  }
  if (entry.state_hash) life.stateHash = entry.state_hash;
}

/**
 * audit.md check 5's part on a game's life: a game with open seats starts as
 * `engine.waiting` (its state hash recomputed here); each `joined` entry takes an open seat,
 * each `left` one opens a taken seat again, while it waits; the last join deals; a
 * resignation (once dealt) or an abort (before any seat has played) ends the match as
 * `engine.resign` / `engine.abort` do; a rematch comes only after the end.
 * @param {LogEntry[]} entries
 * @returns {Promise<Said>}
 */
export async function checkLife(entries) {
  const [first, ...rest] = entries;
  const game = gameOf(entries);
  const rules = game.rules;
  const open = new Set(game.open ?? []);
  /** @type {Life} */
  const life = {
    open, status: open.size ? "waiting" : "playing", played: false, rounds: 0,
    totals: Array(sideCount(rules)).fill(0), stateHash: null, waiting: null,
  };
  if (open.size) {
    life.waiting = await waitingStateHash(game);
    if (first.events.length) throw new Broken("verify.life.dealsNothing");
    if (first.state_hash !== life.waiting) throw new Broken("verify.life.firstHash");
  }
  advance(first, life);
  /** @type {Record<string, number>} */
  const counts = Object.fromEntries(LIFE.map((type) => [type, 0]));
  for (const entry of rest) {
    for (const [member, type] of [["player", "joined"], ["rematch", "rematch"], ["deadline", "timeout"]]) {
      if ((member in entry) !== (entry.type === type)) throw new Broken("verify.life.only", { seq: entry.seq, type, member });
    }
    if (LIFE.includes(entry.type)) {
      checkLifeEntry(entry, life, rules);
      counts[entry.type] += 1;
    } else if (life.status === "waiting" && entry.type !== "signal") {
      throw new Broken("verify.life.waiting", { seq: entry.seq, type: entry.type });
    }
    advance(entry, life);
  }
  const opened = game.open ?? [];
  const waited = life.waiting ? said("verify.life.waited", { count: opened.length, seats: opened, hash: life.waiting.slice(0, 12) }) : "";
  const told = LIFE.filter((type) => counts[type]).map((type) => said(`verify.life.count.${type}`, { count: counts[type] }));
  return said("verify.life.passed", { waited, told: told.length ? told : said("verify.life.nothing") });
}

// --- turn clocks (audit.md check 5's clock part, as far as it goes without the engine) -------

const HAND_TURNS = 3; // a seat's turns in a hand: a person who missed them all has left (engine.clock)
const LOG_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Each `timeout` entry: the rules have a clock, only a timeout names a `deadline` (the log's
 * UTC form), it came at or after it, by a seat that exists; what followed is the policy's kind
 * (`forfeit` under `forfeit`, or once every person seat has missed a hand's turns in a row in
 * a game to a target, ending the match with its side in `timed_out`; `abort` only before any
 * seat has played). Whether each deadline is the replayed one, and each move came
 * before its own, needs the engine's turn order: `escopa audit` checks that.
 * @param {LogEntry[]} entries
 * @returns {Said}
 */
export function checkTimeouts(entries) {
  const game = gameOf(entries);
  const rules = game.rules;
  const people = [...Array(rules.players).keys()].filter((seat) => !(game.bots ?? []).includes(seat));
  const misses = Array(rules.players).fill(0);
  let played = false;
  let count = 0;
  for (const entry of entries) {
    const where = { seq: entry.seq };
    const timeout = entry.type === "timeout";
    if (("deadline" in entry) !== timeout) throw new Broken("verify.clock.deadlineOnly", where);
    if (timeout) {
      if (!rules.clock) throw new Broken("verify.clock.none", where);
      if (!seated(entry, rules)) throw new Broken("verify.clock.seat", where);
      if (typeof entry.deadline !== "string" || !LOG_TIME.test(entry.deadline)) throw new Broken("verify.clock.deadlineForm", { ...where, deadline: JSON.stringify(entry.deadline) });
      if (entry.time < entry.deadline) throw new Broken("verify.clock.early", { ...where, time: entry.time, deadline: entry.deadline });
      misses[entry.seat] += 1;
      const left = !rules.boards && people.length > 0 && people.every((seat) => misses[seat] >= HAND_TURNS);
      const forfeits = rules.clock.on_timeout === "forfeit" || (left && entry.move === "forfeit");
      if ((entry.move === "forfeit") !== forfeits && entry.move !== "abort") throw new Broken("verify.clock.policy", { ...where, move: String(entry.move), then: said(`clock.then.${rules.clock.on_timeout}`) });
      if (entry.move === "abort" && played) throw new Broken("verify.clock.abortLate", where);
      if (entry.move === "forfeit") checkForfeit(entry, rules);
      count += 1;
    }
    if (entry.events.some((event) => event.type === "played" || event.type === "claimed")) played = true;
    if (entry.type === "move" && seated(entry, rules)) misses[entry.seat] = 0;
  }
  return said("verify.clock.passed", { count, then: rules.clock ? said(`clock.then.${rules.clock.on_timeout}`) : "" });
}

/**
 * A forfeit on time ends the match with the seat's side timed out.
 * @param {SeatEntry} entry
 * @param {Rules} rules
 */
function checkForfeit(entry, rules) {
  const ended = entry.events.find((event) => event.type === "match_ended");
  const side = partnered(rules) ? entry.seat % 2 : entry.seat;
  if (!ended || ended.outcome.result !== "timeout" || !same(ended.outcome.timed_out, seatsOf(rules, side))) {
    throw new Broken("verify.clock.forfeit", { seq: entry.seq, seat: entry.seat });
  }
}

/**
 * The replay hash (audit.md section 6) over the logged state hashes: it starts at the deal
 * (the `created` entry, or the last join), then each move or deal, a resignation or an abort
 * in a move's place, adds `seat:move:state_hash`. It is what `escopa audit` and `GET /audit`
 * answer when the logged state hashes are the replay's, which only the engine can tell.
 * @param {LogEntry[]} entries
 * @returns {Promise<string>}
 */
export async function replayHash(entries) {
  let hash = "";
  /** @type {(stateHash: string | null) => Promise<string>} */
  const start = (stateHash) => sha256Hex(`${REPLAY_PREFIX}${stateHash}`);
  /** @type {(previous: string, seat: number | null, move: string | null, stateHash: string | null) => Promise<string>} */
  const step = (previous, seat, move, stateHash) => sha256Hex(`${previous}:${seat}:${move}:${stateHash}`);
  /** @type {Set<number | null>} */
  const open = new Set(gameOf(entries).open ?? []);
  for (const [index, entry] of entries.entries()) {
    if (entry.type === "joined") open.delete(entry.seat);
    else if (entry.type === "left") open.add(entry.seat);
    const starts = index === 0 ? !open.size : entry.type === "joined" && !open.size;
    if (starts) hash = await start(entry.state_hash);
    else if (entry.type === "move" || entry.type === "deal") hash = await step(hash, entry.seat, entry.move, entry.state_hash);
    else if (entry.type === "timeout") { // what followed, in a move's place; a forfeit as `timeout`
      const shown = entry.move === "forfeit" ? "timeout" : entry.move;
      hash = await step(hash || (await start(entry.state_hash)), entry.seat, shown, entry.state_hash);
    }
    else if (entry.type in ENDING) hash = await step(hash || (await start(entry.state_hash)), entry.seat, ENDING[entry.type], entry.state_hash);
  }
  return hash;
}

// --- the match's end (docs/audit.md check 6) --------------------------------------------------

/**
 * A log cut short is not the whole game: an entry ends the match (its `match_ended` event),
 * and only a rematch entry may follow it.
 * @param {LogEntry[]} entries
 * @returns {Said}
 */
export function checkOver(entries) {
  const ends = entries.findIndex((entry) => entry.events.some((event) => event.type === "match_ended"));
  const last = /** @type {LogEntry} */ (entries.at(-1));
  if (ends < 0) throw new Broken("verify.over.short", { seq: last.seq });
  const after = entries.slice(ends + 1).find((entry) => entry.type !== "rematch");
  if (after) throw new Broken("verify.over.after", { seq: after.seq, type: after.type, end: ends + 1 });
  return said("verify.over.passed", { seq: ends + 1, rematch: String(last.seq > ends + 1) });
}

// --- the signature of the whole game (docs/audit.md section 7) -------------------------------

/**
 * What an export's signature signs, by format: v3 its own context, never a receipt's; a v2
 * export was signed with its last head's receipt, which only the end check makes the whole game.
 */
/** @type {Record<string, string>} */
const SIGNED_CONTEXT = { "escopa-export-v3": "escopa-export-v3", "escopa-export-v2": "escopa-receipt-v1" };

/**
 * Bytes from base64url (padded or not); raises Broken naming `what` (`key`, `signature`) on
 * anything else.
 * @param {unknown} text
 * @param {string} what
 * @returns {Uint8Array<ArrayBuffer>}
 */
function unb64(text, what) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Broken("verify.keys.base64", { what });
  const bare = text.replace(/=+$/, "");
  const binary = atob(bare.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (bare.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * A raw 32-byte public key written as 43 base64url characters or 64 hex digits.
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
function keyBytes(text) {
  const given = String(text).trim();
  if (/^[0-9a-fA-F]{64}$/.test(given)) return Uint8Array.from(given.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  if (/^[A-Za-z0-9_-]{43}=?$/.test(given)) return unb64(given, "key");
  throw new Broken("verify.keys.form");
}

/**
 * A key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes.
 * @param {Uint8Array<ArrayBuffer>} raw
 * @returns {Promise<string>}
 */
export async function keyId(raw) {
  return hex(await crypto.subtle.digest("SHA-256", raw)).slice(0, 16);
}

/**
 * The keys to trust, by id, from what `GET /v1/keys` publishes (the whole document, its `keys`
 * list or one key) or a bare public key, as text or parsed; raises Broken naming what is wrong.
 * @param {unknown} given
 * @returns {Promise<Keys>}
 */
export async function trustedKeys(given) {
  let document = /** @type {GivenKey | GivenKey[] | null | undefined} */ (given); // checked below
  if (typeof given === "string") {
    const text = given.trim();
    if (!text.startsWith("{") && !text.startsWith("[")) {
      const raw = keyBytes(text);
      return new Map([[await keyId(raw), raw]]);
    }
    try {
      document = JSON.parse(text);
    } catch {
      throw new Broken("verify.keys.neither");
    }
  }
  /** @type {(GivenKey | null | undefined)[]} */
  const items = Array.isArray(document) ? document : Array.isArray(document?.keys) ? document.keys : [document];
  /** @type {Keys} */
  const keys = new Map();
  for (const item of items) {
    if (typeof item?.id !== "string" || typeof item?.public_key !== "string") throw new Broken("verify.keys.published");
    if ((item.algorithm ?? "Ed25519") !== "Ed25519") throw new Broken("verify.keys.algorithm", { id: item.id });
    const raw = keyBytes(item.public_key);
    if ((await keyId(raw)) !== item.id) throw new Broken("verify.keys.id", { id: item.id });
    keys.set(item.id, raw);
  }
  if (!keys.size) throw new Broken("verify.keys.none");
  return keys;
}

/**
 * Whether this browser's Web Crypto verifies Ed25519 (Chromium 113+, Firefox 129+, Safari 17+).
 * @returns {Promise<boolean>}
 */
async function hasEd25519() {
  try {
    await crypto.subtle.importKey("raw", new Uint8Array(32), { name: "Ed25519" }, false, ["verify"]);
    return true;
  } catch {
    return false;
  }
}

/**
 * audit.md section 7: the export's signature is the service's over
 * `escopa-export-v3:{game_id}:{seq}:{hash}` of its last entry (a v2 export's over
 * `escopa-receipt-v1:...`), by one of the `keys` given (a Map from `trustedKeys`, or null:
 * then it is not checked).
 * @param {Export} exported
 * @param {Keys | null} keys
 * @returns {Promise<Said>}
 */
export async function checkSignature(exported, keys) {
  const signed = exported.signature;
  if (!signed) {
    if (!keys) throw new NotChecked("verify.signature.unsigned");
    throw new Broken("verify.signature.missing");
  }
  if (!keys) throw new NotChecked("verify.signature.noKey", { key: signed.key_id });
  if (!(await hasEd25519())) throw new NotChecked("verify.signature.noEd25519");
  const raw = keys.get(signed.key_id);
  if (!raw) {
    const known = [...keys.keys()].sort().join(", ") || said("card.none");
    throw new Broken("verify.signature.unknownKey", { key: signed.key_id, known });
  }
  const last = /** @type {LogEntry} */ (exported.entries.at(-1)); // `verify` runs it on entries only
  const head = said("verify.signature.head", { game: exported.game_id, seq: last.seq, hash: last.hash });
  const message = encoder.encode(`${SIGNED_CONTEXT[exported.format]}:${exported.game_id}:${last.seq}:${last.hash}`);
  const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  let holds = false;
  try {
    holds = await crypto.subtle.verify({ name: "Ed25519" }, key, unb64(signed.signature, "signature"), message);
  } catch (error) {
    if (error instanceof Broken) throw error;
  }
  if (!holds) throw new Broken("verify.signature.broken", { key: signed.key_id, head });
  return said("verify.signature.passed", { key: signed.key_id, head });
}

/**
 * Every check, in docs/audit.md's order; each is {name, status, detail}. A check that cannot
 * run because an earlier one failed is still listed. `extra` are checks the caller adds;
 * `keys` (from `trustedKeys`, or null) are the keys the signature of the final head must hold for.
 * @param {Export} exported an export, or what is said to be one: its format is checked first
 * @param {Check[]} [extra]
 * @param {Keys | null} [keys]
 * @returns {Promise<CheckResult[]>}
 */
export async function verify(exported, extra = [], keys = null) {
  /** @type {CheckResult[]} */
  const results = [];
  /** @type {(name: string, check: () => Promise<Said>) => Promise<void>} */
  const run = async (name, check) => {
    try {
      results.push({ name, status: "passed", detail: await check() });
    } catch (error) {
      if (error instanceof NotChecked) results.push({ name, status: "not-checked", detail: error.said });
      else {
        const detail = error instanceof Broken ? error.said : said("verify.unexpected", { why: error instanceof Error ? error.message : String(error) });
        results.push({ name, status: "failed", detail });
      }
    }
  };
  const formats = ["escopa-export-v1", "escopa-export-v2", "escopa-export-v3"];
  if (!formats.includes(exported?.format) || !Array.isArray(exported.entries) || !exported.entries.length) {
    return [{ name: "Export", status: "failed", detail: said("verify.export.format") }];
  }
  if (exported.format !== "escopa-export-v1" && !exported.signature) {
    return [{ name: "Export", status: "failed", detail: said("verify.export.unsigned", { format: exported.format }) }];
  }
  const entries = exported.entries;
  const game = entries[0]?.game;
  await run("Hash chain", () => checkChain(entries));
  await run("Seed commitment", () => (game ? checkSeed(game) : Promise.reject(new Broken("verify.noGame"))));
  await run("Deals from the seeded shuffle", () => checkDeals(entries));
  if (entries.some((entry) => "signals" in entry || entry.type === "signal")) {
    await run("Partner signals", async () => checkSignals(entries));
  }
  if (game?.rules?.clock || entries.some((entry) => entry.type === "timeout" || "deadline" in entry)) {
    await run("Turn clock", async () => checkTimeouts(entries));
  }
  if (game?.open?.length || entries.some((entry) => LIFE.includes(entry.type))) {
    await run("Seats and the match's end", () => checkLife(entries));
  }
  await run("The match is over", async () => checkOver(entries));
  for (const [name, check] of extra) await run(name, check);
  await run("Signature of the final head", () => checkSignature(exported, keys));
  return results;
}

export { Broken };
