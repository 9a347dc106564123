// @ts-check
// The table: one seat's view of a game (or a spectator's), live through a stream ticket and
// EventSource; the seat's token comes in the URL's fragment and stays in session storage.
// A waiting game shows who is seated (and its creator the open seats' invite links) until the
// last join deals it; a seat may leave, abort, resign, and ask for a rematch at the end.

import { Problem, api, gameIdFromPath, messageOf, passing, tagged } from "./api.js";
import { byId as $, h, redraw } from "./dom.js";
import { cardBack, cardRow, playedWords, shortName } from "./cards.js";
import { deckPicker, presetOf, usePreset } from "./decks.js";
import { outcomeText, scoreTable, sideName } from "./score.js";
import { SIGNALS, signalLine, signalWords } from "./signals.js";
import { fromOne, named, t, translate } from "./i18n.js";
import { forget, keep, keptSeats } from "./seats.js";
import { clockRules, seatClock, timeoutWords } from "./countdown.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./types.js").LegalMove} LegalMove */
/** @typedef {import("./types.js").LegalMoves} LegalMoves */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").LogPage} LogPage */
/** @typedef {import("./types.js").MoveResult} MoveResult */
/** @typedef {import("./types.js").Rematch} Rematch */
/** @typedef {import("./types.js").Rules} Rules */
/** @typedef {import("./types.js").RoundScore} RoundScore */
/** @typedef {import("./types.js").SideView} SideView */
/** @typedef {import("./types.js").StreamTicket} StreamTicket */
/** @typedef {import("./types.js").LegalPlay} LegalPlay */

/**
 * What the table knows and shows: the view drawn and its legal moves, the rules, the card
 * chosen and the table cards it takes, the seats' names and bots, the hint, the view's ETag,
 * when it was read, the clock's warning, the log's last entry, the stream, the refresh running
 * (and one queued after it), the action being confirmed, whether the seat was given up.
 * @typedef {object} TableState
 * @property {GameView | null} view
 * @property {Rules | null} rules
 * @property {LegalMove[]} legal
 * @property {string | null} selected
 * @property {string[]} taking
 * @property {string[]} players
 * @property {(string | null)[]} bots
 * @property {Hint | {error: string} | null} hint
 * @property {string | null} etag
 * @property {number} readAt
 * @property {boolean} warned
 * @property {number} loadedAt
 * @property {number} lastSeq
 * @property {EventSource | null} source
 * @property {boolean} queued
 * @property {Promise<void> | null} running
 * @property {string | null} confirming
 * @property {boolean} gone
 * @property {boolean} stale a read failed for now: its problem is shown until one succeeds
 */

const ENTRY_TYPES = ["created", "move", "deal", "signal", "joined", "left", "resigned", "aborted", "rematch", "timeout"]; // `signal`: older logs
const SIGNAL_POLL_MS = 2000;
const REREAD_MS = 1000; // a read that failed for now (no connection, 429, 502-504) is made again
const CLOCK_TICK_MS = 250;
const WARN_MS = 10000; // the live region says so once when the seat's own time gets this short
const gameId = gameIdFromPath("/play/");
const token = seatToken(gameId);
/** @type {TableState} */
const state = {
  view: null, rules: null, legal: [], selected: null, taking: [], players: [], bots: [], hint: null, etag: null,
  readAt: 0, warned: false, loadedAt: 0, lastSeq: 0, source: null, queued: false, running: null, confirming: null, gone: false,
  stale: false,
};

/**
 * The seat's token: from `#token=` (then out of the address bar), this tab's storage, or the
 * seats kept on this device.
 * @param {string | null} id the game's
 * @returns {string | null}
 */
