import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/** How much of one tool output the model is shown before the rest is cut. */
export interface TruncationPolicy {
  /** Whether `limit` counts UTF-8 bytes or tokens. */
  readonly mode: "bytes" | "tokens";
  /** The most the model is shown of one output. */
  readonly limit: number;
}

/**
 * The texts that fill a template's `{{ personality }}` placeholder: `default` when no
 * personality is given, and one per named personality. A missing message counts as empty.
 */
export interface PersonalityMessages {
  readonly default?: string;
  readonly friendly?: string;
  readonly pragmatic?: string;
}

/**
 * A model's own wording for parts of the permissions text, each used verbatim in place of the
 * library's text with only `{{ network_access }}` filled in. An empty string removes the part.
 */
export interface PermissionsTextOverrides {
  /** The sandbox sentence, per sandbox mode. */
  readonly sandbox?: {
    readonly readOnly?: string;
    readonly workspaceWrite?: string;
    readonly dangerFullAccess?: string;
  };
  /** The approval text for `on-request` (and its alias `on-failure`), per reviewer. */
  readonly approval?: {
    /** Used when the user reviews escalation requests. */
    readonly onRequest?: string;
    /** Used when `approvalsReviewer` is `auto_review`. */
    readonly onRequestAutoReview?: string;
  };
}

/** Everything a catalog knows about one model, apart from its slug and display name. */
export interface ModelFallback {
  /** The model's context window, in tokens. */
  readonly contextWindow: number;
  /** The token count at which a session compacts its history; at most `contextWindow`. */
  readonly autoCompactTokenLimit: number;
  /** The share of `contextWindow`, in percent, a session lets the history fill. */
  readonly effectiveContextWindowPercent: number;
  /** How tool output is cut for this model. */
  readonly truncationPolicy: TruncationPolicy;
  /** The instructions used when there is no template, or templating is switched off. */
  readonly baseInstructions: string;
  /** Instructions with a `{{ personality }}` placeholder; when present, always preferred. */
  readonly instructionsTemplate?: string;
  /** What fills the placeholder, per personality. */
  readonly personalityMessages?: PersonalityMessages;
  /** The model's own wording for parts of the permissions text. */
  readonly permissionsText?: PermissionsTextOverrides;
}

/** Where a catalog entry's figures come from: the provider's documentation page. */
export interface ModelSource {
  /** The page. */
  readonly url: string;
  /** The page's own words for the figures, as quoted from it. */
  readonly quote: string;
  /** How the entry's figures follow from the quote, when they are not read off it directly. */
  readonly note?: string;
}

/**
 * What a model costs at the provider's standard rate, in US dollars per million tokens, as its
 * page gives it (short-context rates where the page has tiers).
 */
export interface ModelPricing {
  /** Uncached input. */
  readonly input: number;
  /** Input read from the provider's prompt cache, when the page gives a price. */
  readonly cachedInput?: number;
  /** Input written to the prompt cache, for providers that bill cache writes. */
  readonly cacheWrite?: number;
  readonly output: number;
  /** The page the prices come from, in its own words. */
  readonly source: ModelSource;
}

/** One model of a catalog. */
export interface ModelInfo extends ModelFallback {
  /** The name the model is asked for by, such as `ctx-coder`. */
  readonly slug: string;
  /** The name shown to people. */
  readonly displayName: string;
  /** The documentation page the context window comes from. */
  readonly source?: ModelSource;
  /** The provider's prices, with the page they come from. */
  readonly pricing?: ModelPricing;
  /**
   * The page that says the provider answers prompt cache diagnostics for this model (OpenAI's
   * Responses API from GPT-5.6 on). Absent for a model whose requests must not ask for them:
   * the API refuses the field there.
   */
  readonly promptCacheDiagnostics?: ModelSource;
}

const positiveInteger = lazySchema(() => z.number().int().positive());

