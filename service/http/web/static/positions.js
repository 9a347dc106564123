// @ts-check
// The positions of a logged game, rebuilt from its entries' events alone (no rules engine):
// what each seat holds, the table, each side's pile, escopas and score after every entry.
// A move that plays a card its seat does not hold, or takes one not on the table, is reported.

/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Outcome} Outcome */
/** @typedef {import("./types.js").RoundScore} RoundScore */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./verify.js").Said} Said */

/**
 * The game after one entry, as its events tell it: what each seat holds, the table, each
 * side's pile, escopas and score, the rounds scored, the outcome, the entry's move.
 * @typedef {object} Position
 * @property {number} seq
 * @property {number} round
 * @property {number} hand
 * @property {number | null} dealer
 * @property {number | null} turn
 * @property {string[][]} hands
 * @property {string[]} table
 * @property {string[][]} piles
 * @property {number[]} escopas
 * @property {number[]} scores
 * @property {RoundScore[]} rounds
 * @property {Outcome | null} outcome
 * @property {{seat: number | null, move: string | null, type: LogEntry["type"]} | null} last
 */

/**
 * The side a seat plays for: its partnership's (seat mod 2) with partners, else its own.
 * @param {Pick<Rules, "partnerships" | "players">} rules
 * @param {number} seat
 * @returns {number}
 */
export function sideOf(rules, seat) {
  const partnered = rules.partnerships ?? rules.players === 4;
  return partnered ? seat % 2 : seat;
}

/**
 * How many sides play.
 * @param {Rules} rules
 * @returns {number}
 */
function sides(rules) {
  return (rules.partnerships ?? rules.players === 4) ? 2 : rules.players;
}

/**
 * The cards, less those gone.
 * @param {string[]} cards
 * @param {string[]} gone
 * @returns {string[]}
 */
function without(cards, gone) {
  return cards.filter((card) => !gone.includes(card));
}

/**
 * Positions after each entry (index 0: after seq 1), and the first inconsistency found.
 * @param {LogEntry[]} entries a log from its first entry, which carries the game
 * @returns {{list: Position[], problem: Said | null}}
 */
export function positions(entries) {
  const game = entries[0].game;
  if (!game) throw new Error("seq 1 does not carry the game");
  const rules = game.rules;
  const n = rules.players;
  const count = sides(rules);
  /** @type {Position} */
  let at = {
    seq: 0, round: 1, hand: 0, dealer: null, turn: null, hands: Array.from({ length: n }, () => []),
    table: [], piles: Array.from({ length: count }, () => []), escopas: Array(count).fill(0),
    scores: Array(count).fill(0), rounds: [], outcome: null, last: null,
  };
  /** @type {Position[]} */
  const list = [];
  /** @type {Said | null} */
  let problem = null;
  /** @type {(key: string, args: Record<string, unknown>) => void} */
  const wrong = (key, args) => { problem ??= { key, args }; };
  for (const entry of entries) {
    const next = structuredClone(at);
    next.seq = entry.seq;
    next.last = entry.type === "signal" ? at.last : { seat: entry.seat, move: entry.move, type: entry.type };
    let reset = false;
    for (const event of entry.events) {
      switch (event.type) {
        case "dealt":
          if (event.hand === 1) {
            next.table = [...event.table];
            next.piles = next.piles.map(() => []);
            next.escopas = next.escopas.map(() => 0);
            reset = false;
          }
          next.round = event.round;
          next.hand = event.hand;
          next.dealer = event.dealer;
          next.hands = event.hands.map((cards) => [...cards]);
          next.turn = (event.dealer + 1) % n;
          break;
        case "table_bonus": {
          const side = sideOf(rules, event.seat);
          next.piles[side].push(...event.cards);
          next.table = without(next.table, event.cards);
          next.escopas[side] += event.escopas;
          break;
        }
        case "played": {
          const side = sideOf(rules, event.seat);
          if (!next.hands[event.seat].includes(event.card)) wrong("verify.cards.hand", { seq: entry.seq, card: event.card, seat: event.seat });
          for (const card of event.capture) if (!next.table.includes(card)) wrong("verify.cards.table", { seq: entry.seq, card });
          next.hands[event.seat] = without(next.hands[event.seat], [event.card]);
          if (event.capture.length) {
            next.table = without(next.table, event.capture);
            next.piles[side].push(event.card, ...event.capture);
            if (event.escopa) next.escopas[side] += 1;
          } else {
            next.table.push(event.card);
          }
          next.turn = (event.seat + 1) % n;
          break;
        }
        case "claimed":
          for (const card of event.cards) if (!next.table.includes(card)) wrong("verify.cards.table", { seq: entry.seq, card });
          next.table = without(next.table, event.cards);
          next.piles[sideOf(rules, event.seat)].push(...event.cards);
          break;
        case "last_cards":
          if (event.side !== null) {
            next.piles[event.side].push(...event.cards);
            next.table = [];
          }
          break;
        case "round_ended":
          next.rounds.push(event.score);
          next.scores = [...event.score.match_totals];
          next.turn = null;
          reset = true;
          break;
        case "match_ended":
          next.outcome = event.outcome;
          reset = false;
          break;
        default:
          break;
      }
    }
    if (reset) { // the round is scored and the next is not dealt yet: piles start again
      next.piles = next.piles.map(() => []);
      next.escopas = next.escopas.map(() => 0);
      next.round += 1;
      next.hand = 0;
    }
    list.push(next);
    at = next;
  }
  return { list, problem };
}

/**
 * Each seat's player: the name the game was created with, or the last to take the open seat
 * ("" for a seat still open).
 * @param {LogEntry[]} entries a log from its first entry, which carries the game
 * @returns {string[]}
 */
export function seatNames(entries) {
  const names = [...(entries[0].game?.players ?? [])];
  for (const entry of entries) if (entry.type === "joined" && entry.seat !== null) names[entry.seat] = entry.player ?? "";
  return names.map((name) => name ?? "");
}
