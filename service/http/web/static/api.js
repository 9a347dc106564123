// The service's API as the pages call it: JSON in and out, problems (RFC 9457) as errors.

export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? "http/error";
  }
}

/** Call the API; `token` goes in the Authorization header, never in the URL. */
export async function api(path, options = {}) {
  return (await tagged(path, options)).data;
}

/**
 * As `api`, with the answer's ETag: `{data, etag}`. Given the `etag` of an earlier answer,
 * an unchanged resource answers 304 and this returns null.
 */
export async function tagged(path, { method = "GET", token = null, body = undefined, headers = {}, etag = null } = {}) {
  const sent = { ...headers };
  if (etag) sent["If-None-Match"] = etag;
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  if (response.status === 304) return null;
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Problem(response.status, data);
  return { data, etag: response.headers.get("ETag") };
}

export function gameIdFromPath(prefix) {
  const rest = location.pathname.slice(prefix.length).replace(/^\/+|\/+$/g, "");
  return rest ? decodeURIComponent(rest) : null;
}
