import { execFile } from "node:child_process";
import { cp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { agentsTreePath } from "@ctx/fixtures";
import type { TreeEntry } from "./scenario.js";

const run = promisify(execFile);

/** Writes `entries` under `base`, in order: files, folders, symlinks, FIFOs, fixture trees and removals. */
export async function buildTree(base: string, entries: readonly TreeEntry[]): Promise<void> {
  for (const entry of entries) {
    const path = join(base, entry.path);
    await mkdir(dirname(path), { recursive: true });
    if ("text" in entry) await writeFile(path, entry.text);
    else if ("base64" in entry) await writeFile(path, Buffer.from(entry.base64, "base64"));
    else if ("directory" in entry) await mkdir(path, { recursive: true });
    else if ("symlink" in entry) await symlink(entry.symlink, path);
    else if ("fifo" in entry) await run("mkfifo", [path]);
    else if ("remove" in entry) await rm(path, { recursive: true, force: true });
    else {
      await cp(agentsTreePath(entry.fixtureTree), path, { recursive: true });
      await mkdir(join(path, ".git"));
    }
  }
}
