// Building the pages' elements: one small factory, no framework.

/** A small element factory: tag, properties, children. */
export function h(tag, properties = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, val] of Object.entries(properties)) {
    if (val === undefined || val === null || val === false) continue;
    if (key === "class") element.className = val;
    else if (key === "text") element.textContent = val;
    else if (key.startsWith("on")) element.addEventListener(key.slice(2), val);
    else if (key in element && typeof val !== "string") element[key] = val;
    else element.setAttribute(key, val === true ? "" : val);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}