function seatToken(id) {
  const key = `escopa:token:${id}`;
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(key, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(key) ?? (id ? keptSeats()[id]?.token : null) ?? null;
}

/**
 * The seat's keeping on this device: the box (a seat's view only), ticked when kept, and the
 * seat's own link to copy.
 * @param {GameView} view
 */
function renderKeeping(view) {
  const box = $("keep-box");
  box.hidden = view.seat === null || !token || !gameId;
  if (box.hidden || !gameId || !token) return;
  $("keep-seat", HTMLInputElement).checked = gameId in keptSeats();
  const link = $("seat-link", HTMLAnchorElement);
  link.href = `${location.origin}/play/${gameId}#token=${encodeURIComponent(token)}`;
  link.textContent = link.href;
}

/** Keep the seat on this device, or forget it, as the box says. */
function onKeeping() {
  const view = drawnView();
  if (!gameId || !token || view.seat === null) return;
  if ($("keep-seat", HTMLInputElement).checked) keep(gameId, { token, seat: view.seat, name: name(view.seat) });
  else forget(gameId);
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
 * The game's rules, read from its log's first entry before anything is drawn.
 * @returns {Rules}
 */
function gameRules() {
  if (!state.rules) throw new Error("the game's rules are not read yet");
  return state.rules;
}

/**
 * The view drawn last (the seat's actions come only once one is).
 * @returns {GameView}
 */
function drawnView() {
  if (!state.view) throw new Error("the game is not read yet");
  return state.view;
}

/**
 * A seat's player's name, or its number while it is open.
 * @param {number | null} seat
 * @returns {string}
 */
function name(seat) {
  return state.players[seat ?? -1] || t("common.seat", { seat: seat === null ? "" : fromOne(seat) });
}

/**
 * A seat's name with its bot level, when the service plays it.
 * @param {number} seat
 * @returns {string}
 */
function label(seat) {
  const bot = state.bots[seat];
  return bot ? t("play.botName", { name: name(seat), level: levelName(bot) }) : name(seat);
}

/**
 * A bot level's name in the page's language ("expert", "esperto"), or as the service names it.
 * @param {string} level
 * @returns {string}
 */
function levelName(level) {
  return named("level.name", level);
}

// --- reading the game ------------------------------------------------------------------------

/**
 * Fetch the view (and the seat's legal moves when it may act), one refresh at a time.
 * @returns {Promise<void>}
 */
function refresh() {
  if (state.gone) return Promise.resolve(); // the seat was given up: its token no longer reads
  if (state.running) {
    state.queued = true;
    return state.running;
  }
  state.running = (async () => {
    try {
      do {
        state.queued = false;
        await load();
      } while (state.queued);
      if (state.stale) $("error").textContent = "";
      state.stale = false;
    } catch (problem) {
      showError(problem);
      state.stale = passing(problem);
      if (state.stale) setTimeout(refresh, REREAD_MS); // else the page would wait for an event
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

/** Read the view, and the legal moves when the seat may act; draw them. */
async function load() {
  /** @type {{data: GameView, etag: string | null}} */
  const { data: view, etag } = await tagged(`/v1/games/${gameId}`, { token });
  /** @type {LegalMove[]} */
  let legal = [];
  const acting = view.seat !== null && (view.turn === view.seat || view.status === "dealing");
  if (acting && view.status !== "finished") {
    /** @type {LegalMoves} */
    const answer = await api(`/v1/games/${gameId}/legal-moves`, { token });
    if (answer.version !== view.version) state.queued = true;
    legal = answer.moves;
  }
  if (show(view, legal)) state.etag = etag;
}

/**
 * Whether the view's seat may still signal its partner.
 * @param {GameView | null} view
 * @returns {boolean}
 */
function signalling(view) {
  return view !== null && view.seat !== null && gameRules().signals && partnered(gameRules()) && view.status !== "finished";
}

/**
 * A partner's signal changes the reader's view but not the log, so no event brings it: while
 * the seat's side may signal, the page asks again, and an unchanged view answers 304.
 */
async function watchSignals() {
  if (!signalling(state.view) || state.gone) return;
  try {
    const changed = await tagged(`/v1/games/${gameId}`, { token, etag: state.etag });
    if (changed) await refresh();
  } catch (problem) {
    showError(problem);
  }
  setTimeout(watchSignals, SIGNAL_POLL_MS);
}

/**
 * Draw a view (and its legal moves), unless a newer one is drawn already; whether it was.
 * @param {GameView} view
 * @param {LegalMove[]} legal
 * @returns {boolean}
 */
function show(view, legal) {
  if (state.view && view.version < state.view.version) return false; // an older answer came late
  const moved = !state.view || view.version !== state.view.version;
  state.view = view;
  state.readAt = performance.now(); // the clock counts down from `ms_left` as of now
  state.legal = legal;
  state.players = view.players.map((player) => (player.open ? "" : player.name));
  state.bots = view.players.map((player) => player.bot ?? null);
  if (moved) {
    state.warned = false;
    state.selected = null;
    state.taking = [];
    state.hint = null;
  }
  render();
  return true;
}

/**
 * Follow the game's log live; a seat follows with a ticket, a spectator without.
 * @param {number} after the last entry read
 */
async function follow(after) {
  let url = `/v1/games/${gameId}/events?after=${after}&until=rematch`; // on past the end
  if (token) {
    /** @type {StreamTicket} */
    const { ticket } = await api(`/v1/games/${gameId}/stream-tickets`, { method: "POST", token });
    url += `&ticket=${ticket}`;
  }
  const source = new EventSource(url);
  state.source = source;
  for (const type of ENTRY_TYPES) {
    source.addEventListener(type, (event) => onEntry(JSON.parse(event.data)));
  }
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED && state.source === source) {
      setTimeout(() => follow(state.lastSeq).catch(showError), 2000); // a new ticket
    }
  };
}

/**
 * A new entry of the log: listed in words, a round's score shown, the view read again.
 * @param {LogEntry} entry
 */
function onEntry(entry) {
  if (entry.seq <= state.lastSeq) return;
  state.lastSeq = entry.seq;
  localStorage.setItem(`escopa:seen:${gameId}`, JSON.stringify({ seq: entry.seq, hash: entry.hash }));
  $("log").append(h("li", { value: String(entry.seq), text: describe(entry) }));
  $("log").scrollTop = $("log").scrollHeight; // the log's box follows, never the page
  const ended = entry.events.find((event) => event.type === "round_ended");
  const over = entry.events.some((event) => event.type === "match_ended");
  if (ended && entry.seq > state.loadedAt) showRound(ended.score, over);
  if (entry.type === "rematch") {
    state.source?.close();
    state.source = null;
  }
  if (entry.seq > state.loadedAt) refresh(); // the view read at load holds the older ones
}

/**
 * A lifecycle entry in words.
 * @type {Record<string, (entry: LogEntry) => string>}
 */
const LIFE = {
  joined: (entry) => t("log.joined", { who: entry.player, seat: fromOne(entry.seat ?? 0) }),
  left: (entry) => t("log.left", { seat: fromOne(entry.seat ?? 0) }),
  resigned: (entry) => t("log.resigned", { who: name(entry.seat) }),
  aborted: (entry) => t("log.aborted", { who: name(entry.seat) }),
  rematch: (entry) => t("log.rematch", { who: name(entry.seat) }),
};

/**
 * An entry in words, as the log shows it.
 * @param {LogEntry} entry
 * @returns {string}
 */
function describe(entry) {
  const who = entry.seat === null ? "" : name(entry.seat);
  const parts = [];
  const timedOut = entry.type === "timeout";
  if (timedOut) parts.push(timeoutWords(entry, who, gameRules().clock?.on_timeout));
  for (const event of entry.events) {
    if (timedOut && event.type === "played" && event.seat === entry.seat) continue; // said above
    if (event.type === "dealt") parts.push(t("log.dealt", { round: event.round, hand: event.hand, who: name(event.dealer) }));
    else if (event.type === "first_dealer") parts.push(t("log.firstDealer", { who: name(event.dealer) }));
    else if (event.type === "played") parts.push(playedWords(name(event.seat), event.card, event.capture, event.escopa));
    else if (event.type === "claimed") parts.push(t("log.claimed", { who: name(event.seat), cards: event.cards.map(shortName).join(" + ") }));
    else if (event.type === "table_bonus") parts.push(t("log.tableBonus", { who: name(event.seat), count: event.escopas }));
    else if (event.type === "round_ended") parts.push(t("log.roundEnded", { round: event.score.round, totals: event.score.match_totals.join("–") }));
    else if (event.type === "match_ended") parts.push(t("log.matchEnded"));
  }
  const life = LIFE[entry.type]?.(entry);
  if (life) parts.unshift(life);
  if (entry.signals?.length) parts.push(t("log.signals", { count: entry.signals.length }));
  if (entry.type === "signal") parts.push(entry.signal ? t("signal.line", { who, what: signalWords(entry.signal) }) : t("log.signalled", { who }));
  if (entry.type === "created" && !entry.events.length) return t("log.open");
  return parts.join("; ") || entry.type;
}

// --- drawing it -----------------------------------------------------------------------------

/** Draw the view read last: the seats, the table, the hand, the actions, the clocks. */
function render() {
  const view = drawnView();
  const focused = focusedControl();
  document.body.dataset.version = String(view.version); // what the page shows: for tests, tools
  document.body.dataset.myTurn = String(view.turn === view.seat && view.status === "playing" && state.legal.length > 0);
  $("who").textContent = view.seat === null ? t("play.spectator") : t("play.who", { name: name(view.seat), seat: fromOne(view.seat) });
  $("status").textContent = statusLine(view);
  $("mine").hidden = view.seat === null; // the hand's section
  $("others").replaceChildren(...view.players.filter((p) => p.seat !== view.seat).map((p) => seatBox(p.seat)));
  $("mine").classList.toggle("turn", view.turn !== null && view.turn === view.seat);
  $("table").replaceChildren(tableRow(view));
  $("hand").replaceChildren(handRow(view));
  $("actions").replaceChildren(...actions(view));
  $("hint-level-box").hidden = !document.getElementById("hint-button"); // shown with the button
  renderHint();
  renderWaiting(view);
  renderKeeping(view);
  redraw($("life"), lifeActions(view)); // its handlers depend on nothing else the view says
  $("sides").replaceChildren(...view.sides.map((side) => sideBox(side)));
  const link = $("replay-link", HTMLAnchorElement);
  link.href = `/replay/${gameId}`;
  link.hidden = view.status !== "finished" || Boolean(view.tournament && !view.seed); // sealed till the round ends
  const tournament = $("tournament-link", HTMLAnchorElement);
  tournament.hidden = !view.tournament;
  if (view.tournament) tournament.href = `/tournaments/${view.tournament}`;
  const outcome = $("outcome");
  outcome.hidden = !view.outcome;
  if (view.outcome) outcome.textContent = outcomeLine(view);
  renderClocks(true);
  $("signals-box").hidden = !view.signals.length;
  $("signals").replaceChildren(...view.signals.map((sent) =>
    h("li", { "data-seat": String(sent.seat), "data-signal": sent.signal, text: signalLine(sent, state.players) })));
  if (focused && document.activeElement === document.body) /** @type {HTMLElement | null} */ (document.querySelector(focused))?.focus();
}

/**
 * The control that has the focus, as a selector that finds it again once the page is drawn
 * anew (a card by its code, a move by its id, a button by its id): a keyboard keeps its place.
 * @returns {string | null}
 */
function focusedControl() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const box = active.closest("[id]");
  if (active.id) return `#${CSS.escape(active.id)}`;
  for (const data of ["card", "move", "signal"]) {
    const value = active.dataset[data];
    if (value && box) return `#${CSS.escape(box.id)} [data-${data}="${CSS.escape(value)}"]`;
  }
  return null;
}

/**
 * The game's state in a line: its outcome, who is waited for, whose turn it is.
 * @param {GameView} view
 * @returns {string}
 */
function statusLine(view) {
  if (view.outcome) return outcomeLine(view);
  if (view.status === "waiting") {
    const open = view.players.filter((p) => p.open).length;
    return t("play.status.waiting", { taken: view.players.length - open, seats: view.players.length });
  }
  if (view.status === "dealing") return t("play.status.dealing");
  const round = t("play.status.round", { round: view.round, hand: view.hand_number });
  if (view.turn === view.seat && state.selected) return `${round} ${t("play.status.chosen", { card: shortName(state.selected) })}`;
  if (view.turn === view.seat) return `${round} ${t("play.status.yourTurn")}`;
  const bot = state.bots[view.turn ?? -1];
  if (bot) return `${round} ${t("play.status.botThinking", { who: label(view.turn ?? -1) })}`;
  return `${round} ${t("play.status.toPlay", { who: name(view.turn) })}`;
}

/**
 * The outcome in words, for the reader: won or lost, and how ("" while the match goes on).
 * @param {GameView} view
 * @returns {string}
 */
function outcomeLine(view) {
  const outcome = view.outcome;
  if (!outcome) return "";
  const won = outcome.result !== "draw" && outcome.result !== "aborted";
  const mine = view.seat === null ? "" : won && outcome.seats.includes(view.seat) ? `${t("play.youWin")} ` : won ? `${t("play.youLose")} ` : "";
  return `${mine}${outcomeText(outcome, state.players)}`;
}

/**
 * Where a seat's clock is shown: filled by `renderClocks`, hidden in a game without a clock.
 * @param {number} seat
 * @returns {HTMLElement}
 */
function clockSlot(seat) {
  return h("span", { class: "clock", "data-clock-seat": String(seat), hidden: !gameRules().clock });
}

/**
 * Every seat's clock, counted down from the view's `ms_left` since it was read. The slots change
 * at each tick; the live region (read aloud) only when the view changes (`changed`) and once
 * when the reader's own time gets short.
 * @param {boolean} [changed]
 */
function renderClocks(changed = false) {
  const view = state.view;
  const clock = state.rules?.clock;
  if (!view || !clock) return;
  const mine = $("my-clock");
  mine.hidden = view.seat === null;
  if (view.seat !== null) mine.dataset.clockSeat = String(view.seat);
  const elapsed = performance.now() - state.readAt;
  for (const slot of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-clock-seat]"))) {
    const seat = Number(slot.dataset.clockSeat);
    const shown = seatClock(view, seat, elapsed, clock, abortable(view));
    slot.textContent = shown.text;
    slot.dataset.running = String(shown.left !== null);
    slot.dataset.left = shown.left === null ? "" : String(Math.round(shown.left));
  }
  const live = $("clock-live");
  const acting = view.turn !== null && view.turn !== undefined ? seatClock(view, view.turn, elapsed, clock, abortable(view)) : null;
  if (changed) {
    const whose = view.turn === view.seat ? t("clock.yours", { time: acting?.text }) : t("clock.theirs", { who: name(view.turn), time: acting?.text });
    const said = `${t("clock.said", { rules: clockRules(clock) })}${acting?.left != null ? ` ${whose}` : ""}`;
    if (live.textContent !== said) live.textContent = said; // the same words are not said again
  } else if (acting?.left != null && view.turn === view.seat && acting.left < WARN_MS && Number(view.ms_left) >= WARN_MS && !state.warned) {
    state.warned = true;
    live.textContent = t("clock.hurry", { time: acting.text });
  }
}

/**
 * Another seat: its name, its hand face down, whether it is to play, its clock.
 * @param {number} seat
 * @returns {HTMLElement}
 */
function seatBox(seat) {
  const view = drawnView();
  const count = view.hand_sizes[seat];
  const backs = Array.from({ length: count }, () => cardBack());
  const box = h("section", { class: "seat side", "data-seat": String(seat), "aria-label": t("play.seatLabel", { who: name(seat), count }) },
    h("h2", { text: label(seat), "data-turn": t("play.toPlay") }, clockSlot(seat)), h("div", { class: "cards", "data-count": String(count) }, backs));
  const bot = state.bots[seat];
  if (bot) box.dataset.bot = bot;
  box.classList.toggle("turn", view.turn === seat);
  return box;
}

/**
 * A side: its players, its pile, its escopas this round, its match score.
 * @param {SideView} side
 * @returns {HTMLElement}
 */
function sideBox(side) {
  const pile = side.captured
    ? [cardBack(t("play.captured", { count: side.captured })), h("span", { text: t("play.cards", { count: side.captured }) })]
    : [h("span", { class: "empty", text: t("play.noCardsYet") })];
  return h("section", { class: "side", "data-side": String(side.side) },
    h("h2", { text: sideName(side, state.players) }),
    h("div", { class: "pile", "data-captured": String(side.captured) }, pile),
    h("div", { "data-escopas": String(side.escopas), text: t("side.escopas", { count: side.escopas }) }),
    h("div", { "data-score": String(side.score), text: t("side.match", { score: side.score, target: gameRules().target }) }));
}

/**
 * The legal moves that play a card from the hand.
 * @returns {LegalPlay[]}
 */
function plays() {
  return state.legal.filter((move) => move.kind === "play");
}

/**
 * The ways to play this card.
 * @param {string} card
 * @returns {LegalPlay[]}
 */
function optionsFor(card) {
  return plays().filter((move) => move.card === card);
}

/**
 * The seat's hand: each card a button, pressed when chosen, disabled when it cannot be played.
 * @param {GameView} view
 * @returns {HTMLElement}
 */
function handRow(view) {
  const row = cardRow(view.hand, { button: true, empty: view.seat === null ? "" : t("card.noCards") });
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (row.querySelectorAll("button.card"))) {
    const card = String(button.dataset.card);
    button.disabled = optionsFor(card).length === 0;
    button.setAttribute("aria-pressed", String(state.selected === card));
    button.addEventListener("click", () => choose(card));
  }
  return row;
}

/**
 * The table's cards: buttons, once a card is chosen, for those it may take.
 * @param {GameView} view
 * @returns {HTMLElement}
 */
function tableRow(view) {
  const options = state.selected ? optionsFor(state.selected) : [];
  const takeable = new Set(options.flatMap((move) => move.capture));
  const row = cardRow(view.table, { button: takeable.size > 0, empty: t("card.tableEmpty") });
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (row.querySelectorAll("button.card"))) {
    const card = String(button.dataset.card);
    const chosen = state.taking.includes(card);
    const next = chosen ? state.taking : [...state.taking, card];
    button.disabled = !chosen && !options.some((move) => next.every((c) => move.capture.includes(c)));
    button.setAttribute("aria-pressed", String(chosen));
    button.addEventListener("click", () => take(card));
  }
  return row;
}

