import type { AgentsMdWarning } from "./agents-md-warning.js";

/** Where and how a file was cut. */
export interface AgentsMdCut {
  /** The byte offset where the kept text stops (with imports: in the expanded text). */
  readonly at: number;
  /** The bytes left out, as far as known. */
  readonly droppedBytes: number;
  /** Whether the cut fell inside a character, which then shows as U+FFFD. */
  readonly splitCharacter: boolean;
}

/** A file inlined through an `@path` import, with the imports it made in turn. */
export interface AgentsMdImport {
  /** The reference as written, without the `@`. */
  readonly reference: string;
  /** The absolute path the reference resolved to. */
  readonly path: string;
  /** That path with every symlink resolved (what the sandbox check used). */
  readonly realPath: string;
  /** The file's identity (see `FileStat.identity`). */
  readonly identity: string;
  /** Its size in bytes, as far as known. */
  readonly bytes: number;
  /** The bytes read from it (no more than the budget allowed). */
  readonly bytesRead: number;
  /** Its own imports, in the order they appear. */
  readonly imports: readonly AgentsMdImport[];
}

/** What every loaded file records about itself. */
export interface AgentsMdFileProvenance {
  /** The file as found: the search directory joined with the candidate name (not resolved). */
  readonly path: string;
  /** The file's identity (see `FileStat.identity`). */
  readonly identity: string;
  /** The model-visible text of this file (cut, imports inlined, note added when asked). */
  readonly text: string;
  /** The file's size in bytes, as far as known. */
  readonly bytes: number;
  /** The bytes read from the file (never much more than the budget allows). */
  readonly bytesRead: number;
  /** The bytes of the file (with imports: of the expanded text) that `text` holds. */
  readonly keptBytes: number;
  /** `null`, or where the file was cut. */
  readonly cut: AgentsMdCut | null;
  /** The `@path` imports inlined into `text`; empty when imports are off. */
  readonly imports: readonly AgentsMdImport[];
}

/** The global (home-folder) instructions: trimmed, and outside the project budget. */
export interface AgentsMdGlobalEntry extends AgentsMdFileProvenance {
  readonly scope: "global";
}

/** One project AGENTS.md file, from one environment. */
export interface AgentsMdEntry extends AgentsMdFileProvenance {
  readonly scope: "project";
  /** The environment it was found in. */
  readonly environment: string;
  /** That environment's working directory (physical path). */
  readonly cwd: string;
}

/** How discovery went in one environment. */
export interface AgentsMdEnvironment {
  /** The environment's id (`local` unless given). */
  readonly id: string;
  /** The working directory searched: the physical path, every symlink resolved. */
  readonly cwd: string;
  /** The working directory as given. */
  readonly requestedCwd: string;
  /** The project root (the nearest directory holding a root marker), or `null` if none. */
  readonly root: string | null;
  /** The directories searched, root first. */
  readonly directories: readonly string[];
  /** The names looked for in each directory, in order. */
  readonly candidateFilenames: readonly string[];
  /** The byte budget of this environment's project files (0: project files off). */
  readonly maxBytes: number;
  /** The bytes of it spent. */
  readonly usedBytes: number;
  /** Which files the budget was given to first. */
  readonly budget: BudgetPolicy;
}

/**
 * How the byte budget is shared out. `root-first` (the reference): the root file is served
 * first, so a large root file starves the files nearer the working directory.
 * `nearest-first`: the file nearest the working directory is served first. Either way the text
 * keeps the root-to-cwd order.
 */
export type BudgetPolicy = "root-first" | "nearest-first";

/** The data of a `LoadedAgentsMd`: what `JSON.stringify` gives back. */
export interface LoadedAgentsMdData {
  /** The global instructions, or `null` when there are none. */
  readonly global: AgentsMdGlobalEntry | null;
  /** The project files, environment by environment, each root first. */
  readonly entries: readonly AgentsMdEntry[];
  /** One record per environment searched, in the order given. */
  readonly environments: readonly AgentsMdEnvironment[];
  /** Every limit reached and problem worked around, in the order met. */
  readonly warnings: readonly AgentsMdWarning[];
}
