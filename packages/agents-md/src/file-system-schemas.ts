import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import type { AgentsMdFileSystem, PathApi } from "./file-system.js";

/** Whether `value` is an object whose members `names` are functions. */
export function hasFunctions(
  value: unknown,
  names: readonly string[],
): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === "function")
  );
}

/** Accepts a path API such as `node:path`. */
export const pathApiSchema = lazySchema(() =>
  z.custom<PathApi>(
    (value) =>
      hasFunctions(value, ["join", "dirname", "isAbsolute", "relative", "resolve"]) &&
      typeof value.sep === "string",
    { message: "expected a path API such as node:path" },
  ),
);

/** Accepts an object with the members of {@link AgentsMdFileSystem}. */
export const fileSystemSchema = lazySchema(() =>
  z.custom<AgentsMdFileSystem>(
    (value) =>
      hasFunctions(value, ["stat", "realpath", "open", "readdir"]) &&
      pathApiSchema.safeParse(value.path).success,
    {
      message:
        "expected a file system with path, stat, realpath, open and readdir (on Node: createNodeFileSystem() of @ctx/agents-md/node)",
    },
  ),
);

/** The options of {@link AgentsMdFileSystem.open}. */
export const openOptionsSchema = lazySchema(() =>
  z.strictObject({ noFollow: z.boolean().optional() }),
);

/** A count of bytes: a whole number, 0 included. */
export const byteCountSchema = lazySchema(() =>
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
);

/** The options of {@link AgentsMdFileSystem.readdir}. */
export const readdirOptionsSchema = lazySchema(() =>
  z.strictObject({ maxEntries: byteCountSchema }),
);