/**
 * What the seat may do now: claim, deal, take or discard with the chosen card, ask a hint, signal.
 * @param {GameView} view
 * @returns {HTMLElement[]}
 */
function actions(view) {
  if (view.seat === null || view.status === "finished") return [];
  const buttons = [];
  for (const move of state.legal) {
    if (move.kind === "claim") {
      buttons.push(moveButton(move, t("play.claim", { cards: move.claim.map(shortName).join(" + ") })));
    } else if (move.kind === "deal") {
      buttons.push(moveButton(move, t("play.deal")));
    }
  }
  if (state.selected) {
    const matching = optionsFor(state.selected).filter((move) => state.taking.every((c) => move.capture.includes(c)));
    for (const move of matching) {
      const label = move.capture.length
        ? t("play.take", { cards: move.capture.map(shortName).join(" + "), card: shortName(move.card) })
        : t("play.discard", { card: shortName(move.card) });
      buttons.push(moveButton(move, label, move.capture));
    }
    buttons.push(h("button", { type: "button", text: t("play.another"), onclick: clearChoice }));
  } else if (plays().length) {
    buttons.push(h("span", { text: t("play.chooseCard") }));
  }
  if (view.turn === view.seat && view.status === "playing" && state.legal.length) {
    buttons.push(h("button", { type: "button", id: "hint-button", text: t("play.hint"), onclick: askHint }));
  }
  if (gameRules().signals && partnered(gameRules()) && view.status === "playing") {
    for (const signal of SIGNALS) {
      buttons.push(h("button", { type: "button", "data-signal": signal, text: t("play.signal", { what: signalWords(signal) }), onclick: () => sendSignal(signal) }));
    }
  }
  return buttons;
}

