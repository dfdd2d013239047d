import { homedir } from "node:os";
import { join } from "node:path";
import type { CliEnvironment } from "./terminal.js";

/** Where Codex keeps its files for the user (the global AGENTS.md, sessions): `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(env: CliEnvironment["env"]): string {
  return env.CODEX_HOME ?? join(env.HOME ?? homedir(), ".codex");
}
