import { checkSchema } from "./check-argument.js";
import type { LoadedAgentsMdData } from "./loaded-agents-md-data.js";
import { loadedAgentsMdDataSchema } from "./loaded-agents-md-schema.js";
import { renderAgentsMdText } from "./render-agents-md-text.js";

/** The AGENTS.md instructions found for a turn: data, plus the text the model sees. */
export interface LoadedAgentsMd extends LoadedAgentsMdData {
  /**
   * The directory to name in the fragment header: the working directory when exactly one
   * environment contributed project files; `null` when several did, or only the global file.
   */
  readonly directory: string | null;
  /**
   * The model-visible text: the global text, then `\n\n--- project-doc ---\n\n` when project
   * files follow it, then the project files joined by `\n\n`. When project files come from two
   * or more environments, each environment's group is labelled instead (no project-doc marker).
   */
  text(): string;
  /** The files that supplied text: the global file first, then the project files in order. */
  sources(): string[];
  /** Whether nothing was found (no global file and no project file). */
  isEmpty(): boolean;
  /** The plain data, for `JSON.stringify`. */
  toJSON(): LoadedAgentsMdData;
}

/**
 * Builds a {@link LoadedAgentsMd} from its data, for instance data saved with `JSON.stringify`;
 * discovery builds its results the same way. The data is checked field by field.
 *
 * @throws {AgentsMdError} `invalid-argument` naming the first field that is not what discovery
 * writes (`data.entries[0].bytes`, say).
 *
 * @example
 * ```ts
 * const again = createLoadedAgentsMd(JSON.parse(JSON.stringify(loaded)));
 * again.text() === loaded.text(); // true
 * ```
 */
export function createLoadedAgentsMd(data: LoadedAgentsMdData): LoadedAgentsMd {
  return buildLoadedAgentsMd(checkSchema("data", data, loadedAgentsMdDataSchema));
}

/** {@link createLoadedAgentsMd} for data discovery made itself, which needs no check. */
export function buildLoadedAgentsMd(data: LoadedAgentsMdData): LoadedAgentsMd {
  const plain: LoadedAgentsMdData = {
    global: data.global,
    entries: data.entries,
    environments: data.environments,
    warnings: data.warnings,
  };
  const text = renderAgentsMdText(data.global, data.entries);
  const contributing = new Set(data.entries.map((entry) => entry.environment));
  const directory = contributing.size === 1 ? (data.entries[0]?.cwd ?? null) : null;
  return Object.freeze({
    ...plain,
    directory,
    text: () => text,
    sources: () => [
      ...(data.global === null ? [] : [data.global.path]),
      ...data.entries.map((entry) => entry.path),
    ],
    isEmpty: () => data.global === null && data.entries.length === 0,
    toJSON: () => plain,
  });
}
