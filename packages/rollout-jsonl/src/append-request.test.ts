import { appendRequestSchema, RolloutError } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asUsualAppendRequest, checkAppendRequest } from "./append-request.js";
import { encodeBatchLines } from "./jsonl-line.js";

/** Values a field of a request or a record may hold, right or wrong. */
const anyField = fc.oneof(
  fc.constantFrom(true, false, null, undefined, 0, -0, 1, 1.5, -1, 2 ** 53, Number.NaN),
  fc.constantFrom("", "s", "a-1_b", "-s", "x".repeat(256), "x".repeat(257), "turn-1"),
  fc.constantFrom([], {}, [{ type: "t", payload: 1 }], new Date(0), () => 1, new Array<unknown>(2)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A request a caller could have made, then up to three fields of it or its records edited. */
function editedRequest() {
  const record = fc.record(
    {
      type: fc.constantFrom("response_item", "turn_context"),
      payload: fc.jsonValue({ maxDepth: 2 }),
      checkpoint: fc.boolean(),
    },
    { requiredKeys: ["type", "payload"] },
  );
  const request = fc.record({
    sessionId: fc.constantFrom("s", "0b8f7e8e-4d2c-4c1e-9d0e-1b2c3d4e5f60"),
    expectedSequence: fc.nat(),
    appendId: fc.constantFrom("turn-1", "a"),
    records: fc.array(record, { minLength: 1, maxLength: 3 }),
  });
  const edit = fc.record({
    inRecord: fc.boolean(),
    key: fc.constantFrom(
      "sessionId",
      "expectedSequence",
      "appendId",
      "records",
      "type",
      "payload",
      "checkpoint",
      "other",
      "__proto__",
    ),
    value: fc.option(anyField),
  });
  return fc.tuple(request, fc.array(edit, { maxLength: 3 })).map(([value, edits]) => {
    const edited: Record<string, unknown> = { ...value, records: [...value.records] };
    const records = edited.records as Record<string, unknown>[];
    for (const { inRecord, key, value: field } of edits) {
      const target = inRecord && records.length > 0 ? { ...records[0] } : edited;
      if (field === null) delete target[key];
      else
        Object.defineProperty(target, key, {
          value: field,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      if (target !== edited) records[0] = target;
    }
    return edited;
  });
}

/** The lines of a batch as `JSON.stringify` writes each line's object. */
function stringifiedLines(
  records: readonly { type: string; payload: unknown; checkpoint?: boolean | undefined }[],
  appendId: string,
  at: string,
): string {
  return records
    .map((record, offset) => {
      const line: Record<string, unknown> = {
        sequence: 7 + offset,
        type: record.type,
        payload: record.payload,
      };
      if (record.checkpoint === true) line.checkpoint = true;
      if (offset === 0) line.batch = appendId;
      if (offset === records.length - 1) Object.assign(line, { end: true, at });
      return `${JSON.stringify(line)}\n`;
    })
    .join("");
}

describe("checkAppendRequest", () => {
  it("takes a request without the schema only when the schema takes it, refuses what it refuses, and encodes the lines JSON.stringify writes", () => {
    const at = "2026-01-01T00:00:00.000Z";
    fc.assert(
      fc.property(fc.oneof(editedRequest(), anyField), (request) => {
        const parsed = appendRequestSchema.safeParse(request);
        if (asUsualAppendRequest(request) !== undefined) expect(parsed.success).toBe(true);
        if (!parsed.success) {
          expect(() => checkAppendRequest(request)).toThrow(RolloutError);
          return;
        }
        const { records, ...fields } = checkAppendRequest(request);
        const { records: parsedRecords, ...parsedFields } = parsed.data;
        expect(fields).toEqual(parsedFields);
        expect(encodeBatchLines(records, 7, fields.appendId, at)).toBe(
          stringifiedLines(parsedRecords, fields.appendId, at),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("takes the requests callers make without the schema, leaves unusual ones to it, and names the field of one it refuses", () => {
    const request = {
      sessionId: "s",
      expectedSequence: 3,
      appendId: "turn-1",
      records: [{ type: "response_item", payload: { text: "hi" }, checkpoint: false }],
    };
    expect(asUsualAppendRequest(request)).toBe(request);
    // Unusual but valid: the schema takes it, and so does the check.
    const unusual = { ...request, records: [{ ...request.records[0], checkpoint: undefined }] };
    expect(asUsualAppendRequest(unusual)).toBeUndefined();
    expect(checkAppendRequest(unusual).records).toHaveLength(1);
    const written = { ...request, records: [{ ...request.records[0], payload: Number.NaN }] };
    expect(asUsualAppendRequest(written)).toBeUndefined();
    expect(() => checkAppendRequest(written)).toThrow(
      "records[0].payload: expected a finite number, received NaN",
    );
  });
});
