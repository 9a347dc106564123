// The replay viewer: a finished game's export (from the service, or a file dropped or pasted
// here), every hand revealed, stepped move by move, and verified in the browser (verify.js).

import { api, gameIdFromPath } from "./api.js";
import { h } from "./dom.js";
import { cardRow } from "./cards.js";
import { positions, seatNames, sideOf } from "./positions.js";
import { outcomeText, scoreTable, sideName } from "./score.js";
import { signalLine } from "./signals.js";
import { timeoutWords } from "./countdown.js";
import { Broken, replayHash, trustedKeys, verify } from "./verify.js";

const $ = (id) => document.getElementById(id);
/** What a lifecycle entry says, in words. */
const LIFE = {
  joined: (entry) => `seat ${entry.seat} taken by ${entry.player}`,
  left: (entry) => `seat ${entry.seat} is left: open again`,
  resigned: () => "resigns",
  aborted: () => "aborts the match",
  rematch: (entry) => `a rematch is offered: game ${entry.rematch}`,
};
const dealt = (entry) => (entry.events.some((event) => event.type === "dealt") ? " — the game is dealt" : "");
const view = { entries: [], list: [], players: [], rules: null, at: 0, gameId: null, exported: null, problem: null, keys: null };

function position(index) {
  return view.list[index];
}

/** Move `index` (into the positions) into sight; the address keeps `#m=<seq>`. */
function go(index) {
  view.at = Math.max(0, Math.min(view.list.length - 1, index));
  const seq = position(view.at).seq;
  history.replaceState(null, "", `${location.pathname}#m=${seq}`);
  render();
}

function roundStarts() {
  return view.list.map((p, i) => [p, i]).filter(([p, i]) => i === 0 || p.round !== view.list[i - 1].round || (p.hand === 1 && view.list[i - 1].hand !== 1)).map(([, i]) => i);
}

function jumpRound(direction) {
  const starts = roundStarts();
  const target = direction > 0 ? starts.find((i) => i > view.at) : [...starts].reverse().find((i) => i < view.at);
  go(target ?? (direction > 0 ? view.list.length - 1 : 0));
}

function describe(entry) {
  const who = entry.seat === null ? "" : `${view.players[entry.seat]}: `;
  if (entry.type === "created") return entry.game.open?.length ? `created; seat(s) ${entry.game.open.join(", ")} open` : "the opening deal";
  if (entry.type === "signal") return `${who}signal ${entry.signal}`;
  if (entry.type === "timeout") return `${timeoutWords(entry, view.players[entry.seat], view.rules.clock?.on_timeout)}${ending(entry)}${signalsText(entry)}`;
  if (entry.type === "joined" || entry.type === "left") return `${LIFE[entry.type](entry)}${dealt(entry)}`;
  if (entry.type in LIFE) return `${who}${LIFE[entry.type](entry)}${signalsText(entry)}`;
  const escopa = entry.events.some((event) => event.type === "played" && event.escopa) ? " ★ escopa" : "";
  const ended = entry.events.find((event) => event.type === "round_ended");
  return `${who}${entry.move}${escopa}${ended ? ` — round ${ended.score.round} ends` : ""}${signalsText(entry)}`;
}

/** What an entry's events end: a round, the match. */
function ending(entry) {
  const ended = entry.events.find((event) => event.type === "round_ended");
  const over = entry.events.some((event) => event.type === "match_ended");
  return `${ended ? ` — round ${ended.score.round} ends` : ""}${over ? " — the match is over" : ""}`;
}

/** The signals the entry that ends the match records: who sent which, and after which entry. */
function signalsText(entry) {
  if (!entry.signals?.length) return "";
  const sent = entry.signals.map((s) => `${signalLine(s, view.players)} (after ${s.after})`);
  return ` — ${sent.join("; ")}`;
}

