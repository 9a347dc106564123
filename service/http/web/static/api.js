// The service's API as the pages call it: JSON in and out, problems (RFC 9457) as errors.

export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? "http/error";
  }
}

/** Call the API; `token` goes in the Authorization header, never in the URL. */
export async function api(path, { method = "GET", token = null, body = undefined, headers = {} } = {}) {
  const sent = { ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Problem(response.status, data);
  return data;
}

export function gameIdFromPath(prefix) {
  const rest = location.pathname.slice(prefix.length).replace(/^\/+|\/+$/g, "");
  return rest ? decodeURIComponent(rest) : null;
}

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
