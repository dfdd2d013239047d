import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDirectoryChanges, lookInterval } from "./directory-changes.js";

/** A step of a run: time passes, an entry of the directory changes, or a caller asks. */
type Step =
  | { readonly kind: "wait"; readonly milliseconds: number }
  | { readonly kind: "change" }
  | { readonly kind: "ask" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("wait" as const),
    // Tenths of a millisecond up to 12 ms, up to 300 ms, or a whole second.
    milliseconds: fc.oneof(
      fc.integer({ min: 0, max: 120 }).map((tenths) => tenths / 10),
      fc.integer({ min: 0, max: 3000 }).map((tenths) => tenths / 10),
      fc.constant(1000),
    ),
  }),
  fc.constant({ kind: "change" as const }),
  fc.constant({ kind: "ask" as const }),
);

/**
 * Runs `steps` against a directory whose file system stamps times in steps of `resolution` ms
 * (1 µs, a 4 ms kernel tick, whole seconds), from a clock at `start`; the directory was last
 * changed `age` ms before. Returns each answer with the time it was asked, the times of the
 * changes, and how many times the directory was looked at.
 */
function run(steps: readonly Step[], resolution: number, start: number, age: number) {
  let now = start;
  const stamp = (time: number) => Math.floor(time / resolution) * resolution;
  let modified = stamp(start - age);
  let looks = 0;
  const changes = createDirectoryChanges("/folder", {
    now: () => now,
    modifiedAt: (directory) => {
      expect(directory).toBe("/folder");
      looks += 1;
      return modified;
    },
  });
  const answers: { readonly at: number; readonly generation: number }[] = [];
  const changed: number[] = [];
  for (const next of steps) {
    if (next.kind === "wait") now += next.milliseconds;
    else if (next.kind === "change") {
      modified = stamp(now);
      changed.push(now);
    } else answers.push({ at: now, generation: changes.generation() });
  }
  return { answers, changed, looks, elapsed: now - start };
}

const runs = fc.record({
  steps: fc.array(step, { maxLength: 200 }),
  resolution: fc.constantFrom(0.001, 4, 1000),
  start: fc.integer({ min: 1.6e12, max: 1.9e12 }),
  age: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths / 10),
  ),
});

describe("createDirectoryChanges", () => {
  it("moves on once an entry changed, for every answer asked a look interval later", () => {
    fc.assert(
      fc.property(runs, ({ steps, resolution, start, age }) => {
        const { answers, changed } = run(steps, resolution, start, age);
        for (const change of changed) {
          const before = new Set(answers.filter((answer) => answer.at < change));
          for (const answer of answers)
            if (answer.at >= change + lookInterval)
              for (const earlier of before) expect(answer.generation).not.toBe(earlier.generation);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("looks at the directory at most once per look interval, however often it is asked", () => {
    fc.assert(
      fc.property(runs, ({ steps, resolution, start, age }) => {
        const { looks, elapsed } = run(steps, resolution, start, age);
        expect(looks).toBeLessThanOrEqual(1 + Math.floor(elapsed / lookInterval));
      }),
    );
  });

  it("keeps its generation while the directory stays as it was long enough ago", () => {
    const steps: Step[] = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0 ? { kind: "wait", milliseconds: 7 } : { kind: "ask" },
    );
    for (const resolution of [0.001, 4, 1000]) {
      const { answers, looks } = run(steps, resolution, 1.8e12, 60_000);
      expect(looks).toBe(50);
      expect(new Set(answers.map((answer) => answer.generation)).size).toBe(1);
    }
  });

  it("moves at every look while the directory's time is too recent to be trusted", () => {
    const steps: Step[] = [{ kind: "change" }];
    for (let index = 0; index < 5; index += 1)
      steps.push({ kind: "wait", milliseconds: lookInterval }, { kind: "ask" });
    const { answers } = run(steps, 0.001, 1.8e12, 0);
    expect(new Set(answers.map((answer) => answer.generation)).size).toBe(5);
  });
});