function render() {
  const p = position(view.at);
  const entry = view.entries[view.at];
  $("where").textContent = `Position ${p.seq} of ${view.list.length} · round ${p.round}, hand ${p.hand}`;
  $("position-link").href = `#m=${p.seq}`;
  $("last-move").textContent = `${p.seq}. ${describe(entry)}`;
  $("seats").replaceChildren(...view.players.map((playerName, seat) => {
    const box = h("section", { class: "seat side", "data-seat": String(seat) },
      h("h2", { text: `${playerName}${p.dealer === seat ? " (deals)" : ""}` }),
      cardRow(p.hands[seat], { empty: "no cards" }));
    box.classList.toggle("turn", p.turn === seat && !p.outcome);
    return box;
  }));
  $("board-table").replaceChildren(cardRow(p.table, { empty: "the table is empty" }));
  $("board-sides").replaceChildren(...p.piles.map((pile, side) => {
    const seats = view.players.map((_, seat) => seat).filter((seat) => sideOf(view.rules, seat) === side);
    const label = sideName({ seats }, view.players);
    return h("section", { class: "side", "data-side": String(side) },
      h("h2", { text: label }),
      h("div", { "data-captured": String(pile.length), text: `${pile.length} card(s) taken` }),
      h("div", { "data-escopas": String(p.escopas[side]), text: `Escopas this round: ${p.escopas[side]}` }),
      h("div", { "data-score": String(p.scores[side]), text: `Match: ${p.scores[side]} of ${view.rules.target}` }));
  }));
  renderScore(p);
  for (const button of $("moves").querySelectorAll("button")) {
    const current = Number(button.dataset.index) === view.at;
    button.setAttribute("aria-current", String(current));
    if (current) showInList($("moves"), button);
  }
}

