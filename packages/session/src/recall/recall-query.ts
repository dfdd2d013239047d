import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/**
 * What to recall from a session's rollout: every condition given must hold. `turns` is a range
 * of user turns (from 1, both ends included), `text` a piece of text an item holds (compared
 * ignoring ASCII case), `tool` the name of a tool whose calls and outputs are wanted, `path` a
 * file path an item names. `limit` caps the items returned (20 when omitted, 100 at most).
 */
export interface RecallQuery {
  readonly turns?: { readonly from?: number; readonly to?: number };
  readonly text?: string;
  readonly tool?: string;
  readonly path?: string;
  readonly limit?: number;
}

/** The schema of a {@link RecallQuery}: the recall tool's arguments, checked as any input. */
export const recallQuerySchema = lazySchema(() =>
  z.strictObject({
    turns: z
      .strictObject({
        from: z.number().int().positive().optional(),
        to: z.number().int().positive().optional(),
      })
      .optional(),
    text: z.string().min(1).max(1000).optional(),
    tool: z.string().min(1).max(200).optional(),
    path: z.string().min(1).max(1000).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
);
