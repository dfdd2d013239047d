import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { budgetSchema } from "./agents-md-options.js";
import type { AgentsMdWarning } from "./agents-md-warning.js";
import type {
  AgentsMdEnvironment,
  AgentsMdImport,
  LoadedAgentsMdData,
} from "./loaded-agents-md-data.js";

const count = lazySchema(() => z.number().int().min(0));

const cutSchema = lazySchema(() =>
  z.strictObject({ at: count, droppedBytes: count, splitCharacter: z.boolean() }),
);

const importSchema: z.ZodType<AgentsMdImport> = lazySchema(() =>
  z.lazy(() =>
    z.strictObject({
      reference: z.string(),
      path: z.string(),
      realPath: z.string(),
      identity: z.string(),
      bytes: count,
      bytesRead: count,
      imports: z.array(importSchema).readonly(),
    }),
  ),
);

const provenanceShape = {
  path: lazySchema(() => z.string().min(1)),
  identity: lazySchema(() => z.string()),
  text: lazySchema(() => z.string()),
  bytes: count,
  bytesRead: count,
  keptBytes: count,
  cut: lazySchema(() => cutSchema.nullable()),
  imports: lazySchema(() => z.array(importSchema).readonly()),
};

const environmentSchema = lazySchema(() =>
  z.strictObject({
    id: z.string().min(1),
    cwd: z.string().min(1),
    requestedCwd: z.string().min(1),
    root: z.string().min(1).nullable(),
    directories: z.array(z.string()).readonly(),
    candidateFilenames: z.array(z.string()).readonly(),
    maxBytes: count,
    usedBytes: count,
    budget: budgetSchema,
  }),
) satisfies z.ZodType<AgentsMdEnvironment>;

const failureSchema = lazySchema(() =>
  z.enum(["not-found", "permission-denied", "symlink-loop", "not-a-file", "changed", "io-error"]),
);

const warningBase = {
  message: lazySchema(() => z.string()),
  path: lazySchema(() => z.string()),
  environment: lazySchema(() => z.string().nullable()),
};

const warningSchema = lazySchema(() =>
  z.discriminatedUnion("code", [
    z.strictObject({
      ...warningBase,
      code: z.literal("file-cut"),
      limit: z.enum(["budget", "global-cap"]),
      bytes: count,
      keptBytes: count,
      droppedBytes: count,
      splitCharacter: z.boolean(),
    }),
    z.strictObject({ ...warningBase, code: z.literal("file-dropped"), droppedBytes: count }),
    z.strictObject({
      ...warningBase,
      code: z.literal("file-skipped"),
      reason: z.enum(["white-space-only", "blank-within-budget", "not-a-file"]),
      bytes: count,
    }),
    z.strictObject({
      ...warningBase,
      code: z.literal("read-failed"),
      operation: z.enum(["stat", "read"]),
      reason: failureSchema,
      errorCode: z.string().nullable(),
    }),
    z.strictObject({ ...warningBase, code: z.literal("invalid-utf8") }),
    z.strictObject({ ...warningBase, code: z.literal("binary-file") }),
    z.strictObject({
      ...warningBase,
      code: z.literal("import-failed"),
      reference: z.string(),
      target: z.string().nullable(),
      reason: z.union([
        failureSchema,
        z.enum(["outside-root", "too-deep", "cycle", "not-a-path", "binary-file"]),
      ]),
      count: count.min(1),
    }),
    z.strictObject({ ...warningBase, code: z.literal("import-limit"), limit: count }),
    z.strictObject({ ...warningBase, code: z.literal("home-not-a-directory") }),
  ]),
) satisfies z.ZodType<AgentsMdWarning>;

/**
 * The data of a `LoadedAgentsMd`, as `JSON.stringify` writes it: checked field by field, so that
 * data read back from disk is what discovery produced, or a typed error.
 */
export const loadedAgentsMdDataSchema = lazySchema(() =>
  z.strictObject({
    global: z.strictObject({ ...provenanceShape, scope: z.literal("global") }).nullable(),
    entries: z
      .array(
        z.strictObject({
          ...provenanceShape,
          scope: z.literal("project"),
          environment: z.string().min(1),
          cwd: z.string().min(1),
        }),
      )
      .readonly(),
    environments: z.array(environmentSchema).readonly(),
    warnings: z.array(warningSchema).readonly(),
  }),
) satisfies z.ZodType<LoadedAgentsMdData>;
