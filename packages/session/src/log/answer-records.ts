import {
  answerEndingSchema,
  cacheDiagnosticsSchema,
  type ModelAnswer,
  responseItemSchema,
} from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { defaultOrigin } from "../history/origin.js";
import { itemRecord, reportedUsageSchema, type SessionRecord } from "./session-records.js";

const answerShapeSchema = lazySchema(() =>
  z.looseObject({
    items: z.array(z.unknown()),
    usage: z.unknown().optional(),
    ending: answerEndingSchema.optional(),
    cacheDiagnostics: z.unknown().optional(),
    warnings: z.array(z.unknown()).optional(),
  }),
);

/**
 * The records of one model answer, checked whole before any is made: its items (each the
 * model's, a tool's output the tool's), its usage and cache diagnostics when reported, and an `answer_ending` record
 * when it did not complete.
 *
 * @throws {SessionError} naming `answer` (`answer.items[2]`, `answer.usage.totalTokens`, …) when
 * it does not fit `ModelAnswer`.
 */
export function answerRecords(answer: ModelAnswer): SessionRecord[] {
  const { items, usage, ending, cacheDiagnostics } = checkSchema(
    "answer",
    answer,
    answerShapeSchema,
  );
  const entries = items.map((value, index) => {
    const item = checkSchema(`answer.items[${index}]`, value, responseItemSchema);
    return { item, origin: defaultOrigin(item) };
  });
  const reported =
    usage === undefined ? undefined : checkSchema("answer.usage", usage, reportedUsageSchema);
  const diagnostics =
    cacheDiagnostics === undefined
      ? undefined
      : checkSchema("answer.cacheDiagnostics", cacheDiagnostics, cacheDiagnosticsSchema);
  return [
    ...entries.map(itemRecord),
    ...(reported === undefined ? [] : [{ type: "reported_usage" as const, payload: reported }]),
    ...(diagnostics === undefined
      ? []
      : [{ type: "cache_diagnostics" as const, payload: diagnostics }]),
    ...(ending === undefined || ending === "completed"
      ? []
      : [{ type: "answer_ending" as const, payload: { ending } }]),
  ];
}
