// @ts-check
// The pages' languages: one catalog per language (`locales/<lang>.json`, ICU MessageFormat),
// chosen from what was picked on this device, else the browser's languages; `t(key, args)`
// words a message, `translate()` fills the page's `data-i18n` elements, `<html lang>` follows.

/** @typedef {{ tag: string, catalog: string, name: string }} Language */
/** The one list of languages, which the service and the terminal client read too. @type {{ languages: Language[] }} */
const registry = await (await fetch("/web/languages.json", { cache: "no-cache" })).json();
/** The languages there are catalogs for, each named in its own words, by tag. */
export const LANGUAGES = Object.fromEntries(registry.languages.map((one) => [one.tag, one.name]));
const STORED = "escopa:lang";
/** The tags a message may carry (as ICU's rich text does), each made an element: no markup is parsed. */
const TAGS = new Set(["code", "em", "kbd", "strong"]);

/**
 * The language to speak: the one picked on this device, else the first of the browser's
 * languages there is a catalog for (its region ignored when no catalog has it), else English.
 * @param {string | null} picked
 * @param {readonly string[]} wanted
 * @returns {string}
 */
export function pickLanguage(picked, wanted) {
  const tags = Object.keys(LANGUAGES);
  for (const asked of [picked, ...wanted]) {
    if (!asked) continue;
    const exact = tags.find((tag) => tag.toLowerCase() === asked.toLowerCase());
    const base = tags.find((tag) => tag.split("-")[0] === asked.toLowerCase().split("-")[0]);
    const found = exact ?? base;
    if (found) return found;
  }
  return "en";
}

export const lang = pickLanguage(localStorage.getItem(STORED), navigator.languages ?? []);
/** @type {Record<string, string>} */
const catalog = await (await fetch(`/web/locales/${lang}.json`, { cache: "no-cache" })).json();
const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);

/**
 * A count's plural category: the locale's (CLDR's, through Intl.PluralRules), except that zero
 * takes the plural (`other`) in every language of these pages: CLDR's Portuguese rule gives it
 * the singular, where Brazil says "0 cartas". A message's `=0 {…}` branch still comes first.
 * @param {number} n
 * @returns {string}
 */
function pluralOf(n) {
  return n === 0 ? "other" : plurals.select(n);
}

/**
 * Where a `{` opened at `start` closes (nested braces counted).
 * @param {string} text
 * @param {number} start
 * @returns {number}
 */
function closing(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === "{") depth += 1;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${JSON.stringify(text)}`);
}

/**
 * A plural's or select's branches: `one {…} other {…}` as {one: "…", other: "…"}.
 * @param {string} text
 * @returns {Record<string, string>}
 */
function branches(text) {
  /** @type {Record<string, string>} */
  const found = {};
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) break;
    const end = closing(text, open);
    found[text.slice(i, open).trim()] = text.slice(open + 1, end);
    i = end + 1;
  }
  return found;
}

/**
 * One `{…}` argument worded: `{name}`, `{n, number}`, `{n, plural, …}`, `{x, select, …}`.
 * @param {string} body
 * @param {Record<string, unknown>} args
 * @param {string | null} hash what `#` stands for (inside a plural)
 * @returns {string}
 */
function argument(body, args, hash) {
  const [name, type = "", ...rest] = body.split(",");
  const key = name.trim();
  if (!(key in args)) throw new Error(`the message needs {${key}}`);
  const given = args[key];
  const kind = type.trim();
  if (!kind) return String(given);
  if (kind === "number") return numbers.format(Number(given));
  const options = branches(rest.join(","));
  if (kind === "plural") {
    const n = Number(given);
    const chosen = options[`=${n}`] ?? options[pluralOf(n)] ?? options.other;
    return format(chosen, args, numbers.format(n));
  }
  if (kind === "select") return format(options[String(given)] ?? options.other, args, hash);
  throw new Error(`unknown argument type ${kind}`);
}

