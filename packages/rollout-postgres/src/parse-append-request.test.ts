import { appendRequestSchema, parseRolloutArgument } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAppendRequest } from "./parse-append-request.js";
import { encodeStoredBatch } from "./stored-batch.js";

/** What a parse gave: the batch it would store, or the error it threw. */
function outcome(parse: () => ReturnType<typeof parseAppendRequest>) {
  try {
    const parsed = parse();
    const { records, ...fields } = parsed;
    return { fields, batch: encodeStoredBatch(records) };
  } catch (error) {
    return { error: { ...(error as object), message: (error as Error).message } };
  }
}

/** A request, often well-formed, often not in one field or one payload. */
const request = fc.record(
  {
    sessionId: fc.oneof(fc.constant("s-1"), fc.string({ maxLength: 3 }), fc.integer()),
    expectedSequence: fc.oneof(fc.nat(), fc.integer({ min: -3, max: -1 }), fc.double()),
    appendId: fc.oneof(fc.constant("turn-1"), fc.string({ maxLength: 2 })),
    records: fc.array(
      fc.record(
        {
          type: fc.oneof(fc.constant("response_item"), fc.string({ maxLength: 2 })),
          payload: fc.oneof(
            fc.jsonValue(),
            fc.anything({ withDate: true, withMap: true, withSparseArray: true }),
          ),
          checkpoint: fc.oneof(fc.boolean(), fc.constant("yes")),
          extra: fc.constant(1),
        },
        { requiredKeys: ["type"] },
      ),
      { maxLength: 3 },
    ),
    unknownField: fc.constant(true),
  },
  { requiredKeys: ["sessionId", "expectedSequence", "appendId", "records"] },
);

describe("parseAppendRequest", () => {
  it("accepts and refuses exactly what the shared append schema does, with its errors", () => {
    fc.assert(
      fc.property(request, (value) => {
        expect(outcome(() => parseAppendRequest(value))).toEqual(
          outcome(() => parseRolloutArgument(appendRequestSchema, value, "append request")),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("names the place inside a payload that is not JSON, and refuses a payload too deep", () => {
    const at = (payload: unknown) =>
      parseAppendRequest({
        sessionId: "s",
        expectedSequence: 0,
        appendId: "a",
        records: [
          { type: "t", payload: { ok: 1 } },
          { type: "t", payload },
        ],
      });
    expect(() => at({ list: [1, Number.NaN] })).toThrow(
      expect.objectContaining({
        code: "invalid-argument",
        issues: [expect.objectContaining({ path: "records[1].payload" })],
      }),
    );
    let deep: unknown = 1;
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(() => at(deep)).toThrow(
      expect.objectContaining({
        code: "invalid-argument",
        message: expect.stringContaining("deeply"),
      }),
    );
  });

  it("hands back the caller's payloads as they are, without copying them", () => {
    const payload = { text: "hello", list: [1, 2] };
    const parsed = parseAppendRequest({
      sessionId: "s",
      expectedSequence: 0,
      appendId: "a",
      records: [{ type: "t", payload, checkpoint: true }],
    });
    expect(parsed.records[0]?.payload).toBe(payload);
    expect(parsed.records[0]?.checkpoint).toBe(true);
  });
});
