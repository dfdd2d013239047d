import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { CliEnvironment } from "./terminal.js";

/** Codex's home, and whether `$CODEX_HOME` named it or it is the default. */
export interface CodexHome {
  readonly path: string;
  readonly source: "environment" | "default";
}

/**
 * Where Codex keeps the user's files (the global AGENTS.md, config.toml, the skills, the
 * sessions): `$CODEX_HOME`, resolved against the command's folder, else `~/.codex`.
 */
export function codexHome(environment: Pick<CliEnvironment, "env" | "cwd">): CodexHome {
  const { env, cwd } = environment;
  return env.CODEX_HOME === undefined
    ? { path: join(env.HOME ?? homedir(), ".codex"), source: "default" }
    : { path: resolve(cwd, env.CODEX_HOME), source: "environment" };
}
