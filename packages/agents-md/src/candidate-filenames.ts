import { lazySchema } from "@ctx/protocol/internal";
import { trimWhiteSpace } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { agentsMdDefaults } from "./defaults.js";

const windowsDrive = /^[A-Za-z]:/;

/**
 * Whether `name` (trimmed) is a file name and nothing more: no separator (`/` or `\`), not `.`
 * or `..`, no NUL, no drive letter. An empty name passes (it is dropped).
 */
function isFileName(name: string): boolean {
  const trimmed = trimWhiteSpace(name);
  return (
    !/[/\\\0]/.test(trimmed) && trimmed !== "." && trimmed !== ".." && !windowsDrive.test(trimmed)
  );
}

/** A file name looked for in a directory: a name, never a path. */
export const fileNameSchema = lazySchema(() =>
  z.string().refine(isFileName, {
    message: "expected a file name, not a path: no / or \\, not . or .., no drive letter",
  }),
);

const fallbackFilenamesSchema = lazySchema(() => z.array(fileNameSchema).readonly());

/**
 * The names looked for in each directory, in order: `AGENTS.override.md`, `AGENTS.md`, then the
 * fallback names trimmed, with empty ones and repeats dropped.
 * @throws {AgentsMdError} `invalid-argument` when `fallbackFilenames` is not an array of file
 * names (a path such as `../../etc/passwd` is refused).
 */
export function candidateFilenames(fallbackFilenames: readonly string[] = []): string[] {
  const fallbacks = checkSchema("fallbackFilenames", fallbackFilenames, fallbackFilenamesSchema);
  const names: string[] = [agentsMdDefaults.overrideFilename, agentsMdDefaults.filename];
  for (const fallback of fallbacks) {
    const name = trimWhiteSpace(fallback);
    if (name !== "" && !names.includes(name)) names.push(name);
  }
  return names;
}
