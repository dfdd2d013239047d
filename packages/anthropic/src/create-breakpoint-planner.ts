import type {
  CacheControlEphemeral,
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { takesCacheControl, withBreakpoint } from "./cache-breakpoints.js";
import { type CachePricing, longTtlPays } from "./long-ttl-pays.js";
import { checkSchema, provider } from "./provider.js";
import type { MessagesParams } from "./to-messages-params.js";

/** Options of {@link createBreakpointPlanner}. */
export interface BreakpointPlannerOptions {
  /**
   * The model's prices per million tokens (the catalog's `pricing` fits), which decide when the
   * 1-hour lifetime pays; Anthropic's multipliers of the input price when omitted.
   */
  readonly pricing?: CachePricing;
  /** `"priced"` (the default): the 1-hour lifetime where it pays; `"never"`: 5 minutes always. */
  readonly longTtl?: "priced" | "never";
}

/** What the caller knows of one request: when it goes, and whether an idle gap follows it. */
export interface BreakpointPlanOptions {
  /** When the request is sent, in milliseconds: the planner learns the gaps between requests. */
  readonly at?: number;
  /**
   * The caller expects more than 5 minutes and less than an hour before the next request (a
   * user away, a scheduled job): the planner weighs the 1-hour lifetime as certain to be used.
   */
  readonly idleAhead?: boolean;
  /** The lifetime to put, overriding the planner's choice (the one {@link BreakpointPlanner.ttl} gave). */
  readonly ttl?: "5m" | "1h";
}

/** A breakpoint planner for one conversation: see {@link createBreakpointPlanner}. */
export interface BreakpointPlanner {
  /** The lifetime the planner would give the next request now (what the session should be told). */
  ttl(options?: BreakpointPlanOptions): "5m" | "1h";
  /**
   * A copy of `params` (mapped with `cacheControl: false`) with its cache breakpoints placed; the
   * request becomes the one the next is planned against.
   */
  plan(params: MessagesParams, options?: BreakpointPlanOptions): MessagesParams;
}

const planOptionsSchema = lazySchema(() =>
  z.strictObject({
    at: z.number().finite().nonnegative().optional(),
    idleAhead: z.boolean().optional(),
    ttl: z.enum(["5m", "1h"]).optional(),
  }),
);

const plannerOptionsSchema = lazySchema(() =>
  z.strictObject({
    pricing: z
      .looseObject({
        input: z.number().nonnegative(),
        cachedInput: z.number().nonnegative().optional(),
        cacheWrite: z.number().nonnegative().optional(),
        cacheWriteLong: z.number().nonnegative().optional(),
      })
      .optional(),
    longTtl: z.enum(["priced", "never"]).optional(),
  }),
);

const paramsSchema = lazySchema(() =>
  z.looseObject({
    system: z.array(z.looseObject({ type: z.literal("text") })),
    messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })),
  }),
);

/** Where the previous request's last breakpoint stood, to find it again in the next. */
interface Anchor {
  readonly message: number;
  readonly block: number;
  /** The block's JSON (it has no `cache_control`: the planner marks copies). */
  readonly key: string;
  /** The request's tokens up to the anchor, estimated at four characters a token. */
  readonly tokens: number;
}

/**
 * Blocks after the previous request's end that a breakpoint may stand and still read it: the
 * cache looks back 20 blocks from a breakpoint, its own among them; one short of that.
 */
const reach = 18;
const fiveMinutes = 300_000;
const hour = 3_600_000;

/**
 * A cache breakpoint planner for one Claude conversation, the alternative to
 * `toMessagesParams`'s fixed placement: map each request with `cacheControl: false` and give it
 * to `plan`. Breakpoints go by stability: the first `system` block (the tools and the base
 * instructions, which survive a compaction), the last one (the opening context), and in the
 * conversation the last block, where the next request goes on, and, when the request added more
 * blocks than the cache looks back over, the previous request's last breakpoint, kept where it
 * was, so what was cached is read through it; four at most. Without a previous request to find
 * (the first, after a compaction or a resume), the message before the last is marked within 19
 * blocks of its start, as the fixed placement does.
 *
 * Every breakpoint of a request takes one lifetime: 1 hour where it pays at the model's prices,
 * weighing the dearer write of what the requests write against the prefix an idle gap of 5 to 60
 * minutes would make the next request write again; the gap announced by the caller
 * (`idleAhead`) or foreseen from the gaps the planner has seen between requests (`at`).
 *
 * @throws {AdapterError} when the options do not fit their schema; `plan` and `ttl` too, and
 * `plan` when the params already carry breakpoints (mapped without `cacheControl: false`).
 * @example
 * ```ts
 * const planner = createBreakpointPlanner({ pricing: catalog.get(model).pricing });
 * const params = planner.plan(toMessagesParams(request, { cacheControl: false }), { at: Date.now() });
 * ```
 */
