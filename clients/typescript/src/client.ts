/** The typed HTTP client (openapi-fetch over the generated paths), with the API key and seat token. */

import createClient, { type Client } from "openapi-fetch";

import type { paths } from "./openapi.js";
import type { Problem } from "./types.js";

export type Api = Client<paths>;

export interface ClientOptions {
  /** The service's address, such as `http://127.0.0.1:8000` (no `/v1`). */
  baseUrl: string;
  /** Sent as `X-API-Key`, for a server run with `ESCOPA_API_KEYS` (creating games needs it). */
  apiKey?: string | undefined;
  /** A seat's secret token, sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** Another `fetch` (for tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
}

/** The headers a request carries for these options. */
export function authHeaders(options: ClientOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.apiKey !== undefined) headers["X-API-Key"] = options.apiKey;
  if (options.token !== undefined) headers["Authorization"] = `Bearer ${options.token}`;
  return headers;
}

/** A client of every operation of the document, typed from its paths. */
export function createApi(options: ClientOptions): Api {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: authHeaders(options),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}

/** A refusal from the service: the HTTP status and its RFC 9457 problem (its stable `code`). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
  }

  get code(): string {
    return this.problem.code;
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body, or an `ApiError` for a refusal (a body that is no problem gets one made up). */
export function unwrap<T>(answer: Answer<T>): T {
  const { data, error, response } = answer;
  if (response.ok && data !== undefined) return data;
  throw new ApiError(response.status, asProblem(error, response));
}

function asProblem(error: unknown, response: Response): Problem {
  if (typeof error === "object" && error !== null && "code" in error && "detail" in error) {
    return error as Problem;
  }
  return {
    type: "about:blank",
    title: response.statusText,
    status: response.status,
    detail: typeof error === "string" ? error : `HTTP ${response.status}`,
    code: `http/${response.status}`,
    instance: null,
    field: null,
    index: null,
  };
}
