// @ts-check
// The cards: codes, names in the page's language (its region's words: oros, ouros, denari,
// diamonds), values, text alternatives, and SVG drawings (no images) in the deck drawn (decks.js).
// A code is rank then suit (docs/shuffle.md section 1): 7D is the seven of oros (diamonds).

import { french } from "./decks.js";
import { t } from "./i18n.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "Q", "J", "K"];
export const SUITS = ["C", "D", "H", "S"];
export const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit)); // canonical order

const SVG = "http://www.w3.org/2000/svg";

/**
 * A card's value in play: 1 (ace) to 10 (rey).
 * @param {string} code
 * @returns {number}
 */
export function value(code) {
  return RANKS.indexOf(code[0]) + 1;
}

/**
 * The cards in the deck's canonical order.
 * @param {string[]} cards
 * @returns {string[]}
 */
export function canonicalSort(cards) {
  return [...cards].sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b));
}

/**
 * The card's name, as a screen reader reads it: "caballo de espadas (JS), vale 9".
 * @param {string} code
 * @returns {string}
 */
export function cardName(code) {
  return t("card.alt", { name: shortName(code), code, value: value(code) });
}

/**
 * The card's name in move lists and buttons: "5 de copas", "fante di spade", "Queen of diamonds".
 * @param {string} code
 * @returns {string}
 */
export function shortName(code) {
  return t("card.name", { rank: t(`card.rank.${code[0]}`), suit: t(`card.suit.${code[1]}`) });
}

/**
 * A card played in words: "Ana played 5 of cups and took 2 of swords + 3 of coins: escopa!".
 * @param {string} who
 * @param {string} card
 * @param {string[]} capture
 * @param {boolean} escopa
 * @returns {string}
 */
export function playedWords(who, card, capture, escopa) {
  const played = capture.length
    ? t("log.playedTook", { who, card: shortName(card), cards: capture.map(shortName).join(" + ") })
    : t("log.played", { who, card: shortName(card) });
  return escopa ? t("log.escopa", { played }) : played;
}

/**
 * The figures' rank: 8, 9, 10 (sota, caballo, rey; Q, J, K).
 * @param {string} rank
 * @returns {boolean}
 */
function figure(rank) {
  return rank === "Q" || rank === "J" || rank === "K";
}

/**
 * An SVG element with its attributes and children.
 * @param {string} name
 * @param {Record<string, string | number>} [attributes]
 * @param {SVGElement[]} [children]
 * @returns {SVGElement}
 */
function node(name, attributes = {}, children = []) {
  const element = document.createElementNS(SVG, name);
  for (const [key, val] of Object.entries(attributes)) element.setAttribute(key, String(val));
  for (const child of children) element.append(child);
  return element;
}

/**
 * One French suit's mark centred on (0, 0), about 16 units tall: ♦ ♥ ♠ ♣.
 * @param {string} suit
 * @returns {SVGElement}
 */
function frenchMark(suit) {
  const colour = suit === "D" || suit === "H" ? "red" : "black";
  /** @type {Record<string, string>} */
  const shapes = {
    D: "M0,-8 L6,0 L0,8 L-6,0 Z",
    H: "M0,7 C-9,0 -8,-8 -3.5,-7.5 C-1.5,-7.3 -0.5,-6 0,-4.5 C0.5,-6 1.5,-7.3 3.5,-7.5 C8,-8 9,0 0,7 Z",
    S: "M0,-8 C-8,-1 -8,4 -3.5,4.5 C-2,4.6 -1,4 -0.6,3 L-2,8 L2,8 L0.6,3 C1,4 2,4.6 3.5,4.5 C8,4 8,-1 0,-8 Z",
    C: "M-0.9,1 C-3,5 -8,5 -7.5,0.5 C-7,-3 -3,-3 -1.8,-1.2 C-4,-4 -3,-8.5 0,-8.5 C3,-8.5 4,-4 1.8,-1.2 C3,-3 7,-3 7.5,0.5 C8,5 3,5 0.9,1 L2,8 L-2,8 Z",
  };
  return node("path", { d: shapes[suit], class: `mark-${colour}` });
}

