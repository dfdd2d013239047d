// @ts-check
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/**
 * Gives the tests of the current file (or `describe`) a fresh folder under the system's temporary
 * one, named from `prefix`, and removes it afterwards: one folder for each test, or with
 * `{ per: "file" }` one for them all. Call the returned function for the folder's path.
 * @param {string} prefix
 * @param {{ per?: "test" | "file" }} [options]
 * @returns {() => string}
 */
export function useTemporaryFolder(prefix, options = {}) {
  const [before, after] = options.per === "file" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  let folder = "";
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  });
  after(async () => {
    if (folder !== "") await rm(folder, { recursive: true, force: true });
  });
  return () => folder;
}
