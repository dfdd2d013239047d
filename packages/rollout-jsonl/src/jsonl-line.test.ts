import { RolloutError } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headerLineSchema, parseLogLine, recordLineSchema } from "./jsonl-line.js";

const location = { sessionId: "s", path: "/logs/s.jsonl", offset: 0 };

/** What the schema says of `value`: the line it is, or `undefined` when it refuses it. */
function schemaVerdict(value: unknown): object | undefined {
  const isRecord = typeof value === "object" && value !== null && "sequence" in value;
  const parsed = (isRecord ? recordLineSchema : headerLineSchema).safeParse(value);
  if (!parsed.success) return undefined;
  return isRecord ? { record: parsed.data } : { header: parsed.data };
}

/** What `parseLogLine` says of the line `value` is written as. */
function lineVerdict(value: unknown): object | undefined {
  try {
    return parseLogLine(Buffer.from(JSON.stringify(value)), location);
  } catch (error) {
    if (RolloutError.isInstance(error) && error.code === "unreadable-record") return undefined;
    throw error;
  }
}

/** Values a field of a line may hold, right or wrong. */
const anyField = fc.oneof(
  fc.constantFrom(true, false, null, 0, -0, 1, 7, 1.5, -1, 2 ** 53, "", "x", "s-1", "-s"),
  fc.constantFrom("2026-01-01T00:00:00.000Z", "2026-02-30T00:00:00.000Z", "2026-01-01T00:00:00Z"),
  fc.constantFrom(
    "2026-01-01T24:00:00.000Z",
    "2026-01-01 00:00:00.000Z",
    "2026-01-01T00:00:00+01:00",
  ),
  fc.constantFrom([], {}, { sessionId: "p", sequence: 2 }, { sessionId: "p" }, ["a"]),
  fc.constantFrom({ sessionId: "p", sequence: -1 }, { sessionId: "p", sequence: 2, extra: 1 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const lineKeys = [
  "sequence",
  "type",
  "payload",
  "checkpoint",
  "batch",
  "end",
  "at",
  "rollout",
  "id",
  "createdAt",
  "cwd",
  "parent",
  "meta",
  "other",
  "__proto__",
] as const;

describe("parseLogLine", () => {
  it("answers every line as its schema does: the same line for what it accepts, unreadable-record for what it refuses", () => {
    const at = fc.constantFrom("2026-03-04T05:06:07.890Z", "2026-12-31T23:59:59.999Z");
    const validRecord = fc.record(
      {
        sequence: fc.nat(),
        type: fc.constantFrom("response_item", "turn"),
        payload: fc.jsonValue({ maxDepth: 2 }),
        checkpoint: fc.constant(true),
        batch: fc.constantFrom("turn-1", "b"),
        end: fc.constant(true),
        at,
      },
      { requiredKeys: ["sequence", "type", "payload"] },
    );
    const validHeader = fc.record(
      {
        rollout: fc.constant(1),
        id: fc.constantFrom("s", "a-1_b"),
        createdAt: at,
        cwd: fc.constantFrom("/repo", "c"),
        parent: fc.record({ sessionId: fc.constantFrom("p", "q2"), sequence: fc.nat() }),
        meta: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ["rollout", "id", "createdAt", "meta"] },
    );
    // A line the store could have written, then up to three fields removed, replaced or added.
    const edit = fc.record({ key: fc.constantFrom(...lineKeys), value: fc.option(anyField) });
    const edited = fc
      .tuple(fc.oneof(validRecord, validHeader), fc.array(edit, { maxLength: 3 }))
      .map(([line, edits]) => {
        const value: Record<string, unknown> = { ...line };
        for (const { key, value: field } of edits)
          if (field === null) delete value[key];
          else
            Object.defineProperty(value, key, {
              value: field,
              enumerable: true,
              writable: true,
              configurable: true,
            });
        return value;
      });
    fc.assert(
      fc.property(fc.oneof(edited, anyField), (value) => {
        // The line as written to disk: what JSON.stringify leaves of it is what a read meets.
        const written: unknown = JSON.parse(JSON.stringify(value));
        expect(lineVerdict(written)).toEqual(schemaVerdict(written));
      }),
      { numRuns: 1000 },
    );
  });

  it("reads the lines the store writes without a schema's copy, and names a bad one's line", () => {
    const record = {
      sequence: 3,
      type: "response_item",
      payload: { text: "hi" },
      checkpoint: true,
      batch: "turn-1",
      end: true,
      at: "2026-03-04T05:06:07.890Z",
    };
    expect(parseLogLine(Buffer.from(JSON.stringify(record)), location)).toEqual({ record });
    const header = {
      rollout: 1,
      id: "s",
      createdAt: record.at,
      parent: { sessionId: "p", sequence: 2 },
      meta: null,
    };
    expect(parseLogLine(Buffer.from(JSON.stringify(header)), location)).toEqual({ header });
    const endless = { ...record, at: undefined };
    expect(() =>
      parseLogLine(Buffer.from(JSON.stringify(endless)), { ...location, line: 4 }),
    ).toThrow(
      "line 4 (byte 0) of /logs/s.jsonl cannot be read: line: a batch's last line carries both end and at",
    );
  });
});
