import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkArgument } from "../check-argument.js";

/** Codex's home, and whether `CODEX_HOME` named it or it is the default. */
export interface CodexHome {
  readonly path: string;
  readonly source: "environment" | "default";
}

const environmentSchema = lazySchema(() =>
  z.looseObject({
    env: z.custom<Readonly<Record<string, string | undefined>>>(
      (value) => typeof value === "object" && value !== null,
      { message: "expected the environment variables, an object" },
    ),
    cwd: z.string().min(1),
  }),
);

/**
 * Where Codex keeps the user's files (`config.toml`, the global AGENTS.md, the skills, the
 * sessions): `CODEX_HOME`, resolved against `cwd`, else `.codex` in `HOME` (the system's home
 * when `HOME` is unset).
 *
 * @throws {CodexConfigError} `invalid-argument` when `environment` has no `env` and `cwd`
 * (other properties are left alone).
 */
export function codexHome(environment: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}): CodexHome {
  const { env, cwd } = checkArgument("environment", environment, environmentSchema);
  const fromEnvironment = env.CODEX_HOME;
  return fromEnvironment === undefined || fromEnvironment === ""
    ? { path: join(env.HOME ?? homedir(), ".codex"), source: "default" }
    : { path: resolve(cwd, fromEnvironment), source: "environment" };
}