/**
 * A figure drawn as a person, in its suit's colour: a king crowned, a knight (caballo,
 * cavallo, valete) in a plumed cap, a page or queen (sota, fante, dama) in a hat or tiara.
 * @param {string} rank Q, J or K
 * @param {string} suit
 * @returns {SVGElement}
 */
function figureDrawing(rank, suit) {
  /** @type {Record<string, string>} */
  const headgear = {
    K: "M-6,-10 L-6,-17 L-3,-13 L0,-18 L3,-13 L6,-17 L6,-10 Z",
    J: "M-7,-10 L7,-10 L5,-14 L-5,-14 Z M4,-14 Q9,-20 11,-15 Q8,-16 5,-13 Z",
    Q: "M-6.5,-9.5 Q0,-18 6.5,-9.5 Z",
  };
  return node("g", {}, [
    node("path", { d: "M-13,22 Q-13,3 0,2 Q13,3 13,22 Z", class: `robe suit-${suit} outline` }),
    node("path", { d: "M-4,3 L0,12 L4,3", class: "collar" }),
    node("circle", { cy: -4, r: 6.5, class: "skin outline" }),
    node("path", { d: headgear[rank], class: "crown outline" }),
    node("g", { transform: "translate(0 13) scale(0.45)" }, [emblem(suit)]),
  ]);
}

/**
 * One suit's emblem centred on (0, 0), about 16 units tall: the French mark, or the naipe.
 * @param {string} suit
 * @returns {SVGElement}
 */
function emblem(suit) {
  return french() ? frenchMark(suit) : naipe(suit);
}

/**
 * One Spanish suit's emblem centred on (0, 0), about 16 units tall.
 * @param {string} suit
 * @returns {SVGElement}
 */
function naipe(suit) {
  const color = `suit-${suit}`; // a class: the colours are the style sheet's custom properties
  switch (suit) {
    case "D": // oros: a gold coin
      return node("g", {}, [
        node("circle", { r: 7.5, class: `${color} outline` }),
        node("circle", { r: 4, class: "ring" }),
      ]);
    case "H": // copas: a cup
      return node("path", {
        d: "M-6.5,-7 H6.5 Q6.5,1 1.2,2 V5 H4.5 V7.5 H-4.5 V5 H-1.2 V2 Q-6.5,1 -6.5,-7 Z",
        class: `${color} outline`,
      });
    case "S": // espadas: a sword, point up
      return node("g", {}, [
        node("path", { d: "M0,-8.5 L1.6,-6 V4 H-1.6 V-6 Z", class: `${color} outline` }),
        node("rect", { x: -4.5, y: 4, width: 9, height: 1.6, class: "ink" }),
        node("rect", { x: -0.9, y: 5.6, width: 1.8, height: 3, class: color }),
      ]);
    default: // bastos: a knotted club
      return node("g", { transform: "rotate(-20)" }, [
        node("path", { d: "M-1.6,8 L-2.6,-6 Q0,-9.5 2.6,-6 L1.6,8 Z", class: `${color} outline` }),
        node("circle", { cx: -2.2, cy: -1, r: 0.9, class: "ink" }),
        node("circle", { cx: 2.1, cy: 3, r: 0.9, class: "ink" }),
      ]);
  }
}

// Where the pips of the number cards go on the 60 x 90 face.
/** @type {Record<number, [number, number][]>} */
const PIPS = {
  1: [[30, 45]],
  2: [[30, 25], [30, 65]],
  3: [[30, 22], [30, 45], [30, 68]],
  4: [[19, 26], [41, 26], [19, 64], [41, 64]],
  5: [[19, 24], [41, 24], [30, 45], [19, 66], [41, 66]],
  6: [[19, 23], [41, 23], [19, 45], [41, 45], [19, 67], [41, 67]],
  7: [[19, 20], [41, 20], [30, 33], [19, 47], [41, 47], [19, 70], [41, 70]],
};

