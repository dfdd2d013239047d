import { describe, expect, it } from "vitest";
import type { RolloutRecord } from "../rollout-record.js";
import { appendTexts } from "./append-texts.js";
import type { WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/** Records whose string values hold case, JSON escapes, nesting and text only in keys. */
const batch: readonly RolloutRecord[] = [
  { type: "turn", payload: { index: 1 } },
  { type: "response_item", payload: { item: { text: "Never push to MAIN" } } },
  { type: "response_item", payload: { item: { text: 'a "quoted"\nline\\with\ttabs' } } },
  { type: "response_item", payload: { "main branch": 1, list: [2, "src/Parser.ts", "50%_off"] } },
  { type: "note", payload: "main" },
  { type: "response_item", payload: { deep: [{ deeper: { text: "über naïve ÉTÉ" } }] } },
  { type: "turn", payload: { index: 2 } },
  { type: "response_item", payload: null },
];

const sequences = (result: { records: readonly { sequence: number }[] }) =>
  result.records.map((entry) => entry.sequence);

/**
 * The contract on `searchRecords`, for a store that offers it: the records reading from the
 * start and filtering would give, fork prefixes included, and a refused search.
 */
export function describeSearchContract(withStore: WithStore): void {
  describe("searchRecords", () => {
    it("finds records by type, by text in string values ignoring ASCII case, and by sequence", () =>
      withStore(async (store) => {
        const search = store.searchRecords?.bind(store);
        if (search === undefined) throw new Error("the store offers no searchRecords");
        await store.create({ id: "s" });
        await appendTexts(store, "s", 0, batch.slice(0, 4));
        await appendTexts(store, "s", 4, batch.slice(4));
        const found = await search("s", { types: ["response_item"], texts: ["main"] });
        expect(found.records).toEqual([{ sequence: 1, ...batch[1] }]);
        expect(found.warnings).toEqual([]);
        expect(sequences(await search("s", { types: ["turn"] }))).toEqual([0, 6]);
        expect(
          sequences(await search("s", { types: ["response_item", "note"], texts: ["MAIN"] })),
        ).toEqual([1, 4]);
        const expected: [string, number[]][] = [
          ['"quoted"\nline\\', [2]],
          ["\twith", []],
          ["parser.TS", [3]],
          ['"QUOTED"\nline\\with\t', [2]],
          ["main branch", []],
          ["0%_O", [3]],
          ["0_%", []],
          ["src%ts", []],
        ];
        for (const [text, found] of expected)
          expect(sequences(await search("s", { types: ["response_item"], texts: [text] }))).toEqual(
            found,
          );
        expect(sequences(await search("s", { types: ["response_item"], texts: ["ét"] }))).toEqual(
          [],
        );
        expect(
          sequences(await search("s", { types: ["response_item"], texts: ["ÉTÉ", "nowhere"] })),
        ).toEqual([5]);
        expect(
          sequences(await search("s", { types: ["response_item", "turn"], from: 2, below: 7 })),
        ).toEqual([2, 3, 5, 6]);
        const marked = { types: ["response_item"], texts: ["main"], marks: ["turn"] };
        expect(sequences(await search("s", { ...marked, from: 1 }))).toEqual([0, 1, 6]);
        expect(sequences(await search("s", { ...marked, below: 1 }))).toEqual([0, 6]);
      }));

    it("reads a fork's parent prefix and leaves out what the parent wrote after the fork", () =>
      withStore(async (store) => {
        const search = store.searchRecords?.bind(store);
        if (search === undefined) throw new Error("the store offers no searchRecords");
        await store.create({ id: "parent" });
        const next = await appendTexts(store, "parent", 0, batch.slice(0, 3));
        await store.create({ id: "fork", parent: { sessionId: "parent", sequence: 2 } });
        await appendTexts(store, "parent", next, [
          { type: "response_item", payload: { text: "main after the fork" } },
        ]);
        await appendTexts(store, "fork", 2, [
          { type: "response_item", payload: { text: "main in the fork" } },
        ]);
        const found = await search("fork", { types: ["response_item"], texts: ["main"] });
        expect(found.records.map((entry) => [entry.sequence, entry.payload])).toEqual([
          [1, batch[1]?.payload],
          [2, { text: "main in the fork" }],
        ]);
        expect((await store.read("fork", { from: "start" })).records.length).toBe(3);
      }));

    it("refuses a search that is not one, and a session that does not exist", () =>
      withStore(async (store) => {
        const search = store.searchRecords?.bind(store);
        if (search === undefined) throw new Error("the store offers no searchRecords");
        await store.create({ id: "s" });
        for (const wrong of [{ types: [] }, { types: ["x"], texts: [""] }, { types: ["x"], at: 1 }])
          expect(await rejection(search("s", wrong as never))).toMatchObject({
            code: "invalid-argument",
          });
        expect(await rejection(search("missing", { types: ["x"] }))).toMatchObject({
          code: "session-not-found",
        });
      }));
  });
}