const truncationPolicySchema = lazySchema(() =>
  z.strictObject({
    mode: z.enum(["bytes", "tokens"]),
    limit: positiveInteger,
  }),
) satisfies z.ZodType<TruncationPolicy>;

const personalityMessagesSchema = lazySchema(() =>
  z.strictObject({
    default: z.string().exactOptional(),
    friendly: z.string().exactOptional(),
    pragmatic: z.string().exactOptional(),
  }),
) satisfies z.ZodType<PersonalityMessages>;

/** The schema of {@link PermissionsTextOverrides}; unknown fields are rejected. */
export const permissionsTextOverridesSchema = lazySchema(() =>
  z.strictObject({
    sandbox: z
      .strictObject({
        readOnly: z.string().exactOptional(),
        workspaceWrite: z.string().exactOptional(),
        dangerFullAccess: z.string().exactOptional(),
      })
      .exactOptional(),
    approval: z
      .strictObject({
        onRequest: z.string().exactOptional(),
        onRequestAutoReview: z.string().exactOptional(),
      })
      .exactOptional(),
  }),
) satisfies z.ZodType<PermissionsTextOverrides>;

const fallbackShape = {
  contextWindow: positiveInteger,
  autoCompactTokenLimit: positiveInteger,
  effectiveContextWindowPercent: lazySchema(() => z.number().int().min(1).max(100)),
  truncationPolicy: truncationPolicySchema,
  baseInstructions: lazySchema(() => z.string()),
  instructionsTemplate: lazySchema(() => z.string().exactOptional()),
  personalityMessages: lazySchema(() => personalityMessagesSchema.exactOptional()),
  permissionsText: lazySchema(() => permissionsTextOverridesSchema.exactOptional()),
};

const compactsWithinWindow = (entry: { autoCompactTokenLimit: number; contextWindow: number }) =>
  entry.autoCompactTokenLimit <= entry.contextWindow;

const compactsWithinWindowIssue = {
  message: "must not be larger than contextWindow",
  path: ["autoCompactTokenLimit"],
};

/** The schema of a {@link ModelFallback}; unknown fields are rejected. */
export const modelFallbackSchema = lazySchema(() =>
  z.strictObject(fallbackShape).refine(compactsWithinWindow, compactsWithinWindowIssue),
) satisfies z.ZodType<ModelFallback>;

/**
 * The fields of a model that its instructions come from, for checking the model a function is
 * given: other fields are let through unread, and an absent field may also be `undefined`.
 */
export const modelInstructionsSchema = lazySchema(() =>
  z.looseObject({
    baseInstructions: z.string(),
    instructionsTemplate: z.string().optional(),
    personalityMessages: personalityMessagesSchema.optional(),
  }),
);

const modelSourceSchema = lazySchema(() =>
  z.strictObject({
    url: z.url({ protocol: /^https$/ }),
    quote: z.string().min(1),
    note: z.string().min(1).exactOptional(),
  }),
) satisfies z.ZodType<ModelSource>;

const price = lazySchema(() => z.number().nonnegative().finite());

/** The schema of a {@link ModelPricing}; unknown fields are rejected. */
export const modelPricingSchema = lazySchema(() =>
  z.strictObject({
    input: price,
    cachedInput: price.exactOptional(),
    cacheWrite: price.exactOptional(),
    output: price,
    source: modelSourceSchema,
  }),
) satisfies z.ZodType<ModelPricing>;

/** The schema of a {@link ModelInfo}; unknown fields are rejected, so a misspelt one is found. */
export const modelInfoSchema = lazySchema(() =>
  z
    .strictObject({
      slug: z.string().min(1),
      displayName: z.string().min(1),
      ...fallbackShape,
      source: modelSourceSchema.exactOptional(),
      pricing: modelPricingSchema.exactOptional(),
      promptCacheDiagnostics: modelSourceSchema.exactOptional(),
    })
    .refine(compactsWithinWindow, compactsWithinWindowIssue),
) satisfies z.ZodType<ModelInfo>;
