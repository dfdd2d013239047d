import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { historyEntrySchema } from "../log/session-records.js";

/** The schema of `session.compact`'s options. */
export const compactOptionsSchema = lazySchema(() =>
  z.strictObject({
    replacement: z.array(historyEntrySchema).optional(),
    guidance: z.string().optional(),
    signal: z.instanceof(AbortSignal).optional(),
  }),
);
