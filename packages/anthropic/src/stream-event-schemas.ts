import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

// The shapes `fromMessageStream` checks each event of a Messages API stream against: only the
// fields it reads, anything else passes through.

/** Any event: an object with a `type`. */
export const eventSchema = lazySchema(() => z.looseObject({ type: z.string() }));
/** `message_start`: the message's first usage and its cache diagnostics. */
export const startSchema = lazySchema(() =>
  z.looseObject({
    message: z.looseObject({
      usage: z.record(z.string(), z.unknown()),
      diagnostics: z.unknown().optional(),
    }),
  }),
);
/** `content_block_start`: the block's index and its start. */
export const blockStartSchema = lazySchema(() =>
  z.looseObject({
    index: z.number().int().min(0),
    content_block: z.looseObject({ type: z.string() }),
  }),
);
/** `content_block_delta`: the block's index and a delta of one of the kinds read. */
export const blockDeltaSchema = lazySchema(() =>
  z.looseObject({
    index: z.number().int().min(0),
    delta: z.discriminatedUnion("type", [
      z.looseObject({ type: z.literal("text_delta"), text: z.string() }),
      z.looseObject({ type: z.literal("input_json_delta"), partial_json: z.string() }),
      z.looseObject({ type: z.literal("thinking_delta"), thinking: z.string() }),
      z.looseObject({ type: z.literal("signature_delta"), signature: z.string() }),
      z.looseObject({ type: z.literal("citations_delta") }),
    ]),
  }),
);
/** `content_block_stop`: the index of the block that stops. */
export const blockStopSchema = lazySchema(() => z.looseObject({ index: z.number().int().min(0) }));
/** `message_delta`: the stop reason and the usage counts so far. */
export const messageDeltaSchema = lazySchema(() =>
  z.looseObject({
    delta: z.looseObject({ stop_reason: z.string().nullish() }).nullish(),
    usage: z.record(z.string(), z.unknown()).nullish(),
  }),
);