/** Scroll `list`'s own box so `item` shows in it; the page itself stays where it is. */
function showInList(list, item) {
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

function renderScore(p) {
  const score = $("score");
  const result = p.rounds.at(-1);
  const outcome = p.outcome ? h("p", { class: "outcome-line", text: outcomeText(p.outcome, view.players) }) : "";
  const table = result ? scoreTable(result, view.players) : h("p", { class: "empty", text: "No round has been scored yet." });
  score.replaceChildren(table, outcome);
}

function moveList() {
  $("moves").replaceChildren(...view.entries.map((entry, index) => h("li", {},
    h("button", { type: "button", "data-index": String(index), "data-seq": String(entry.seq), text: describe(entry), onclick: () => go(index) }))));
}

function renderChecks(results) {
  $("checks").replaceChildren(...results.map((result) =>
    h("li", { class: result.status, "data-check": result.name, "data-status": result.status },
      h("strong", { text: `${result.name}: ` }), { passed: "passed", failed: "FAILED", "not-checked": "not checked" }[result.status] ?? "",
      h("br"), h("small", { text: result.detail }))));
}

/** The checks this page adds to audit.md's: the moves follow the cards, and the head you saw. */
function extraChecks(problem) {
  const checks = [["Moves use the cards dealt", async () => {
    if (problem) throw new Broken(problem);
    return "every card played was in its seat's hand, every card taken was on the table";
  }]];
  const seen = view.gameId && localStorage.getItem(`escopa:seen:${view.gameId}`);
  if (seen) {
    const { seq, hash } = JSON.parse(seen);
    checks.push(["The log this browser saw", async () => {
      if (view.entries[seq - 1]?.hash !== hash) throw new Broken(`seq ${seq}: not the hash this browser saw live (${hash.slice(0, 12)}…)`);
      return `seq ${seq} has the hash seen live`;
    }]);
  }
  return checks;
}

async function open(exported) {
  $("error").textContent = "";
  const entries = exported?.entries;
  if (!Array.isArray(entries) || !entries[0]?.game) throw new Error("this is not a game's export");
  view.entries = entries;
  view.rules = entries[0].game.rules;
  view.players = seatNames(entries);
  $("game-label").textContent = `game ${exported.game_id ?? ""} · ${view.players.join(", ")}`;
  const rebuilt = positions(entries);
  view.list = rebuilt.list;
  $("viewer").hidden = false;
  $("load").hidden = true;
  moveList();
  const wanted = /#m=(\d+)/.exec(location.hash);
  const index = wanted ? view.list.findIndex((p) => p.seq === Number(wanted[1])) : 0;
  go(index < 0 ? 0 : index);
  view.exported = exported;
  view.problem = rebuilt.problem;
  $("replay-hash").textContent = await replayHash(entries).catch(() => "cannot be computed");
  await check();
}

/** Run every check on the open export, with the keys trusted now (if any). */
async function check() {
  delete document.body.dataset.verified;
  renderChecks([{ name: "Verification", status: "pending", detail: "running…" }]);
  const results = await verify(view.exported, extraChecks(view.problem), view.keys);
  renderChecks(results);
  document.body.dataset.verified = results.every((r) => r.status !== "failed") ? "passed" : "failed";
}

/** The keys the user pasted: the signature is checked again against them alone. */
async function checkWithKey() {
  $("key-error").textContent = "";
  if (!view.exported) return;
  try {
    view.keys = await trustedKeys($("key").value);
  } catch (error) {
    $("key-error").textContent = `Not a key: ${error.message}`;
    return;
  }
  await check();
}

async function openText(text) {
  try {
    await open(JSON.parse(text));
  } catch (error) {
    $("error").textContent = `Cannot open this export: ${error.message}`;
  }
}

function keys(event) {
  if (!view.list.length || event.target.closest("textarea, input")) return;
  const moves = { ArrowLeft: () => go(view.at - 1), ArrowRight: () => go(view.at + 1), Home: () => go(0),
    End: () => go(view.list.length - 1), "[": () => jumpRound(-1), "]": () => jumpRound(1) };
  if (moves[event.key]) {
    event.preventDefault();
    moves[event.key]();
  }
}

function wire() {
  document.addEventListener("keydown", keys);
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(view.list.length - 1));
  $("back").addEventListener("click", () => go(view.at - 1));
  $("forward").addEventListener("click", () => go(view.at + 1));
  $("round-back").addEventListener("click", () => jumpRound(-1));
  $("round-forward").addEventListener("click", () => jumpRound(1));
  window.addEventListener("hashchange", () => {
    const wanted = /#m=(\d+)/.exec(location.hash);
    const index = wanted ? view.list.findIndex((p) => p.seq === Number(wanted[1])) : -1;
    if (index >= 0 && index !== view.at) go(index);
  });
  $("file").addEventListener("change", async (event) => openText(await event.target.files[0].text()));
  $("paste-go").addEventListener("click", () => openText($("paste").value));
  $("key-go").addEventListener("click", () => checkWithKey().catch((error) => { $("key-error").textContent = error.message; }));
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    $("load").classList.add("over");
  });
  document.addEventListener("dragleave", () => $("load").classList.remove("over"));
  document.addEventListener("drop", async (event) => {
    event.preventDefault();
    $("load").classList.remove("over");
    const file = event.dataTransfer.files[0];
    if (file) await openText(await file.text());
  });
}

async function start() {
  wire();
  view.gameId = gameIdFromPath("/replay");
  if (!view.gameId) return;
  if (!window.crypto?.subtle) throw new Error("this page needs Web Crypto: open it over HTTPS or from localhost");
  try {
    const [exported, published] = await Promise.all([api(`/v1/games/${view.gameId}/export`), api("/v1/keys")]);
    view.keys = await trustedKeys(published); // this service's keys, as it publishes them
    await open(exported);
  } catch (problem) {
    const table = h("a", { href: `/play/${view.gameId}`, text: "watch it at the table" });
    $("error").replaceChildren(problem.code === "game/not_finished" ? "This game is not over yet: " : `${problem.message} `, problem.code === "game/not_finished" ? table : "");
  }
}

start().catch((error) => { $("error").textContent = error.message; });
