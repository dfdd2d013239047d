import type { FragmentKind } from "@ctx/fragments";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fullData } from "../__fixtures__/full-data.js";
import { standardFragments } from "../standard-fragments.js";
import { multiAgentMode } from "./multi-agent-mode.js";
import { realtimeStart, realtimeStartWithInstructions } from "./realtime.js";
import { userShellCommand } from "./user-shell-command.js";

// Any code point, lone surrogates included: fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

const parsable = standardFragments.filter((kind) => kind.parsable);

function rowsOf(kind: FragmentKind<unknown>): readonly unknown[] {
  const rows = fullData[kind.type];
  if (rows === undefined) throw new Error(`no full data for ${kind.type}`);
  return rows;
}

/**
 * Texts that sit close to what the kinds render themselves: each kind's body (with and without
 * the newlines around it), so a value equal to a standard text is tried too.
 */
const ownTexts: readonly string[] = standardFragments.flatMap((kind) =>
  rowsOf(kind).flatMap((data) => {
    const text = kind.create(data).render();
    if (kind.markers === null) return [text];
    const body = text.slice(kind.markers.start.length, text.length - kind.markers.end.length);
    return [body, body.replace(/^\n/, "").replace(/\n$/, "")];
  }),
);

const text = fc.oneof(
  fc.string({ unit: anyCodePoint, maxLength: 12 }),
  fc.constantFrom("", " ", "\n", "\n\n", "&lt;", "</command>", ...ownTexts),
  fc
    .array(fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom(...ownTexts)), { maxLength: 3 })
    .map((pieces) => pieces.join("")),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1e21, 1e300, 0.04123, 12.5, -1, 2 ** 53),
);

/** Values shaped like `model`: every string, number and boolean varied, any key left out. */
function like(model: unknown): fc.Arbitrary<unknown> {
  if (typeof model === "string") return text;
  if (typeof model === "number") return number;
  if (typeof model === "boolean") return fc.boolean();
  if (Array.isArray(model)) return fc.tuple(...model.map(like));
  if (typeof model === "object" && model !== null && !(model instanceof Date)) {
    const fields = Object.fromEntries(
      Object.entries(model).map(([key, value]) => [key, like(value)]),
    );
    return fc.record(fields, { requiredKeys: [] });
  }
  return fc.constant(model);
}

describe("every parsable standard kind", () => {
  it("is covered", () => {
    expect(parsable.length).toBeGreaterThan(10);
  });

  it.each(parsable.map((kind) => [kind.type, kind] as const))(
    "%s: every value it accepts parses back to the data the fragment holds",
    (_type, kind) => {
      const data = fc.oneof(...rowsOf(kind).map((row) => fc.oneof(fc.constant(row), like(row))));
      fc.assert(
        fc.property(data, (value) => {
          let fragment: ReturnType<typeof kind.create>;
          try {
            fragment = kind.create(value);
          } catch {
            return; // refused by the schema: not an accepted value
          }
          expect(kind.parse(fragment.render())).toEqual(fragment.data);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe("values that used to read back as something else", () => {
  const bodyOf = (kind: FragmentKind<unknown>, data: unknown) => {
    const text = kind.create(data).render();
    return kind.markers === null
      ? text
      : text.slice(kind.markers.start.length, text.length - kind.markers.end.length);
  };

  it("refuses a duration JavaScript would write with an exponent", () => {
    expect(() =>
      userShellCommand.create({ command: "x", exitCode: 0, durationSeconds: 1e21, output: "" }),
    ).toThrow(/durationSeconds/);
  });

  it("refuses realtime instructions equal to the standard start text", () => {
    const standard = bodyOf(realtimeStart, {}).slice(1, -1);
    expect(() => realtimeStartWithInstructions.create({ instructions: standard })).toThrow(
      /instructions: equals the standard start text/,
    );
  });

  it("refuses a custom multi-agent text equal to a standard one", () => {
    const proactive = bodyOf(multiAgentMode, { mode: "proactive" });
    expect(() => multiAgentMode.create({ mode: "custom", text: proactive })).toThrow(
      /equals a standard text/,
    );
  });
});