/**
 * The SVG drawing of a card's face (decorative: the element around it carries the name).
 * @param {string} code
 * @returns {SVGElement}
 */
export function cardSvg(code) {
  const [rank, suit] = code;
  const printed = t(`card.index.${rank}`);
  const svg = node("svg", { viewBox: "0 0 60 90", "aria-hidden": "true", focusable: "false" });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 88, rx: 5, class: "face" }));
  for (const [x, y, turn] of [[8, 11, 0], [52, 79, 180]]) {
    const index = node("text", { x, y, "text-anchor": "middle", class: "index", transform: `rotate(${turn} ${x} ${y})` });
    index.textContent = printed;
    svg.append(index);
  }
  if (figure(rank)) {
    svg.append(node("rect", { x: 12, y: 16, width: 36, height: 58, rx: 3, class: "frame" }));
    svg.append(node("g", { transform: "translate(30 48)" }, [figureDrawing(rank, suit)]));
    svg.append(node("g", { transform: "translate(19 24) scale(0.5)" }, [emblem(suit)]));
  } else {
    const scale = rank === "A" ? 1.9 : 0.95;
    for (const [x, y] of PIPS[value(code)]) {
      svg.append(node("g", { transform: `translate(${x} ${y}) scale(${scale})` }, [emblem(suit)]));
    }
  }
  if (figure(rank) && printed !== String(value(code))) { // the value, where the index is not it
    const worth = node("text", { x: 53, y: 11, "text-anchor": "middle", class: "worth" });
    worth.textContent = String(value(code));
    svg.append(node("circle", { cx: 53, cy: 8, r: 5, class: "worth-dot" }), worth);
  }
  return svg;
}

/**
 * How a card is shown: as a button (it can be chosen), with a label other than its name.
 * @typedef {{button?: boolean, label?: string}} CardOptions
 */

/**
 * A card as a page element: a button when it can be chosen, else an image with its name.
 * @param {string} code
 * @param {CardOptions} [options]
 * @returns {HTMLElement}
 */
export function cardElement(code, { button = false, label = cardName(code) } = {}) {
  const element = document.createElement(button ? "button" : "span");
  element.className = "card";
  element.dataset.card = code;
  if (element instanceof HTMLButtonElement) {
    element.type = "button"; // named by its content: the drawing's marks are not its name
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = label;
    element.append(name);
  } else {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
  }
  element.append(cardSvg(code));
  return element;
}

/**
 * A face-down card (another seat's hand, a pile).
 * @param {string} [label]
 * @returns {HTMLElement}
 */
export function cardBack(label = t("card.back")) {
  const element = document.createElement("span");
  element.className = "card back";
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", label);
  const svg = node("svg", { viewBox: "0 0 60 90", "aria-hidden": "true", focusable: "false" });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 88, rx: 5, class: "back-face" }));
  svg.append(node("rect", { x: 7, y: 7, width: 46, height: 76, rx: 3, class: "back-frame" }));
  svg.append(node("g", { transform: "translate(30 45) scale(1.4)" }, [emblem("D")]));
  element.append(svg);
  return element;
}

/**
 * A row of cards (possibly empty, then it says so: `empty`, "none" unless given).
 * @param {string[]} codes
 * @param {CardOptions & {empty?: string}} [options]
 * @returns {HTMLElement}
 */
export function cardRow(codes, options = {}) {
  const row = document.createElement("div");
  row.className = "cards";
  row.dataset.cards = codes.join(" ");
  if (!codes.length) {
    const none = document.createElement("span");
    none.className = "empty";
    none.textContent = options.empty ?? t("card.none");
    row.append(none);
  }
  for (const code of codes) row.append(cardElement(code, options));
  return row;
}