/**
 * A button that plays the move; hovering or focusing it highlights the table cards it takes.
 * @param {LegalMove} move
 * @param {string} label
 * @param {string[]} [takes]
 * @returns {HTMLButtonElement}
 */
function moveButton(move, label, takes = []) {
  const highlight = (/** @type {boolean} */ on) => {
    for (const card of takes) $("table").querySelector(`[data-card="${card}"]`)?.classList.toggle("takes", on);
  };
  return h("button", {
    type: "button", class: "primary", "data-move": move.id, text: label,
    onclick: () => play(move), onmouseenter: () => highlight(true), onmouseleave: () => highlight(false),
    onfocus: () => highlight(true), onblur: () => highlight(false),
  });
}

/**
 * What a move does, in words: "take 3C + 4D with 7S", "discard 5H", "claim 2C + 6S".
 * @param {LegalMove} move
 * @returns {string}
 */
function moveText(move) {
  if (move.kind === "claim") return t("play.claim", { cards: move.claim.map(shortName).join(" + ") });
  if (move.kind === "deal") return t("play.deal");
  if (!move.capture.length) return t("play.discard", { card: shortName(move.card) });
  return t("play.take", { cards: move.capture.map(shortName).join(" + "), card: shortName(move.card) });
}

/** The hint for this version, if any: in words, and its cards highlighted. */
function renderHint() {
  const shown = $("hint");
  const hint = state.hint;
  shown.hidden = !hint;
  if (!hint) return;
  shown.dataset.move = "error" in hint ? "" : hint.move.id;
  shown.classList.toggle("error", "error" in hint);
  if ("error" in hint) {
    shown.textContent = hint.error;
    return;
  }
  shown.textContent = t("play.hint.said", { level: levelName(hint.level), move: moveText(hint.move) });
  const cards = hint.move.kind === "play" ? [[`#hand [data-card="${hint.move.card}"]`], hint.move.capture.map((c) => `#table [data-card="${c}"]`)].flat() : [];
  for (const selector of cards) document.querySelector(selector)?.classList.add("hinted");
  $("actions").querySelector(`[data-move="${CSS.escape(hint.move.id)}"]`)?.classList.add("hinted");
}

