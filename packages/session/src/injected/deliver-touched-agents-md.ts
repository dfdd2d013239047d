import type { ToolOutput } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import { checkSchema } from "../check-argument.js";
import type { Session } from "../session.js";
import type { ToolCall } from "../turn/tool-call.js";
import { touchedPathsSchema } from "./touched-paths-schema.js";

/** What a caller of `runTurn` says a tool call touched: the paths it read, wrote or listed. */
export type TouchedPaths = (
  call: ToolCall,
  output: ToolOutput,
) => readonly string[] | Promise<readonly string[]>;

/**
 * Asks `touchedPaths` which paths `call` touched once its `output` is recorded, and has the
 * session record the AGENTS.md of those folders it has not shown yet; returns the loader's
 * warnings.
 *
 * @throws {SessionError} naming `touchedPaths` when it resolves to something else than an array
 * of non-empty strings: nothing more is recorded.
 */
export async function deliverTouchedAgentsMd(
  session: Session,
  touchedPaths: TouchedPaths,
  call: ToolCall,
  output: ToolOutput,
): Promise<readonly CtxWarning[]> {
  const paths = checkSchema("touchedPaths", await touchedPaths(call, output), touchedPathsSchema);
  if (paths.length === 0) return [];
  return (await session.recordTouchedPaths(paths)).warnings;
}
