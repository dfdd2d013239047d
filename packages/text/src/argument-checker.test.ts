import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ArgumentChecker, createArgumentChecker } from "./argument-checker.js";
import { describeValue } from "./describe-value.js";
import { TextError } from "./text-error.js";

class WrongArgument extends Error {
  constructor(
    readonly argument: string,
    readonly problem: string,
  ) {
    super(`${argument}: ${problem}`);
  }
}

const check: ArgumentChecker = createArgumentChecker(
  (argument, problem) => new WrongArgument(argument, problem),
);

/** What `run` threw, or `undefined` when it returned. */
function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Each check, the predicate it applies and the words for what it expects. */
const checks: ReadonlyArray<{
  readonly name: Exclude<keyof ArgumentChecker, "condition">;
  readonly fits: (value: unknown) => boolean;
  readonly expected: string;
}> = [
  { name: "string", fits: (value) => typeof value === "string", expected: "a string" },
  {
    name: "nonEmptyString",
    fits: (value) => typeof value === "string" && value.length > 0,
    expected: "a non-empty string",
  },
  {
    name: "count",
    fits: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    expected: "a whole number of 0 or more",
  },
  {
    name: "object",
    fits: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
    expected: "an object",
  },
  { name: "array", fits: Array.isArray, expected: "an array" },
  { name: "function", fits: (value) => typeof value === "function", expected: "a function" },
  {
    name: "optionalFunction",
    fits: (value) => value === undefined || typeof value === "function",
    expected: "a function",
  },
];

const values = fc.oneof(
  fc.anything(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, 2 ** 53, -1, "", undefined, () => 0),
);

describe("createArgumentChecker", () => {
  it.each(checks)("$name passes what fits and refuses the rest, naming the argument", (entry) => {
    fc.assert(
      fc.property(fc.string(), values, (argument, value) => {
        const error = thrown(() => check[entry.name](argument, value));
        if (entry.fits(value)) {
          expect(error).toBeUndefined();
          return;
        }
        expect(error).toBeInstanceOf(WrongArgument);
        expect(error).toMatchObject({
          argument,
          problem: `expected ${entry.expected}, got ${describeValue(value)}`,
        });
      }),
    );
  });

  it("refuses through condition exactly when what is claimed does not hold", () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), fc.boolean(), (argument, value, holds) => {
        const error = thrown(() => check.condition(argument, value, holds, "a role"));
        expect(error).toEqual(
          holds
            ? undefined
            : new WrongArgument(argument, `expected a role, got ${describeValue(value)}`),
        );
      }),
    );
  });

  it("refuses with the error of the package that bound it", () => {
    const text: ArgumentChecker = createArgumentChecker(TextError.forArgument);
    const error = thrown(() => text.count("maxBytes", -1));
    expect(TextError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "invalid-argument",
      argument: "maxBytes",
      message: "invalid maxBytes: expected a whole number of 0 or more, got -1",
    });
  });

  it("calls refuse once for a wrong value and never for a right one", () => {
    let calls = 0;
    const counting: ArgumentChecker = createArgumentChecker((argument, problem) => {
      calls += 1;
      return new WrongArgument(argument, problem);
    });
    counting.string("text", "fine");
    expect(calls).toBe(0);
    expect(() => counting.string("text", 1)).toThrow("text: expected a string, got 1");
    expect(calls).toBe(1);
  });

  it("is a TextError to bind it to something that is not a function", () => {
    for (const wrong of [undefined, null, "refuse", {}]) {
      expect(() => createArgumentChecker(wrong as never)).toThrow(
        new TextError(
          "invalid-argument",
          `invalid refuse: expected a function, got ${describeValue(wrong)}`,
          {
            argument: "refuse",
          },
        ),
      );
    }
  });

  it("is a TextError to name the argument with anything but a string", () => {
    for (const wrong of [undefined, 1, {}]) {
      const error = thrown(() => check.string(wrong as never, 1));
      expect(TextError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ argument: "argument" });
    }
    const error = thrown(() => check.condition("role", 1, false, 2 as never));
    expect(error).toMatchObject({ argument: "expected" });
  });
});
