import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkArgument } from "./check-argument.js";

/**
 * Where one configuration value came from: a line of a file (the user's `config.toml`, a
 * profile's `<name>.config.toml`, named by `profile`, or a trusted project's own
 * `.codex/config.toml`, named by `project`), a `-c key=value` override, the project's
 * trust level (the trust-aware defaults of the sandbox and the approval policy), or Codex's
 * default.
 */
export type ConfigSource =
  | {
      readonly kind: "file";
      readonly path: string;
      /** The line, from 1, of the key or table that set the value. */
      readonly line: number;
      /** The profile whose file this is; absent for the user's `config.toml`. */
      readonly profile?: string;
      /** The trusted project (as its trust entry writes it) whose `.codex/config.toml` this is. */
      readonly project?: string;
    }
  | { readonly kind: "override"; readonly override: string }
  | {
      readonly kind: "trust";
      /** The project entry that decided, as written in `[projects."<path>"]`. */
      readonly project: string;
      readonly level: "trusted" | "untrusted";
    }
  | { readonly kind: "default" };

/**
 * `source` in words, for a person: `/home/me/.codex/config.toml:3`, `profile work
 * (/home/me/.codex/work.config.toml:2)`, `project /repo (/repo/.codex/config.toml:1)`, `-c sandbox_mode="read-only"`, `trusted project
 * /repo`, `default`.
 */
export function describeConfigSource(source: ConfigSource): string {
  checkArgument("source", source, sourceSchema);
  switch (source.kind) {
    case "file":
      if (source.profile !== undefined)
        return `profile ${source.profile} (${source.path}:${source.line})`;
      if (source.project !== undefined)
        return `project ${source.project} (${source.path}:${source.line})`;
      return `${source.path}:${source.line}`;
    case "override":
      return `-c ${source.override}`;
    case "trust":
      return `${source.level} project ${source.project}`;
    case "default":
      return "default";
  }
}

const sourceSchema = lazySchema(() =>
  z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("file"),
      path: z.string(),
      line: z.number().int().positive(),
      profile: z.string().optional(),
      project: z.string().optional(),
    }),
    z.object({ kind: z.literal("override"), override: z.string() }),
    z.object({
      kind: z.literal("trust"),
      project: z.string(),
      level: z.enum(["trusted", "untrusted"]),
    }),
    z.object({ kind: z.literal("default") }),
  ]),
);
