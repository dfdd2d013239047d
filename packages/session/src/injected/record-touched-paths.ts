import {
  type AgentsMdFileSystem,
  createAgentsMdTracker,
  type LoadedAgentsMd,
} from "@ctx/agents-md";
import { type CtxWarning, describeWrongArgument } from "@ctx/text";
import { contextEntry } from "../envelope/context-entry.js";
import { createContextMessage } from "../envelope/context-message.js";
import { itemRecord } from "../log/session-records.js";
import { SessionError } from "../session-error.js";
import type { SessionParts } from "../session-parts.js";
import { nestedAgentsMd } from "./nested-agents-md.js";
import type { TouchedAgentsMd } from "./touched-agents-md.js";

/** The AGENTS.md the latest turn sent, and the file system it was read from when known. */
export interface TurnAgentsMd {
  readonly loaded: LoadedAgentsMd;
  readonly fs: AgentsMdFileSystem | undefined;
}

/**
 * Records, as context after what the history holds, the AGENTS.md of each folder on the way
 * from the project root to each of `paths` that neither the turn's discovery loaded nor the
 * history shows already (see `NestedAgentsMdIndex`): one `nested_agents_md` message per
 * file. A fresh tracker is asked each time, so what was handed out is never remembered outside
 * the history: after a resume or a fork, and after a compaction left a block out, a touched
 * folder's file is handed out again exactly when the history does not show it.
 *
 * @throws {SessionError} `invalid-argument` when the turn's AGENTS.md was given loaded and no
 * `fs` says which file system to read.
 */
export async function recordTouchedPaths(
  parts: SessionParts,
  turn: TurnAgentsMd | undefined,
  paths: readonly string[],
  fs: AgentsMdFileSystem | undefined,
): Promise<TouchedAgentsMd> {
  if (turn === undefined || paths.length === 0) return { directories: [], warnings: [] };
  const files = fs ?? turn.fs;
  if (files === undefined) {
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument(
        "options",
        "fs: the turn's AGENTS.md was given loaded, so say which file system to read it from",
      ),
    );
  }
  const { loaded } = turn;
  const trackers = loaded.environments.map(({ id, cwd }) => ({
    cwd,
    tracker: createAgentsMdTracker(loaded, { fs: files, environment: id }),
  }));
  const shown = parts.nestedAgentsMd.blocks(parts.state.entries);
  const directories = new Set<string>();
  const warnings: CtxWarning[] = [];
  const records = [];
  for (const path of paths) {
    for (const { cwd, tracker } of trackers) {
      const folder = await isFolder(files, files.path.resolve(cwd, path));
      const batch = await (folder ? tracker.forDirectory(path) : tracker.forPath(path));
      warnings.push(...batch.warnings);
      for (const entry of batch.entries) {
        const directory = files.path.dirname(entry.path);
        if (entry.text === "" || shown.has(directory) || directories.has(directory)) continue;
        directories.add(directory);
        const fragment = nestedAgentsMd.create({ directory, text: entry.text });
        records.push(
          itemRecord(contextEntry(createContextMessage("user", [fragment], parts.envelopeOptions))),
        );
      }
    }
  }
  if (records.length > 0) await parts.commit(records);
  return { directories: [...directories], warnings };
}

/** Whether `path` names a folder; a path that does not exist yet is taken for a file's. */
async function isFolder(fs: AgentsMdFileSystem, path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).kind === "directory";
  } catch {
    return false;
  }
}
