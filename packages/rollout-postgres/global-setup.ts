import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server the tests use, or why there is none. */
    database: { readonly url: string } | { readonly unavailable: string };
  }
}

const run = promisify(execFile);
const script = fileURLToPath(new URL("./scripts/postgres-server.sh", import.meta.url));

/**
 * Gives the tests a PostgreSQL server: the one `CTX_TEST_DATABASE_URL` names (as
 * `scripts/postgres-server.sh run` sets it), else a throwaway one started here from the
 * machine's packages and stopped when the run ends.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.CTX_TEST_DATABASE_URL;
  if (given !== undefined && given !== "") {
    project.provide("database", { url: given });
    return async () => {};
  }
  const folder = await mkdtemp(join(tmpdir(), "ctx-postgres-test-"));
  try {
    const { stdout } = await run("bash", [script, "start", folder], { timeout: 180_000 });
    project.provide("database", { url: stdout.trim() });
  } catch (error) {
    project.provide("database", {
      unavailable: `no PostgreSQL server could be started: ${String(error)}`,
    });
  }
  return async () => {
    await run("bash", [script, "stop", folder]).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  };
}
