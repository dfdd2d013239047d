import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { CliEnvironment } from "./terminal.js";

/**
 * Where Codex keeps the user's files (the global AGENTS.md, the sessions): `$CODEX_HOME`,
 * resolved against the command's folder, else `~/.codex`.
 */
export function codexHome(environment: Pick<CliEnvironment, "env" | "cwd">): string {
  const { env, cwd } = environment;
  return env.CODEX_HOME === undefined
    ? join(env.HOME ?? homedir(), ".codex")
    : resolve(cwd, env.CODEX_HOME);
}