/**
 * A readable sentence for a hint the service would not give.
 * @param {unknown} problem
 * @returns {string}
 */
function hintProblem(problem) {
  if (problem instanceof Problem && problem.status === 429) return t("play.hint.limited");
  if (problem instanceof Problem && problem.code === "hint/not_your_turn") return t("play.hint.notYourTurn");
  return t("play.hint.refused", { why: messageOf(problem) });
}

/** Ask the service for a hint at the level chosen, for the view drawn. */
async function askHint() {
  const asked = drawnView().version;
  /** @type {TableState["hint"]} */
  let hint;
  try {
    /** @type {Hint} */
    const given = await api(`/v1/games/${gameId}/hint?level=${$("hint-level", HTMLSelectElement).value}`, { token });
    hint = given;
  } catch (problem) {
    hint = { error: hintProblem(problem) };
  }
  if (drawnView().version !== asked || (!("error" in hint) && hint.version !== asked)) return; // the game moved on
  state.hint = hint;
  render();
}

// --- a game's life: waiting for players, leaving, ending early, a rematch -------------------

/**
 * Who is seated, and for the creator each open seat's invite link (the invite in the fragment).
 * @param {GameView} view
 */
function renderWaiting(view) {
  const box = $("waiting");
  box.hidden = view.status !== "waiting";
  $("felt").hidden = view.status === "waiting";
  if (box.hidden) return;
  $("seated").replaceChildren(...view.players.map((p) => h("li", {
    "data-seat": String(p.seat), "data-open": String(Boolean(p.open)),
    text: p.open ? t("play.seated.open", { seat: fromOne(p.seat) }) : t("play.seated.taken", { seat: fromOne(p.seat), who: label(p.seat), you: String(p.seat === view.seat) }),
  })));
  const invites = view.invites ?? [];
  $("invites-box").hidden = !invites.length;
  $("invites").replaceChildren(...invites.map(({ seat, invite }) => {
    const url = `${location.origin}/join/${gameId}#invite=${encodeURIComponent(invite)}`;
    const copy = h("button", { type: "button", text: t("play.copy") });
    copy.addEventListener("click", () => navigator.clipboard.writeText(url).then(
      () => { copy.textContent = t("play.copied"); }, () => { copy.textContent = t("play.copyFailed"); }));
    return h("li", { "data-seat": String(seat) }, `${t("common.Seat", { seat: fromOne(seat) })}: `, h("a", { class: "invite-link", href: url, text: url }), " ", copy);
  }));
  $("lobby-note").hidden = !view.lobby;
  const takers = view.seat === null && view.lobby ? view.players.filter((p) => p.open) : [];
  $("take-seat").replaceChildren(...takers.map((p) =>
    h("a", { class: "button", href: `/join/${gameId}#seat=${p.seat}`, "data-seat": String(p.seat), text: t("play.takeSeat", { seat: fromOne(p.seat) }) })));
}

