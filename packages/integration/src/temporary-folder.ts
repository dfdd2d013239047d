import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/**
 * Gives each test of the file a fresh folder under the system's temporary one, named from
 * `prefix` and removed after the test; call the returned function for the current test's path.
 */
export function useTemporaryFolder(prefix: string): () => string {
  let folder = "";
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  return () => folder;
}
