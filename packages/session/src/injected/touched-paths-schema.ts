import type { AgentsMdFileSystem } from "@ctx/agents-md";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/** The paths a tool call touched: files or folders, absolute or relative to the environment's cwd. */
export const touchedPathsSchema = lazySchema(() =>
  z.array(z.string().min(1, "must name a file or a folder")),
);

/** Options of `session.recordTouchedPaths`. */
export interface TouchedPathsOptions {
  /**
   * The file system the AGENTS.md files are read from: the turn's `agentsMd.discover.fs` when
   * omitted; needed when the turn's AGENTS.md was given loaded.
   */
  readonly fs?: AgentsMdFileSystem;
}

/** The schema of {@link TouchedPathsOptions}. */
export const touchedPathsOptionsSchema = lazySchema(() =>
  z.strictObject({
    fs: z
      .custom<AgentsMdFileSystem>(
        (value) =>
          typeof value === "object" &&
          value !== null &&
          ["stat", "realpath", "open"].every(
            (method) => typeof Reflect.get(value, method) === "function",
          ) &&
          typeof Reflect.get(value, "path") === "object",
        "expected a file system from @ctx/agents-md",
      )
      .optional(),
  }),
);