/**
 * Whether the match may still be aborted: it waits, or no seat has played or claimed yet.
 * @param {GameView} view
 * @returns {boolean}
 */
function abortable(view) {
  if (view.tournament) return false; // a tournament's table plays to its end: leaving loses
  if (view.status === "waiting") return true;
  return view.status !== "finished" && view.round === 1 && view.hand_number <= 1 && !view.last_move;
}

/**
 * A button that asks again before it acts ("Resign" → "Resign? Yes, resign / No").
 * @param {string} what the action, and its button's id (its words: `play.<what>`, `.ask`, `.yes`)
 * @param {() => unknown} run
 * @returns {HTMLElement[]}
 */
function confirmed(what, run) {
  if (state.confirming !== what) {
    return [h("button", { type: "button", id: what, text: t(`play.${what}`), onclick: () => {
      state.confirming = what;
      render();
      $(`${what}-yes`).focus();
    } })];
  }
  return [h("span", { text: t(`play.${what}.ask`) }),
    h("button", { type: "button", class: "danger", id: `${what}-yes`, text: t(`play.${what}.yes`), onclick: run }),
    h("button", { type: "button", id: `${what}-no`, text: t("play.no"), onclick: () => {
      state.confirming = null;
      render();
      $(what).focus();
    } })];
}

