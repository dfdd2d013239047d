import { spawn } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverAgentsMd } from "../discover-agents-md.js";
import { createNodeFileSystem } from "../node/node-file-system.js";

/** The text of the file outside the root that an import must never inline. */
export const outsideSecret = "SECRET-OUTSIDE-THE-ROOT";

/** What {@link flippedDiscoveries} saw. */
export interface FlippedDiscoveries {
  /** Discoveries whose text held the outside file. */
  readonly leaks: number;
  /** Discoveries whose text held the inside target: proof that the race was real. */
  readonly inlined: number;
}

/**
 * Runs `rounds` discoveries of a real repository whose AGENTS.md imports `docs/swap.md`, while
 * another process flips that symlink between a file inside the root and one outside it as fast
 * as it can (a new link renamed over the old one). The folder and the process are gone when the
 * promise settles.
 */
export async function flippedDiscoveries(rounds: number): Promise<FlippedDiscoveries> {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), "agents-md-race-")));
  const docs = join(scratch, "repo", "docs");
  await mkdir(join(scratch, "outside"));
  await mkdir(join(scratch, "repo", ".git"), { recursive: true });
  await mkdir(docs);
  await writeFile(join(scratch, "outside", "secret.md"), outsideSecret);
  await writeFile(join(scratch, "repo", "AGENTS.md"), "rules @docs/swap.md");
  await writeFile(join(docs, "inside.md"), "inside");
  await symlink("inside.md", join(docs, "swap.md"));
  const script = `
    const { symlinkSync, renameSync } = require("node:fs");
    const docs = ${JSON.stringify(docs)};
    const targets = ["inside.md", "../../outside/secret.md"];
    for (let turn = 0; ; turn += 1) {
      symlinkSync(targets[turn % 2], docs + "/next.md");
      renameSync(docs + "/next.md", docs + "/swap.md");
    }`;
  const flipper = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  try {
    let leaks = 0;
    let inlined = 0;
    for (let round = 0; round < rounds; round += 1) {
      const loaded = await discoverAgentsMd({
        cwd: join(scratch, "repo"),
        imports: true,
        fs: createNodeFileSystem(),
      });
      if (loaded.text().includes(outsideSecret)) leaks += 1;
      if (loaded.text().includes("inside")) inlined += 1;
    }
    return { leaks, inlined };
  } finally {
    flipper.kill();
    await rm(scratch, { recursive: true, force: true });
  }
}
