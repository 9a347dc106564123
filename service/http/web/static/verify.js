// Verify an export in the browser, step by step as docs/audit.md section 3 (checks 1-4),
// section 7 and docs/shuffle.md describe them: the hash chain, the seed commitment, the key,
// the deals, and the Ed25519 signature of the final head against the keys the reader trusts.
// SHA-256, HMAC-SHA256 and Ed25519 come from Web Crypto; nothing here trusts the server.

import { DECK, RANKS } from "./cards.js";

export const GENESIS = "0".repeat(64);
const MEMBERS = ["seq", "type", "time", "seat", "move", "signal", "game", "events", "prev_hash", "state_hash", "salt", "hash"];
const OPTIONAL = ["signals"]; // only on the entry that ends a match in which partners signalled
const encoder = new TextEncoder();
const VALUE = Object.fromEntries(DECK.map((card) => [card, RANKS.indexOf(card[0]) + 1]));

class Broken extends Error {}
class NotChecked extends Error {}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Lowercase hex SHA-256 of a text's UTF-8 bytes. */
export async function sha256Hex(text) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

// Python's default string order (by code point), which `sort_keys=True` uses.
function byCodePoint(a, b) {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

/** Canonical JSON (audit.md check 1): keys sorted at every level, no spaces, UTF-8 as is. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isSafeInteger(value)) throw new Broken(`${value} is not an integer the log can hold`);
  return JSON.stringify(value);
}

/** Check 1, the chain: seq in order, prev_hash links, each hash recomputes; the head. */
export async function checkChain(entries) {
  let prev = GENESIS;
  for (const [index, entry] of entries.entries()) {
    const seq = index + 1;
    if (entry.seq !== seq) throw new Broken(`seq ${seq}: entries missing or out of order`);
    const members = Object.keys(entry);
    const odd = members.filter((name) => !MEMBERS.includes(name) && !OPTIONAL.includes(name));
    if (odd.length || MEMBERS.some((name) => !members.includes(name))) throw new Broken(`seq ${seq}: the entry's members are not the log's (${odd.join(", ") || "some missing"})`);
    if (entry.prev_hash !== prev) throw new Broken(`seq ${seq}: prev_hash does not link to seq ${seq - 1}`);
    const { hash, ...body } = entry;
    if ((await sha256Hex(canonical(body))) !== hash) throw new Broken(`seq ${seq}: hash does not match its content`);
    prev = hash;
  }
  return `${entries.length} entries link and hash; head ${prev}`;
}

/**
 * Check 2, the seed: the commitment published before the game is its SHA-256, or, when the
 * game has a `seed_salt` (a seed the creator chose), the SHA-256 of `seed_salt:seed`.
 */
export async function checkSeed(game) {
  if (game.seed === null) throw new Broken("seq 1: the seed is not revealed");
  const salted = "seed_salt" in game;
  if (salted && typeof game.seed_salt !== "string") throw new Broken("seq 1: the seed's salt is not revealed");
  const committed = salted ? `${game.seed_salt}:${game.seed}` : game.seed;
  if ((await sha256Hex(committed)) !== game.seed_commitment) throw new Broken("seq 1: seed does not match seed_commitment");
  return `sha256(${salted ? "seed_salt:seed" : "seed"}) = ${game.seed_commitment}`;
}

/** Check 3, the key: the seed, or `seed:client_seed`, as UTF-8 bytes (shuffle.md section 2). */
export function shuffleKey(game) {
  return encoder.encode(game.client_seed === null ? game.seed : `${game.seed}:${game.client_seed}`);
}

/** shuffle.md sections 3-5: HMAC-SHA256 words, uniform(n) by rejection, Fisher-Yates. */
export async function shuffledDeck(hmacKey, round) {
  const deck = [...DECK];
  let block = 0;
  let words = [];
  const next = async () => {
    if (!words.length) {
      const message = encoder.encode(`escopa-shuffle-v1:${round}:${block}`);
      const digest = new DataView(await crypto.subtle.sign("HMAC", hmacKey, message));
      words = Array.from({ length: 8 }, (_, k) => digest.getUint32(4 * k, false)); // big-endian
      block += 1;
    }
    return words.shift();
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

export async function hmacKey(keyBytes) {
  return crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** shuffle.md section 7: the lowest card deals, ties draw again from the round-0 deck. */
async function checkDraw(key, n, event, seq) {
  const deck = (await shuffledDeck(key, 0))[Symbol.iterator]();
  let drawing = Array.from({ length: n }, (_, seat) => seat);
  const draws = [];
  for (;;) {
    const cards = drawing.map((seat) => [seat, deck.next().value]);
    draws.push(...cards);
    const lowest = Math.min(...cards.map(([, card]) => VALUE[card]));
    drawing = cards.filter(([, card]) => VALUE[card] === lowest).map(([seat]) => seat);
    if (drawing.length === 1) break;
  }
  if (!same(event.draws, draws)) throw new Broken(`seq ${seq}: the first-dealer draw is not the shuffle's`);
  if (event.dealer !== drawing[0]) throw new Broken(`seq ${seq}: the wrong seat deals first`);
}

/** audit.md check 4 and shuffle.md section 6: one hand (and a round's opening table). */
async function checkDeal(key, n, event, seq, decks) {
  decks[event.round] ??= await shuffledDeck(key, event.round);
  const deck = decks[event.round];
  const hand = event.hand;
  const start = hand === 1 ? 0 : 3 * n + 4 + 3 * n * (hand - 2);
  const hands = Array.from({ length: n }, () => []);
  deck.slice(start, start + 3 * n).forEach((card, k) => hands[(event.dealer + 1 + (k % n)) % n].push(card));
  const table = hand === 1 ? deck.slice(3 * n, 3 * n + 4) : [];
  const where = `seq ${seq}: round ${event.round} hand ${hand}`;
  const sorted = hands.map((cards) => [...cards].sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b)));
  if (!same(event.hands, sorted)) throw new Broken(`${where}: the hands are not the shuffle's`);
  if (!same(event.table, table)) throw new Broken(`${where}: the table is not the shuffle's`);
  if (event.stock !== 40 - start - 3 * n - table.length) throw new Broken(`${where}: the stock count is wrong`);
}

/** Check 4: every first-dealer draw and every deal is the seeded shuffle's. */
export async function checkDeals(entries) {
  const game = entries[0].game;
  const key = await hmacKey(shuffleKey(game));
  const n = game.rules.players;
  if (game.players.length !== n) throw new Broken("seq 1: the players do not match the rules");
  const decks = {};
  let deals = 0;
  for (const entry of entries) {
    for (const event of entry.events) {
      if (event.type === "first_dealer") await checkDraw(key, n, event, entry.seq);
      else if (event.type === "dealt") {
        await checkDeal(key, n, event, entry.seq, decks);
        deals += 1;
      }
    }
  }
  return `${deals} hands dealt, each the shuffle of the key`;
}

/**
 * audit.md check 5's part on signals: only the entry that ends the match records them, the
 * rules allow them, each is by a seat that exists, in the order sent, after an earlier entry.
 */
export function checkSignals(entries) {
  const rules = entries[0].game.rules;
  const allowed = rules.signals && (rules.partnerships ?? rules.players === 4);
  let count = 0;
  for (const entry of entries) {
    const seq = entry.seq;
    if (entry.type === "signal") {
      if (!allowed) throw new Broken(`seq ${seq}: these rules allow no partner signals`);
      count += 1;
    }
    if (!("signals" in entry)) continue;
    const ends = entry.events.some((event) => event.type === "match_ended");
    if (!ends || !Array.isArray(entry.signals) || !entry.signals.length) throw new Broken(`seq ${seq}: only the entry that ends the match records signals`);
    if (!allowed) throw new Broken(`seq ${seq}: these rules allow no partner signals`);
    let last = 1;
    for (const sent of entry.signals) {
      if (!Number.isInteger(sent.seat) || sent.seat < 0 || sent.seat >= rules.players) throw new Broken(`seq ${seq}: a signal by seat ${sent.seat}, which does not exist`);
      if (!Number.isInteger(sent.after) || sent.after < last || sent.after >= seq) throw new Broken(`seq ${seq}: a signal sent after entry ${sent.after} is out of order or not before the end`);
      last = sent.after;
      count += 1;
    }
  }
  return `${count} signal(s), each allowed, by a seat in play, in order`;
}

// --- the signature of the final head (docs/audit.md section 7) ------------------------------

const RECEIPT_CONTEXT = "escopa-receipt-v1";

/** Bytes from base64url (padded or not); raises Broken naming `what` on anything else. */
function unb64(text, what) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Broken(`${what} is not base64url`);
  const bare = text.replace(/=+$/, "");
  const binary = atob(bare.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (bare.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A raw 32-byte public key written as 43 base64url characters or 64 hex digits. */
function keyBytes(text) {
  const given = String(text).trim();
  if (/^[0-9a-fA-F]{64}$/.test(given)) return Uint8Array.from(given.match(/../g), (pair) => parseInt(pair, 16));
  if (/^[A-Za-z0-9_-]{43}=?$/.test(given)) return unb64(given, "the key");
  throw new Broken("a key is 43 base64url characters or 64 hex digits (32 bytes)");
}

/** A key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes. */
export async function keyId(raw) {
  return hex(await crypto.subtle.digest("SHA-256", raw)).slice(0, 16);
}

/**
 * The keys to trust, by id, from what `GET /v1/keys` publishes (the whole document, its `keys`
 * list or one key) or a bare public key, as text or parsed; raises Broken naming what is wrong.
 */
export async function trustedKeys(given) {
  let document = given;
  if (typeof given === "string") {
    const text = given.trim();
    if (!text.startsWith("{") && !text.startsWith("[")) {
      const raw = keyBytes(text);
      return new Map([[await keyId(raw), raw]]);
    }
    try {
      document = JSON.parse(text);
    } catch {
      throw new Broken("the keys are neither a public key nor the JSON of GET /v1/keys");
    }
  }
  const items = Array.isArray(document) ? document : Array.isArray(document?.keys) ? document.keys : [document];
  const keys = new Map();
  for (const item of items) {
    if (typeof item?.id !== "string" || typeof item?.public_key !== "string") throw new Broken("not a published key: it needs an id and a public_key");
    if ((item.algorithm ?? "Ed25519") !== "Ed25519") throw new Broken(`key ${item.id}: not an Ed25519 key`);
    const raw = keyBytes(item.public_key);
    if ((await keyId(raw)) !== item.id) throw new Broken(`key '${item.id}': the id is not that of its public key`);
    keys.set(item.id, raw);
  }
  if (!keys.size) throw new Broken("no key given");
  return keys;
}

/** Whether this browser's Web Crypto verifies Ed25519 (Chromium 113+, Firefox 129+, Safari 17+). */
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
 * `escopa-receipt-v1:{game_id}:{seq}:{hash}` of its last entry, by one of the `keys` given
 * (a Map from `trustedKeys`, or null: then it is not checked).
 */
export async function checkSignature(exported, keys) {
  const signed = exported.signature;
  if (!signed) {
    if (!keys) throw new NotChecked("not checked: this export is not signed (escopa-export-v1)");
    throw new Broken("the export carries no signature (escopa-export-v1): a key checks signed exports only");
  }
  if (!keys) throw new NotChecked(`not checked (no key): signed by key ${signed.key_id}; give the service's public key (GET /v1/keys) to check it`);
  if (!(await hasEd25519())) throw new NotChecked("not checked: this browser's Web Crypto has no Ed25519");
  const raw = keys.get(signed.key_id);
  if (!raw) {
    const known = [...keys.keys()].sort().join(", ") || "none";
    throw new Broken(`signed by key '${signed.key_id}', which is not a key given (known: ${known})`);
  }
  const last = exported.entries.at(-1);
  const head = `game ${exported.game_id}'s head (seq ${last.seq}, hash ${last.hash})`;
  const message = encoder.encode(`${RECEIPT_CONTEXT}:${exported.game_id}:${last.seq}:${last.hash}`);
  const key = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  let holds = false;
  try {
    holds = await crypto.subtle.verify({ name: "Ed25519" }, key, unb64(signed.signature, "the signature"), message);
  } catch (error) {
    if (error instanceof Broken) throw error;
  }
  if (!holds) throw new Broken(`the signature of key ${signed.key_id} does not hold for ${head}: the chain is not the one the service signed`);
  return `key ${signed.key_id} signed ${head}`;
}

/**
 * Every check, in docs/audit.md's order; each is {name, status, detail}. A check that cannot
 * run because an earlier one failed is still listed. `extra` are checks the caller adds;
 * `keys` (from `trustedKeys`, or null) are the keys the signature of the final head must hold for.
 */
export async function verify(exported, extra = [], keys = null) {
  const results = [];
  const run = async (name, check) => {
    try {
      results.push({ name, status: "passed", detail: await check() });
    } catch (error) {
      if (error instanceof NotChecked) results.push({ name, status: "not-checked", detail: error.message });
      else {
        const detail = error instanceof Broken ? error.message : `could not be checked: ${error.message}`;
        results.push({ name, status: "failed", detail });
      }
    }
  };
  const formats = ["escopa-export-v1", "escopa-export-v2"];
  if (!formats.includes(exported?.format) || !Array.isArray(exported.entries) || !exported.entries.length) {
    return [{ name: "Export", status: "failed", detail: "not an escopa-export-v1 or -v2 document" }];
  }
  const entries = exported.entries;
  const game = entries[0]?.game;
  await run("Hash chain", () => checkChain(entries));
  await run("Seed commitment", () => (game ? checkSeed(game) : Promise.reject(new Broken("seq 1: no game"))));
  await run("Deals from the seeded shuffle", () => checkDeals(entries));
  if (entries.some((entry) => "signals" in entry || entry.type === "signal")) {
    await run("Partner signals", async () => checkSignals(entries));
  }
  for (const [name, check] of extra) await run(name, check);
  await run("Signature of the final head", () => checkSignature(exported, keys));
  return results;
}

export { Broken };