/**
 * What the seat may do with the game itself: leave, abort, resign, ask for a rematch.
 * @param {GameView} view
 * @returns {HTMLElement[]}
 */
function lifeActions(view) {
  if (view.seat === null) return [];
  const buttons = [];
  const creator = view.invites !== undefined; // only the creator's view shows the invites
  if (view.status === "waiting" && !creator) buttons.push(h("button", { type: "button", id: "leave", text: t("play.leave"), onclick: leave }));
  if (abortable(view)) buttons.push(...confirmed("abort", () => end("abort")));
  if (view.status === "playing" || view.status === "dealing") buttons.push(...confirmed("resign", () => end("resign")));
  const dealt = view.hand_number > 0 || view.round > 1;
  if (view.status === "finished" && view.tournament) {
    buttons.push(h("span", { text: t(view.seed ? "play.tournament.open" : "play.tournament.sealed") }),
      h("a", { class: "button", id: "tournament-back", href: `/tournaments/${view.tournament}`, text: t("play.tournament.back") }));
  } else if (view.status === "finished" && dealt) {
    const text = view.rematch ? t("play.rematch.play") : t("play.rematch");
    buttons.push(h("button", { type: "button", class: "primary", id: "rematch", text, onclick: rematch }));
    if (view.rematch) buttons.push(h("span", { text: t("play.rematch.offered") }));
  }
  return buttons;
}

/**
 * Resign or abort; a retry with the same Idempotency-Key would get the first answer.
 * @param {"resign" | "abort"} kind
 */
async function end(kind) {
  $("error").textContent = "";
  state.confirming = null;
  try {
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    /** @type {MoveResult} */
    const answer = await api(`/v1/games/${gameId}/${kind}`, { method: "POST", token, headers });
    show(answer.view, []);
  } catch (problem) {
    showError(problem);
  }
  await refresh();
}

/** Give the seat up: the stream stops first, since the token stops working with the leave. */
async function leave() {
  state.source?.close();
  state.source = null;
  state.gone = true;
  try {
    await api(`/v1/games/${gameId}/leave`, { method: "POST", token });
    sessionStorage.removeItem(`escopa:token:${gameId}`);
    if (gameId) forget(gameId);
    location.assign("/");
  } catch (problem) {
    state.gone = false;
    showError(problem);
    follow(state.lastSeq).catch(showError);
  }
}

