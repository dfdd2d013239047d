import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { RolloutError } from "../rollout-error.js";
import type { RolloutRecord } from "../rollout-record.js";
import { record, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";
import { testFencing } from "./test-fencing.js";

/**
 * The contract on `append`: numbering, all-or-nothing batches of validated records, payloads kept
 * as they were given, and the fencing of {@link testFencing}.
 */
export function describeAppendContract(withStore: WithStore, racingWriters: number): void {
  describe("append", () => {
    it("numbers records from the expected sequence and moves the session on", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        const result = await store.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "one",
          records: [record("a"), record("b")],
        });
        expect(result).toEqual({ nextSequence: 2, duplicate: false });
        expect((await store.info("s"))?.nextSequence).toBe(2);
        const read = await store.read("s");
        expect(read.records.map((entry) => entry.sequence)).toEqual([0, 1]);
        expect(read.records[0]).toEqual({ sequence: 0, ...record("a") });
        expect(read.warnings).toEqual([]);
      }));

    it("writes a batch with an invalid record not at all", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        const invalid = [
          [record("a"), { type: "x", payload: undefined }],
          [record("a"), { type: "", payload: 1 }],
          [{ type: "x", payload: Number.NaN }],
          [],
        ];
        for (const records of invalid) {
          const error = await rejection(
            store.append({
              sessionId: "s",
              expectedSequence: 0,
              appendId: "bad",
              records: records as RolloutRecord[],
            }),
          );
          expect(error).toMatchObject({ code: "invalid-argument" });
        }
        expect((await store.info("s"))?.nextSequence).toBe(0);
        const missing = await rejection(
          store.append({ sessionId: "nobody", expectedSequence: 0, appendId: "a", records: [] }),
        );
        expect(RolloutError.isInstance(missing)).toBe(true);
      }));

    it("keeps payloads as the JSON they were", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        const payload = {
          text: 'line\nbreak \u2028 "quoted" <environment_context> \u{1f600}',
          nested: [1, 2.5, -0.125, true, null, { deep: [] }],
        };
        await store.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "a",
          records: [{ type: "response_item", payload }],
        });
        expect((await store.read("s")).records[0]?.payload).toEqual(payload);
      }));

    it("writes what a call was given, whatever the caller changes while it runs", () =>
      withStore(async (store) => {
        const meta: Record<string, unknown> = { owner: "first" };
        const created = store.create({ id: "s", meta: meta as JsonValue });
        meta.owner = 1n;
        expect((await created).meta).toEqual({ owner: "first" });
        const payload: Record<string, unknown> = { text: "as called", list: [1] };
        const appended = store.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "a",
          records: [{ type: "response_item", payload: payload as JsonValue }],
        });
        payload.text = Number.NaN;
        (payload.list as unknown[]).push(() => 1);
        await appended;
        expect((await store.read("s")).records[0]?.payload).toEqual({
          text: "as called",
          list: [1],
        });
        expect((await store.info("s"))?.meta).toEqual({ owner: "first" });
      }));

    testFencing(withStore, racingWriters);
  });
}