export function createBreakpointPlanner(options: BreakpointPlannerOptions = {}): BreakpointPlanner {
  checkSchema("options", options, plannerOptionsSchema);
  const pricing = options.pricing ?? { input: 1 };
  let previous: Anchor | undefined;
  let lastAt: number | undefined;
  let gaps = 0;
  let longGaps = 0;
  let requests = 0;
  let writtenTokens = 0;
  const choose = (plan: BreakpointPlanOptions, prefixTokens: number): "5m" | "1h" => {
    if (plan.ttl !== undefined) return plan.ttl;
    if (options.longTtl === "never" || requests === 0) return "5m";
    const gapChance = plan.idleAhead === true ? 1 : longGaps / (gaps + 1);
    const weighed = { gapChance, prefixTokens, writtenTokens: writtenTokens / requests };
    return longTtlPays(pricing, weighed) ? "1h" : "5m";
  };
  return {
    ttl(plan = {}) {
      checkSchema("options", plan, planOptionsSchema);
      return choose(plan, previous?.tokens ?? 0);
    },
    plan(params, plan = {}) {
      checkSchema("params", params, paramsSchema);
      checkSchema("options", plan, planOptionsSchema);
      refuseMarked(params);
      if (plan.at !== undefined && lastAt !== undefined && plan.at >= lastAt) {
        const gap = plan.at - lastAt;
        gaps += 1;
        if (gap > fiveMinutes && gap <= hour) longGaps += 1;
      }
      if (plan.at !== undefined) lastAt = plan.at;
      const { messages } = params;
      const found = previous !== undefined && foundAt(messages, previous) ? previous : undefined;
      const added = tokensAfter(messages, found);
      // Without the previous request to go on from, the prefix is counted whole, `system` first.
      const prefixTokens =
        (found?.tokens ?? Math.ceil(JSON.stringify(params.system).length / 4)) + added;
      const ttl = choose(plan, prefixTokens);
      const control: CacheControlEphemeral =
        ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
      const marked = [...messages];
      const last = lastCacheable(messages);
      if (last !== undefined) marked[last.message] = markAt(messages, last, control);
      if (found !== undefined && last !== undefined) {
        if (blocksBetween(messages, found, last) > reach) {
          marked[found.message] = markAt(marked, found, control);
        }
      } else {
        const before = messages.at(-2);
        if (before !== undefined) marked[messages.length - 2] = withBreakpoint(before, control, 2);
      }
      const system = params.system.map((block): TextBlockParam => ({ ...block }));
      const [first] = system;
      const stable = system.at(-1);
      if (first !== undefined) first.cache_control = { ...control };
      if (stable !== undefined) stable.cache_control = { ...control };
      requests += 1;
      writtenTokens += added;
      previous =
        last === undefined
          ? undefined
          : {
              ...last,
              key: JSON.stringify(blocksOf(messages[last.message])[last.block]),
              tokens: prefixTokens,
            };
      return { ...params, system, messages: marked };
    },
  };
}

/**
 * Refuses params that already carry breakpoints (mapped without `cacheControl: false`): with the
 * planner's, they could pass the four the API takes. The mapping marks only `system` and the
 * last two messages, so only those are read.
 */
function refuseMarked(params: MessagesParams): void {
  const marked = [...params.system, ...params.messages.slice(-2).flatMap(blocksOf)].some(
    (block) => "cache_control" in block && block.cache_control != null,
  );
  if (marked) {
    throw new AdapterError(
      "invalid-argument",
      "params already carry cache breakpoints: map the request with `cacheControl: false` for the planner",
      { provider },
    );
  }
}

function blocksOf(message: MessageParam | undefined): readonly ContentBlockParam[] {
  if (message === undefined) return [];
  return typeof message.content === "string"
    ? [{ type: "text", text: message.content }]
    : message.content;
}

function foundAt(messages: readonly MessageParam[], anchor: Anchor): boolean {
  const block = blocksOf(messages[anchor.message])[anchor.block];
  return block !== undefined && JSON.stringify(block) === anchor.key;
}

/** The tokens of the blocks after `anchor` (all when there is none), four characters a token. */
function tokensAfter(messages: readonly MessageParam[], anchor: Anchor | undefined): number {
  let characters = 0;
  for (let index = anchor?.message ?? 0; index < messages.length; index += 1) {
    const blocks = blocksOf(messages[index]);
    const from = index === anchor?.message ? anchor.block + 1 : 0;
    for (const block of blocks.slice(from)) characters += JSON.stringify(block).length;
  }
  return Math.ceil(characters / 4);
}

/** The last block of the request that takes a breakpoint. */
function lastCacheable(
  messages: readonly MessageParam[],
): { readonly message: number; readonly block: number } | undefined {
  for (let message = messages.length - 1; message >= 0; message -= 1) {
    const block = blocksOf(messages[message]).findLastIndex(takesCacheControl);
    if (block >= 0) return { message, block };
  }
  return undefined;
}

function blocksBetween(
  messages: readonly MessageParam[],
  from: { readonly message: number; readonly block: number },
  to: { readonly message: number; readonly block: number },
): number {
  let count = -from.block;
  for (let index = from.message; index < to.message; index += 1) {
    count += blocksOf(messages[index]).length;
  }
  return count + to.block;
}

/** A copy of the message `at` names with a breakpoint on the block it names. */
function markAt(
  messages: readonly MessageParam[],
  at: { readonly message: number; readonly block: number },
  control: CacheControlEphemeral,
): MessageParam {
  const message = messages[at.message] ?? { role: "user", content: [] };
  const content = blocksOf(message).map((block, position) =>
    position === at.block && takesCacheControl(block)
      ? { ...block, cache_control: { ...control } }
      : block,
  );
  return message.role === "system"
    ? { role: "system", content: content.filter((block) => block.type === "text") }
    : { role: message.role, content };
}