/** The rematch: the same new game for every seat that asks, each with its own new token. */
async function rematch() {
  try {
    /** @type {Rematch} */
    const answer = await api(`/v1/games/${gameId}/rematch`, { method: "POST", token });
    sessionStorage.setItem(`escopa:token:${answer.game_id}`, answer.token);
    const seat = drawnView().seat;
    if (gameId && gameId in keptSeats() && seat !== null) keep(answer.game_id, { token: answer.token, seat, name: name(seat) });
    location.assign(`/play/${answer.game_id}`);
  } catch (problem) {
    showError(problem);
  }
}

// --- acting ---------------------------------------------------------------------------------

/**
 * Choose a card of the hand (again: unchoose it).
 * @param {string} card
 */
function choose(card) {
  state.selected = state.selected === card ? null : card;
  state.taking = [];
  render();
  $("actions").querySelector("button")?.focus();
}

/**
 * Take a table card with the chosen one (again: leave it).
 * @param {string} card
 */
function take(card) {
  state.taking = state.taking.includes(card) ? state.taking.filter((c) => c !== card) : [...state.taking, card];
  render();
  /** @type {HTMLElement | null} */ ($("table").querySelector(`[data-card="${card}"]`))?.focus();
}

/** Choose no card. */
function clearChoice() {
  state.selected = null;
  state.taking = [];
  render();
  /** @type {HTMLButtonElement | null} */ ($("hand").querySelector("button:not(:disabled)"))?.focus();
}

/**
 * Play a legal move at the version drawn; then draw what the service answers.
 * @param {LegalMove} move
 */
async function play(move) {
  $("error").textContent = "";
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
  try {
    const body = { move: move.id, expected_version: drawnView().version };
    /** @type {MoveResult} */
    const answer = await api(`/v1/games/${gameId}/moves`, { method: "POST", token, body });
    show(answer.view, []);
  } catch (problem) {
    showError(problem);
  }
  await refresh();
  /** @type {HTMLButtonElement | null} */ ($("hand").querySelector("button:not(:disabled)"))?.focus();
}

/**
 * Signal the partner.
 * @param {string} signal
 */
async function sendSignal(signal) {
  try {
    await api(`/v1/games/${gameId}/signals`, { method: "POST", token, body: { signal } });
  } catch (problem) {
    showError(problem);
  }
  await refresh(); // the sender's own view now shows it
}

/**
 * A round's score, in the dialog: as its entry's `round_ended` tells it (a sealed tournament
 * game's score sheet opens only when its round ends).
 * @param {RoundScore} result
 * @param {boolean} over whether the same entry ended the match
 */
function showRound(result, over) {
  $("round-title").textContent = over ? t("play.round.matchOver") : t("play.round.roundOver", { round: result.round });
  $("round-score").replaceChildren(scoreTable(result, state.players));
  const dialog = $("round-dialog", HTMLDialogElement);
  if (!dialog.open) dialog.showModal();
  $("round-close").focus();
}

/**
 * A problem in words; a token the service refuses, as such.
 * @param {unknown} problem
 */
function showError(problem) {
  $("error").textContent = problem instanceof Problem && problem.status === 401 ? t("play.badToken") : messageOf(problem);
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.selected && !$("round-dialog", HTMLDialogElement).open) clearChoice();
});
const hintLevel = $("hint-level", HTMLSelectElement);
hintLevel.value = sessionStorage.getItem("escopa:hint-level") ?? hintLevel.value;
hintLevel.addEventListener("change", () => sessionStorage.setItem("escopa:hint-level", hintLevel.value));
$("round-close").addEventListener("click", () => $("round-dialog", HTMLDialogElement).close());
$("keep-seat").addEventListener("change", onKeeping);

async function start() {
  if (!gameId) throw new Error(t("common.noGame"));
  /** @type {[LogPage, Record<string, Rules>]} */
  const [first, presets] = await Promise.all([api(`/v1/games/${gameId}/log?after=0&limit=1`, { token }), api("/v1/rules/presets")]);
  state.rules = first.entries[0].game?.rules ?? null; // the view has no rules: the first entry does
  if (state.rules) usePreset(presetOf(state.rules, presets)); // its preset's deck, before a card is drawn
  await refresh();
  if (!state.view) return;
  state.loadedAt = state.view.version;
  await follow(0);
  setTimeout(watchSignals, SIGNAL_POLL_MS);
}

translate();
deckPicker();
setInterval(() => renderClocks(), CLOCK_TICK_MS);
start().catch(showError);
