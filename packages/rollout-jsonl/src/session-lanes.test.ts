import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSessionLanes } from "./session-lanes.js";

describe("createSessionLanes", () => {
  it("lets one call of a session in at a time, in the order they came, and every call in", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each call: its session, and how many turns of the microtask queue it stays in.
        fc.array(fc.record({ session: fc.constantFrom("a", "b", "c"), turns: fc.nat(4) }), {
          maxLength: 40,
        }),
        async (calls) => {
          const lanes = createSessionLanes();
          const inside = new Map<string, number>();
          const entered: number[] = [];
          await Promise.all(
            calls.map((call, index) =>
              lanes.run(call.session, async () => {
                const count = (inside.get(call.session) ?? 0) + 1;
                expect(count).toBe(1);
                inside.set(call.session, count);
                entered.push(index);
                for (let turn = 0; turn < call.turns; turn += 1) await Promise.resolve();
                inside.set(call.session, count - 1);
              }),
            ),
          );
          expect(entered.length).toBe(calls.length);
          for (const session of ["a", "b", "c"]) {
            const order = entered.filter((index) => calls[index]?.session === session);
            expect(order).toEqual([...order].sort((left, right) => left - right));
          }
        },
      ),
    );
  });

  it("lets a call into a free lane at once, and the next one in after a call that failed", async () => {
    const lanes = createSessionLanes();
    expect(lanes.enter("s")).toBeUndefined();
    const waiting = lanes.enter("s");
    expect(waiting).toBeInstanceOf(Promise);
    lanes.leave("s");
    await waiting;
    lanes.leave("s");
    expect(lanes.enter("s")).toBeUndefined();
    lanes.leave("s");
    await expect(lanes.run("t", () => Promise.reject(new Error("failed")))).rejects.toThrow(
      "failed",
    );
    await expect(lanes.run("t", async () => "next")).resolves.toBe("next");
  });
});
