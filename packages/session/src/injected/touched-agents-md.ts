import type { CtxWarning } from "@ctx/text";

/** What `session.recordTouchedPaths` recorded. */
export interface TouchedAgentsMd {
  /** The folders whose AGENTS.md was recorded, in the order recorded (root first per path). */
  readonly directories: readonly string[];
  /** What the AGENTS.md loader reported on the way: a file cut to its budget, one unreadable. */
  readonly warnings: readonly CtxWarning[];
}
