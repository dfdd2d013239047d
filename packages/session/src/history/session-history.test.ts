import { createStandardRegistry } from "@ctx/registry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "./origin.js";
import { PromptBuilder } from "./prompt-builder.js";
import { SessionHistory } from "./session-history.js";

const registry = createStandardRegistry();
const kinds = ["apps_instructions", "permissions_instructions", "environment_context"];

/** A context entry of one standard kind, or a user message. */
const entryArbitrary: fc.Arbitrary<HistoryEntry> = fc.oneof(
  fc.constantFrom(...kinds).map(
    (kind): HistoryEntry => ({
      item: { type: "message", role: "developer", content: [{ type: "input_text", text: kind }] },
      origin: { source: "context", kinds: [kind] },
    }),
  ),
  fc.string().map(
    (text): HistoryEntry => ({
      item: { type: "message", role: "user", content: [{ type: "input_text", text }] },
      origin: { source: "user" },
    }),
  ),
);

/** One change to a history: a push, an insert at a fraction of its length, or a cut. */
const changeArbitrary = fc.oneof(
  fc.record({ push: entryArbitrary }),
  fc.record({ insert: entryArbitrary, at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

describe("SessionHistory", () => {
  it("keeps the prompt and the sections it shows in step with its entries, whatever changes", () => {
    fc.assert(
      fc.property(fc.array(changeArbitrary, { maxLength: 30 }), (changes) => {
        const history = new SessionHistory(registry);
        const expected: HistoryEntry[] = [];
        for (const change of changes) {
          if ("push" in change) {
            history.push(change.push);
            expected.push(change.push);
          } else if ("insert" in change) {
            const index = Math.floor(change.at * expected.length);
            history.insert(index, change.insert);
            expected.splice(index, 0, change.insert);
          } else {
            const kept = expected.slice(0, Math.floor(change.keep * expected.length));
            history.replace(kept);
            expected.splice(0, expected.length, ...kept);
          }
        }
        const rebuilt = new PromptBuilder();
        for (const entry of expected) rebuilt.append(entry);
        expect(history.entries).toEqual(expected);
        expect(history.prompt.view({ imageInput: true }).items).toEqual(
          rebuilt.view({ imageInput: true }).items,
        );
        for (const kind of kinds) {
          const id = registry.get(kind)?.section?.id ?? kind;
          const shown = expected.some(
            (entry) => entry.origin.source === "context" && entry.origin.kinds.includes(kind),
          );
          expect(history.shows(id), kind).toBe(shown);
        }
      }),
      { numRuns: 100 },
    );
  });
});
