/** `escopa serve` as a real process for the tests: a free port, its own Redis, an API key. */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root, from `clients/typescript/dist/test/`. */
export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const API_KEY = "client-tests-key";

export interface Served {
  baseUrl: string;
  apiKey: string;
  port: number;
  /** The folder of its Redis's data and its signing key. */
  data: string;
  /** Stop the server, and delete its data unless `keep` (to start it again on them). */
  stop(keep?: boolean): Promise<void>;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `escopa serve` (ESCOPA_BIN, else the project's `.venv/bin/escopa`) without REDIS_URL, so it
 * starts its own redis-server in a temporary folder; creating games needs `API_KEY`; no rate
 * limits (the tests play many moves quickly).
 */
export async function serve(at: { port?: number; data?: string } = {}): Promise<Served> {
  const data = at.data ?? (await mkdtemp(join(tmpdir(), "escopa-client-")));
  const port = at.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ESCOPA_API_KEYS: API_KEY,
    ESCOPA_RATE_LIMIT: "0",
    ESCOPA_CREATE_RATE_LIMIT: "0",
  };
  delete env["REDIS_URL"];
  const escopa = process.env["ESCOPA_BIN"] ?? join(ROOT, ".venv", "bin", "escopa");
  const args = ["serve", "--port", String(port), "--data-dir", join(data, "redis")];
  const child = spawn(escopa, [...args, "--log-level", "warning"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const orphaned = (): boolean => child.kill("SIGTERM"); // the test process exits first
  process.once("exit", orphaned);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => process.exit(1)); // and so "exit": the server is stopped too
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  await ready(baseUrl, child, () => output);
  return {
    baseUrl,
    apiKey: API_KEY,
    port,
    data,
    async stop(keep = false) {
      process.off("exit", orphaned);
      await stopped(child);
      if (!keep) await rm(data, { recursive: true, force: true });
    },
  };
}

async function ready(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`escopa serve exited at start: ${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`escopa serve was not ready in 30 s: ${output()}`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
