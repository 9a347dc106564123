// @ts-check
// Building the pages' elements: one small factory, no framework.

/**
 * An element's properties as `h` takes them: `class`, `text`, `on<event>` listeners, DOM
 * properties (`hidden`, `disabled`...) and attributes; null, undefined and false are left out.
 * @typedef {Record<string, string | number | boolean | ((event: Event) => unknown) | null | undefined>} Properties
 */

/**
 * A child as `h` takes it: a node or text; null, undefined and false are left out.
 * @typedef {Node | string | null | undefined | false} Child
 */

/**
 * A small element factory: tag, properties, children (a list of children counts as its items).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Properties} [properties]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, properties = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, val] of Object.entries(properties)) {
    if (val === undefined || val === null || val === false) continue;
    if (key === "class") element.className = String(val);
    else if (key === "text") element.textContent = String(val);
    else if (key.startsWith("on")) element.addEventListener(key.slice(2), /** @type {EventListener} */ (val));
    else if (key in element && typeof val !== "string") /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (element))[key] = val;
    else element.setAttribute(key, val === true ? "" : String(val));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

/**
 * Put `nodes` in `box` unless it shows the same already: a button drawn again is then not
 * swapped for its twin between a press and its release, which would lose the click.
 * @param {HTMLElement} box
 * @param {HTMLElement[]} nodes
 */
export function redraw(box, nodes) {
  const drawn = nodes.map((node) => node.outerHTML).join("");
  if (box.innerHTML !== drawn) box.replaceChildren(...nodes);
}

/**
 * The page's element with this id, checked to be a `kind` (an `HTMLElement` unless named):
 * a page whose HTML lacks it fails here, saying which, rather than later on a null.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{new (): T, prototype: T}} [kind]
 * @returns {T}
 */
export function byId(id, kind) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`this page has no element #${id}`);
  const wanted = kind ?? HTMLElement;
  if (!(element instanceof wanted)) throw new Error(`#${id} is not ${wanted.name}`);
  return /** @type {T} */ (element);
}
