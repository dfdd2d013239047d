import { describe, expect, it } from "vitest";
import * as prompts from "./index.js";

const model = prompts.defaultModelCatalog.get("ctx-coder");

// Values no parameter of the package takes, but for a count, which takes a whole number.
const alwaysWrong: readonly unknown[] = [
  null,
  42,
  Number.NaN,
  true,
  10n,
  Symbol("wrong"),
  () => "wrong",
];

interface Call {
  /** Arguments that are accepted. */
  readonly valid: readonly unknown[];
  /** Per position, wrong values beyond `alwaysWrong`: an absent optional argument is not one. */
  readonly alsoWrong: readonly (readonly unknown[])[];
  readonly run: (...args: unknown[]) => unknown;
}

const call = (
  run: (...args: never[]) => unknown,
  valid: readonly unknown[],
  ...alsoWrong: (readonly unknown[])[]
): Call => ({ run: run as (...args: unknown[]) => unknown, valid, alsoWrong });

// Every exported function and catalog method, with arguments it accepts. A new export that is
// not listed here fails the first test.
const calls: Record<string, Call> = {
  applyModelOverrides: call(
    prompts.applyModelOverrides,
    [model, {}],
    [undefined, {}, [], "x"],
    [undefined, [], "x", { basInstructions: "x" }],
  ),
  cacheMissDollars: call(
    prompts.cacheMissDollars,
    [prompts.defaultModelCatalog.get("gpt-6.2-sol").pricing, 1_000],
    [undefined, {}, [], "x"],
    [undefined, -1, 0.5, "1"],
  ),
  createModelCatalog: call(prompts.createModelCatalog, [[], {}], [undefined, {}, "x"], [[], "x"]),
  formatSummaryText: call(prompts.formatSummaryText, ["x"], [undefined, {}, []]),
  getModelInstructions: call(
    prompts.getModelInstructions,
    [model, "friendly"],
    [undefined, {}, [], "x"],
    [{}, [], "grumpy", "Friendly", ""],
  ),
  getPersonalityMessage: call(
    prompts.getPersonalityMessage,
    [model, "friendly"],
    [undefined, [], "x"],
    [{}, [], "grumpy", "Friendly", ""],
  ),
  isSummaryText: call(prompts.isSummaryText, ["x"], [undefined, {}, []]),
  parseSummaryText: call(prompts.parseSummaryText, ["x"], [undefined, {}, []]),
  renderPermissionsInstructions: call(
    prompts.renderPermissionsInstructions,
    [{}, {}],
    [undefined, [], "x"],
    [[], "x"],
  ),
  resolveBaseInstructions: call(prompts.resolveBaseInstructions, [{ model }], [undefined, {}, []]),
  resolveSandboxMode: call(prompts.resolveSandboxMode, [{}], [undefined, [], "x"]),
  stripPersonalitySection: call(prompts.stripPersonalitySection, ["x"], [undefined, {}, []]),
  supportsPersonality: call(prompts.supportsPersonality, [model], [undefined, [], "x"]),
  "defaultModelCatalog.get": call(prompts.defaultModelCatalog.get, ["ctx-coder"], [undefined, ""]),
  "defaultModelCatalog.has": call(prompts.defaultModelCatalog.has, ["ctx-coder"], [undefined, ""]),
};

const isClass = (value: unknown) =>
  typeof value === "function" && Function.prototype.toString.call(value).startsWith("class");

describe("@ctx/prompts exports", () => {
  it("lists every exported function in the table of calls", () => {
    const functions = Object.entries(prompts)
      .filter(([, value]) => typeof value === "function" && !isClass(value))
      .map(([name]) => name);
    expect(
      Object.keys(calls)
        .filter((name) => !name.includes("."))
        .sort(),
    ).toEqual(functions.sort());
  });

  it.each(Object.entries(calls))("%s accepts the listed arguments", (_name, { run, valid }) => {
    expect(() => run(...valid)).not.toThrow();
  });

  it.each(Object.entries(calls))(
    "%s refuses a wrong value in any position with a PromptsError naming the argument",
    (_name, { run, valid, alsoWrong }) => {
      valid.forEach((_value, position) => {
        // A count takes numbers: the numbers of alwaysWrong that are whole are right for it.
        const always = alwaysWrong.filter(
          (wrong) => typeof valid[position] !== "number" || !Number.isSafeInteger(wrong),
        );
        for (const wrong of [...always, ...(alsoWrong[position] ?? [])]) {
          const args = valid.map((value, index) => (index === position ? wrong : value));
          expect(() => run(...args), `position ${position}, ${String(wrong)}`).toThrow(
            expect.toSatisfy(
              (error: unknown) =>
                prompts.PromptsError.isInstance(error) && error.message.includes(error.argument),
            ),
          );
        }
      });
    },
  );
});
