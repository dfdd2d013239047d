import { describe, expect, it } from "vitest";
import { isCreateRetry } from "./is-create-retry.js";
import type { SessionInfo } from "./rollout-store.js";

const taken: SessionInfo = {
  id: "s",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  cwd: "/repo",
  parent: { sessionId: "p", sequence: 2 },
  nextSequence: 2,
  archived: false,
  meta: { model: "m", tags: ["a", { deep: null }] },
};
const request = {
  id: "s",
  cwd: "/repo",
  parent: { sessionId: "p", sequence: 2 },
  meta: { tags: ["a", { deep: null }], model: "m" },
};

describe("isCreateRetry", () => {
  it("holds for the request that made the session, its meta's keys in any order", () => {
    expect(isCreateRetry(taken, request)).toBe(true);
    expect(
      isCreateRetry(
        { ...taken, parent: undefined, nextSequence: 0, meta: null },
        { id: "s", cwd: "/repo" },
      ),
    ).toBe(true);
  });

  it("fails for another request, or once records were appended", () => {
    for (const other of [
      { ...request, id: "t" },
      { ...request, cwd: undefined },
      { ...request, parent: { sessionId: "p", sequence: 1 } },
      { ...request, parent: undefined },
      { ...request, meta: { model: "m", tags: ["a"] } },
      { ...request, meta: { model: "m", tags: ["a", { deep: null }], more: 1 } },
      { ...request, meta: undefined },
    ])
      expect(isCreateRetry(taken, JSON.parse(JSON.stringify(other)))).toBe(false);
    expect(isCreateRetry({ ...taken, nextSequence: 3 }, request)).toBe(false);
  });

  it("refuses arguments that are not a session's info and a create request", () => {
    expect(() => isCreateRetry(null as never, request)).toThrow(/taken/);
    expect(() => isCreateRetry(taken, { id: "has/slash" })).toThrow(
      expect.objectContaining({ code: "invalid-argument" }),
    );
  });
});
