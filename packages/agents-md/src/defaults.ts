/**
 * The defaults of discovery, as the reference design has them (plus the cap on the global file
 * and the import depth, which it does not have).
 */
export const agentsMdDefaults = Object.freeze({
  /** The environment id of {@link discoverAgentsMd}. */
  environment: "local",
  /** The project byte budget per environment: 32 KiB. */
  maxBytes: 32_768,
  /** The cap on the global file: 1 MiB, far above any real one, to stop a pathological file. */
  maxGlobalBytes: 1_048_576,
  /** A directory holding one of these is the project root. */
  rootMarkers: Object.freeze([".git"]),
  /** Root first, as the reference does. */
  budget: "root-first",
  /** How deep `@path` imports may nest. */
  importDepth: 5,
  /** The most `@path` imports one discovery tries; past it references stay as written. */
  maxImports: 128,
  /** The ceiling of every byte budget and cap (64 MiB), which keeps memory bounded. */
  maxBudgetBytes: 67_108_864,
  /** The local override, looked for first in every directory. */
  overrideFilename: "AGENTS.override.md",
  /** The standard name, looked for second. */
  filename: "AGENTS.md",
} as const);
