import { describe, expect, it } from "vitest";
import { CtxError } from "./ctx-error.js";
import * as text from "./index.js";
import { TextError } from "./text-error.js";

// Wrong values for an argument, chosen by the type of its valid value.
function wrongValuesFor(valid: unknown): readonly unknown[] {
  const absent = [null, undefined, {}, Symbol("x")];
  if (typeof valid === "number") return [...absent, "1", Number.NaN, -1, 0.5, 2 ** 60];
  if (Array.isArray(valid)) return [...absent, "a", [1], [null]];
  return [...absent, 42, []];
}

// Every function of the package, with a valid call, so that each argument can be swapped for
// a wrong value in turn. A new export without a row here fails the completeness test.
const calls: Readonly<Record<string, readonly unknown[]>> = {
  codeRegions: ["`a`"],
  compareCodePoints: ["a", "b"],
  createArgumentChecker: [() => new Error("wrong")],
  describeValue: [null],
  describeWrongArgument: ["options.limit", "expected a whole number"],
  escapeXml: ["<"],
  escapeXmlText: ["<"],
  foldAscii: [65],
  isBlank: [" "],
  isWhiteSpace: [32],
  sortedUnique: [["b", "a"]],
  startsWithAsciiCaseInsensitive: ["ABC", 0, "ab"],
  trimWhiteSpace: [" a "],
  trimmedEnd: [" a "],
  trimmedStart: [" a "],
  truncateMiddle: ["hello world", 1],
  unescapeXml: ["&lt;"],
  utf8ByteLength: ["é"],
  utf8PrefixEnd: ["é", 1],
  utf8SuffixStart: ["é", 1],
};

// The exports seen as plain values, so each can be called with wrong arguments on purpose.
const exported: Readonly<Record<string, unknown>> = text;
const functions = Object.entries(exported).flatMap(([name, value]) =>
  typeof value === "function" && !/^[A-Z]/.test(name)
    ? [[name, (...args: unknown[]) => Reflect.apply(value, undefined, args)] as const]
    : [],
);

describe("the @ctx/text surface", () => {
  it("has a row for every exported function", () => {
    expect(functions.map(([name]) => name).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(functions)(
    "%s throws a TextError naming the argument for each wrong value",
    (name, run) => {
      const valid = calls[name] ?? [];
      expect(() => run(...valid)).not.toThrow();
      // describeValue accepts every value: it is what the others use to say what was wrong.
      if (name === "describeValue") return;
      valid.forEach((_, position) => {
        for (const wrong of wrongValuesFor(valid[position])) {
          const args = valid.map((value, index) => (index === position ? wrong : value));
          expect(() => run(...args), `${name} argument ${position} = ${String(wrong)}`).toThrow(
            expect.toSatisfy(
              (error: unknown) =>
                TextError.isInstance(error) &&
                CtxError.isInstance(error) &&
                error.code === "invalid-argument" &&
                error.message.startsWith(`invalid ${error.argument}: `),
            ),
          );
        }
      });
    },
  );

  it("refuses counts that are not whole numbers of 0 or more", () => {
    for (const count of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(() => text.truncateMiddle("hello world", count)).toThrow(TextError);
    }
  });
});
