import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { codexHome } from "@ctx/codex-config/node";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { exportCodexRollout, resumeSession } from "@ctx/session";
import type { Command } from "commander";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";
import { sessionStoreFolder } from "./session-store-folder.js";
import type { CliEnvironment } from "./terminal.js";

interface ExportFlags {
  readonly store?: string;
  readonly codexHome?: string;
  readonly cwd?: string;
}

/**
 * Adds `ctx export SESSION [--store DIR] [--codex-home DIR] [--cwd DIR]`: a session of the @ctx
 * JSONL store written as a Codex rollout, for `codex exec resume` to continue.
 */
export function addExportCommand(program: Command, environment: CliEnvironment): void {
  program
    .command("export")
    .description(
      "write a session of an @ctx JSONL store as a Codex rollout that codex exec resume continues",
    )
    .argument("<SESSION>", "the id of the session in the store")
    .option("--store <DIR>", "the folder of the @ctx JSONL store (default: $CTX_SESSIONS)")
    .option("--codex-home <DIR>", "Codex's home folder (default: $CODEX_HOME, else ~/.codex)")
    .option("--cwd <DIR>", "the folder Codex continues in (default: the session's)")
    .action(async (sessionId: string, flags: ExportFlags) => {
      const folder = sessionStoreFolder(flags.store, environment);
      const home =
        flags.codexHome === undefined
          ? codexHome(environment).path
          : resolve(environment.cwd, flags.codexHome);
      const store = createJsonlRolloutStore(folder);
      try {
        const info = await store.info(sessionId);
        if (info === undefined) {
          throw new CliError("failure", `there is no session ${sessionId} in ${folder}`);
        }
        const session = await resumeSession(store, { sessionId });
        const cwd =
          flags.cwd === undefined
            ? (info.cwd ?? environment.cwd)
            : resolve(environment.cwd, flags.cwd);
        const exported = exportCodexRollout(session.history(), { cwd });
        const path = join(home, exported.path);
        try {
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, exported.text, { flag: "wx" });
        } catch (error) {
          throw fileFailure(error, path, "write");
        }
        environment.stdout.write(
          `Wrote ${path}.\nContinue it in Codex with: codex exec resume ${exported.threadId}\n`,
        );
      } finally {
        await store.close();
      }
    });
}
