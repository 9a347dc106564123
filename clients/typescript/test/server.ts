/** `escopa serve` as a real process for the tests: a free port, its own Redis, an API key. */

import { type ChildProcess, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
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

/** How far below the system's ephemeral range a server's port is drawn (as the Python tests'). */
const PORTS_BELOW_EPHEMERAL = 16384;
const EPHEMERAL_RANGE = "/proc/sys/net/ipv4/ip_local_port_range";
const handedOut = new Set<number>();

/**
 * A port nobody listens on now, drawn below the system's ephemeral range: the system hands
 * ephemeral ports to outgoing connections, and a client that connects to such a port while
 * its server is down (starting, restarting) can take it, or even connect to itself.
 */
export async function freePort(): Promise<number> {
  const top = await ephemeralStart();
  const first = Math.max(1024, top - PORTS_BELOW_EPHEMERAL);
  for (let tries = 0; tries < 100 && first < top; tries++) {
    const port = randomInt(first, top);
    if (!handedOut.has(port) && (await bindable(port))) {
      handedOut.add(port);
      return port;
    }
  }
  return listenOn(0); // no room below the range: any port the system gives
}

/** The first port of the system's ephemeral range (Linux's default where unknown). */
async function ephemeralStart(): Promise<number> {
  try {
    const first = Number.parseInt((await readFile(EPHEMERAL_RANGE, "utf8")).trim(), 10);
    return Number.isInteger(first) && first > 1024 ? first : 32768;
  } catch {
    return 32768;
  }
}

async function bindable(port: number): Promise<boolean> {
  return listenOn(port).then(
    () => true,
    () => false,
  );
}

/** Listen on `port` of the loopback (0: any) and close again: the port listened on. */
function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, "127.0.0.1", () => {
      const address = probe.address();
      const bound = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(bound));
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
