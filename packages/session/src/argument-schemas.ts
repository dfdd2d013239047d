import type { Fragment } from "@ctx/fragments";
import type { ModelCatalog } from "@ctx/prompts";
import { lazySchema } from "@ctx/protocol/internal";
import type { RequestBodyMapping } from "@ctx/protocol/mapping";
import type { Registry, StateSummarizer } from "@ctx/registry";
import type { RolloutStore } from "@ctx/rollout";
import { z } from "zod";
import { compactionOptionsSchema } from "./compaction/compaction-options.js";
import { historyEntrySchema } from "./log/session-records.js";
import { tokenizerSchema } from "./tokens/tokenizer.js";

const hasMethods = (value: unknown, methods: readonly string[]): value is object =>
  typeof value === "object" &&
  value !== null &&
  methods.every((method) => typeof Reflect.get(value, method) === "function");

/** A registry from `@ctx/registry`, passed through as it is. */
export const registrySchema = lazySchema(() =>
  z.custom<Registry>(
    (value) =>
      hasMethods(value, ["get", "classify", "isContextualUserMessage"]) &&
      Array.isArray(Reflect.get(value, "kinds")),
    "expected a registry from @ctx/registry",
  ),
);

/** A fragment made by a kind's `create`, passed through as it is. */
const fragmentSchema = lazySchema(() =>
  z.custom<Fragment>((value) => {
    if (!hasMethods(value, ["render"])) return false;
    const kind: unknown = Reflect.get(value, "kind");
    return (
      typeof kind === "object" &&
      kind !== null &&
      typeof Reflect.get(kind, "type") === "string" &&
      typeof Reflect.get(kind, "role") === "string"
    );
  }, "expected a fragment made by a fragment kind's create"),
);

/** The fragments an envelope builder takes. */
export const fragmentsSchema = lazySchema(() => z.array(fragmentSchema));

/** A role a fragment kind can have. */
export const fragmentRoleSchema = lazySchema(() => z.enum(["developer", "user", "assistant"]));

/** How fragments sharing a message are joined. */
export const separatorSchema = lazySchema(() => z.enum(["blank-line", "none"]));

/** The options of an envelope builder. */
export const envelopeOptionsSchema = lazySchema(() =>
  z.strictObject({ separator: separatorSchema.optional() }),
);

/** A rollout store, passed through as it is. */
export const rolloutStoreSchema = lazySchema(() =>
  z.custom<RolloutStore>(
    (value) => hasMethods(value, ["create", "append", "read"]),
    "expected a rollout store",
  ),
);

/** The options a new, resumed or forked session shares. */
export const sessionOptionsShape = {
  registry: lazySchema(() => registrySchema.optional()),
  catalog: lazySchema(() =>
    z
      .custom<ModelCatalog>(
        (value) => hasMethods(value, ["get", "has"]),
        "expected a model catalog from @ctx/prompts",
      )
      .optional(),
  ),
  baseInstructions: lazySchema(() => z.string().optional()),
  separator: lazySchema(() => separatorSchema.optional()),
  history: lazySchema(() => z.array(historyEntrySchema).optional()),
  summarizer: lazySchema(() =>
    z
      .custom<StateSummarizer>(
        (value) => typeof value === "function",
        "expected a summarizer function",
      )
      .optional(),
  ),
  compaction: lazySchema(() => compactionOptionsSchema.optional()),
  tokenizer: lazySchema(() => tokenizerSchema.optional()),
  autoCompactTokenLimit: lazySchema(() => z.number().int().positive().optional()),
  contextWindow: lazySchema(() => z.number().int().positive().optional()),
  clock: lazySchema(() =>
    z
      .custom<() => number>((value) => typeof value === "function", "expected a clock function")
      .optional(),
  ),
  requestBody: lazySchema(() =>
    z
      .custom<RequestBodyMapping>(
        (value) => hasMethods(value, ["body", "difference"]),
        "expected a request body mapping: { body, difference } functions (an adapter's messagesRequestBody, say)",
      )
      .optional(),
  ),
  toolOutputLimit: lazySchema(() =>
    z
      .union([
        z.literal(false),
        z.strictObject({ mode: z.enum(["bytes", "tokens"]), limit: z.number().int().positive() }),
      ])
      .optional(),
  ),
};

/** The schema of the options of `session.beginTurn` and `session.nextRequest`. */
export const requestOptionsSchema = lazySchema(() =>
  z.strictObject({ signal: z.instanceof(AbortSignal).optional() }),
);