/**
 * An ICU message worded with its arguments (`#` is a plural's number; `'{…}'` is quoted
 * text, `''` an apostrophe).
 * @param {string} message
 * @param {Record<string, unknown>} args
 * @param {string | null} [hash]
 * @returns {string}
 */
export function format(message, args, hash = null) {
  let out = "";
  for (let i = 0; i < message.length; i += 1) {
    const c = message[i];
    if (c === "'" && message[i + 1] === "'") {
      out += "'";
      i += 1;
    } else if (c === "'" && (message[i + 1] === "{" || message[i + 1] === "}" || message[i + 1] === "#")) {
      const end = message.indexOf("'", i + 1);
      out += message.slice(i + 1, end < 0 ? message.length : end);
      i = end < 0 ? message.length : end;
    } else if (c === "{") {
      const end = closing(message, i);
      out += argument(message.slice(i + 1, end), args, hash);
      i = end;
    } else out += c === "#" && hash !== null ? hash : c;
  }
  return out;
}

/**
 * A message of this page's language, worded; a key no catalog has is said in the console.
 * @param {string} key
 * @param {Record<string, unknown>} [args]
 * @returns {string}
 */
export function t(key, args = {}) {
  const message = catalog[key];
  if (message === undefined) {
    console.error(`no message ${key} in the ${lang} catalog`);
    return key;
  }
  return format(message, args);
}

/**
 * A value's word in this language (`<prefix>.<value>`: `level.name.expert`), or the value
 * itself when the catalog has none (one a newer service adds).
 * @param {string} prefix
 * @param {string} value
 * @returns {string}
 */
export function named(prefix, value) {
  const key = `${prefix}.${value}`;
  return key in catalog ? t(key) : value;
}

/**
 * A seat's or an entrant's number as the pages show it: people count them from 1 (the API,
 * addresses and exports count from 0).
 * @param {number} index
 * @returns {number}
 */
export function fromOne(index) {
  return index + 1;
}

/**
 * Whether the catalog has this key (for words chosen by a value, such as a score's category).
 * @param {string} key
 * @returns {boolean}
 */
export function has(key) {
  return key in catalog;
}

/**
 * A message as nodes: its `<code>`, `<em>`, `<kbd>`, `<strong>` tags made elements.
 * @param {string} key
 * @param {Record<string, unknown>} [args]
 * @returns {Node[]}
 */
export function rich(key, args = {}) {
  const text = t(key, args);
  /** @type {Node[]} */
  const nodes = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    nodes.push(document.createTextNode(text.slice(at, index)));
    const tag = TAGS.has(match[1]) ? match[1] : "span";
    const element = document.createElement(tag);
    element.textContent = match[2];
    nodes.push(element);
    at = index + match[0].length;
  }
  nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

/**
 * Word the page: `data-i18n` elements' text, `data-i18n-<attribute>` attributes, the title,
 * `<html lang>`; then the language picker in the header.
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  document.documentElement.lang = lang;
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.replaceChildren(...rich(/** @type {string} */ (element.getAttribute("data-i18n"))));
  }
  for (const element of root.querySelectorAll("*")) {
    for (const attribute of element.getAttributeNames()) {
      if (!attribute.startsWith("data-i18n-")) continue;
      element.setAttribute(attribute.slice("data-i18n-".length), t(String(element.getAttribute(attribute))));
    }
  }
  if (root === document) picker();
}

/** The language picker in the page's header: a choice kept on this device, the page worded again. */
function picker() {
  const bar = document.querySelector("header.bar");
  if (!bar || document.getElementById("lang")) return;
  const select = document.createElement("select");
  select.id = "lang";
  for (const [tag, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, tag, tag === lang, tag === lang);
    option.lang = tag;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(STORED, select.value);
    location.reload(); // every module words the page again in the new language
  });
  const label = document.createElement("label");
  label.className = "lang";
  label.append(t("common.language"), " ", select);
  bar.append(label);
}
