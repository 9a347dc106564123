// @ts-check
// The service's API as the pages call it: JSON in and out, problems (RFC 9457) as errors, their
// details asked for in the page's language (which may not be the browser's: it can be picked).

import { has, lang, t } from "./i18n.js";

/** @typedef {import("./types.js").ProblemBody} ProblemBody */

/**
 * How a call is made: the method, the seat's token, a JSON body, more headers, and the ETag of
 * an earlier answer (then an unchanged resource answers 304).
 * @typedef {{method?: string, token?: string | null, body?: unknown, headers?: Record<string, string>, etag?: string | null}} CallOptions
 */

export class Problem extends Error {
  /**
   * @param {number} status
   * @param {Partial<ProblemBody> | null} body the problem's body, or null when the answer had none
   */
  constructor(status, body) {
    super(body?.detail === undefined ? `HTTP ${status}` : unquoted(body.detail));
    this.status = status;
    this.code = body?.code ?? "http/error";
  }
}

/**
 * A detail as a page shows it: its code spans (`X-API-Key`, Markdown's backticks) as their text.
 * @param {string} detail
 * @returns {string}
 */
function unquoted(detail) {
  return detail.replace(/`([^`]+)`/g, "$1");
}

/**
 * The problem in this page's words when its catalog has a sentence for its code (`<prefix>.<code>`,
 * such as `home.told.auth/api_key_required`), else the service's detail.
 * @param {unknown} problem
 * @param {string} prefix
 * @returns {string}
 */
export function told(problem, prefix) {
  const key = problem instanceof Problem ? `${prefix}.${problem.code}` : "";
  return key && has(key) ? t(key) : messageOf(problem);
}

/**
 * Call the API; `token` goes in the Authorization header, never in the URL. `T` is the answer's
 * shape as the API documents it (the caller names it: the body is JSON, not checked here).
 * @template T
 * @param {string} path
 * @param {Omit<CallOptions, "etag">} [options]
 * @returns {Promise<T>}
 */
export async function api(path, options = {}) {
  return (await tagged(path, options)).data;
}

/**
 * An answer and its ETag.
 * @template T
 * @typedef {{data: T, etag: string | null}} Tagged
 */

/**
 * Without an `etag`, the answer is always there.
 * @template T
 * @overload
 * @param {string} path
 * @param {CallOptions & {etag?: null}} [options]
 * @returns {Promise<Tagged<T>>}
 */
/**
 * With one, an unchanged resource answers 304: null.
 * @template T
 * @overload
 * @param {string} path
 * @param {CallOptions} options
 * @returns {Promise<Tagged<T> | null>}
 */
/**
 * As `api`, with the answer's ETag: `{data, etag}`. Given the `etag` of an earlier answer,
 * an unchanged resource answers 304 and this returns null.
 * @template T
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<Tagged<T> | null>}
 */
export async function tagged(path, { method = "GET", token = null, body = undefined, headers = {}, etag = null } = {}) {
  /** @type {Record<string, string>} */
  const sent = { "Accept-Language": lang, ...headers };
  if (etag) sent["If-None-Match"] = etag;
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: sent,
    body: body === undefined ? null : JSON.stringify(body),
    cache: "no-store",
  });
  if (response.status === 304) return null;
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Problem(response.status, data);
  return { data, etag: response.headers.get("ETag") };
}

/**
 * Whether a failed read may succeed if made again: no connection, or the service busy for now.
 * @param {unknown} problem
 * @returns {boolean}
 */
export function passing(problem) {
  return problem instanceof TypeError || (problem instanceof Problem && [429, 502, 503, 504].includes(problem.status));
}

/**
 * The game id in this page's address after `prefix` ("/play/"), or null when there is none.
 * @param {string} prefix
 * @returns {string | null}
 */
export function gameIdFromPath(prefix) {
  const rest = location.pathname.slice(prefix.length).replace(/^\/+|\/+$/g, "");
  return rest ? decodeURIComponent(rest) : null;
}

/**
 * What a thrown value says to the reader: an Error's message (a Problem's detail), else the
 * value itself as text.
 * @param {unknown} thrown
 * @returns {string}
 */
export function messageOf(thrown) {
  return thrown instanceof Error ? thrown.message : String(thrown);
}
