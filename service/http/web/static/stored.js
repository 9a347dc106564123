// @ts-check
// What the pages keep on this device under one key of localStorage: a JSON object.

/**
 * The object kept under `key` (empty when nothing, or something else, is there).
 * @param {string} key
 * @returns {Record<string, any>}
 */
export function storedObject(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {}; // something else wrote there: as if nothing were kept
  }
}
