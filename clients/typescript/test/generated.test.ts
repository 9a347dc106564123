/** The committed types are what openapi-typescript makes of the committed OpenAPI document. */

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

import { ROOT } from "./server.js";

test("the generated types match openapi/openapi.json (make clients regenerates them)", async () => {
  const folder = await mkdtemp(join(tmpdir(), "escopa-types-"));
  try {
    const out = join(folder, "openapi.ts");
    const generator = join(ROOT, "node_modules", ".bin", "openapi-typescript");
    await promisify(execFile)(generator, [join(ROOT, "openapi", "openapi.json"), "--output", out]);
    const committed = await readFile(join(ROOT, "clients", "typescript", "src", "openapi.ts"), "utf8");
    assert.ok(committed === (await readFile(out, "utf8")), "src/openapi.ts drifted: run `make clients`");
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
