import { describe, expect, it } from "vitest";
import { createPageFilter, isListedBefore, pageSessions } from "./page-sessions.js";
import { RolloutError } from "./rollout-error.js";
import type { SessionInfo } from "./rollout-store.js";

const session = (id: string, updatedAt: string, extra: Partial<SessionInfo> = {}): SessionInfo => ({
  id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt,
  cwd: undefined,
  parent: undefined,
  nextSequence: 0,
  archived: false,
  meta: null,
  ...extra,
});

const sessions = [
  session("a", "2026-01-01T00:00:01.000Z"),
  session("b", "2026-01-01T00:00:03.000Z", { cwd: "/repo" }),
  session("c", "2026-01-01T00:00:02.000Z", { archived: true }),
  session("d", "2026-01-01T00:00:03.000Z"),
];

describe("pageSessions", () => {
  it("lists the newest first, then by id, and pages on with the cursor it returns", () => {
    const first = pageSessions(sessions, { limit: 2 });
    expect(first.sessions.map((entry) => entry.id)).toEqual(["d", "b"]);
    const second = pageSessions(sessions, { limit: 2, cursor: first.cursor });
    expect(second.sessions.map((entry) => entry.id)).toEqual(["a"]);
    expect(second.cursor).toBeUndefined();
  });

  it("keeps archived sessions out unless asked, and filters by folder", () => {
    const all = pageSessions(sessions, { includeArchived: true });
    expect(all.sessions.map((entry) => entry.id)).toEqual(["d", "b", "c", "a"]);
    expect(pageSessions(sessions, { cwd: "/repo" }).sessions.map((entry) => entry.id)).toEqual([
      "b",
    ]);
  });

  it("refuses a cursor no listing returned, and what is not a session", () => {
    expect(() => pageSessions(sessions, { cursor: "not-a-cursor" })).toThrow(/cursor/);
    expect(() => pageSessions([session("a", "x"), null as never], {})).toThrow(/sessions\[1\]/);
    expect(() => pageSessions("ab" as never, {})).toThrow(RolloutError);
  });
});

describe("isListedBefore", () => {
  it("orders by update time, newest first, then by id", () => {
    const [a, b, , d] = sessions as [SessionInfo, SessionInfo, SessionInfo, SessionInfo];
    expect(isListedBefore(b, a)).toBe(true);
    expect(isListedBefore(a, b)).toBe(false);
    expect(isListedBefore(d, b)).toBe(true);
  });
});

describe("createPageFilter", () => {
  it("passes the sessions a page may hold", () => {
    const listed = createPageFilter({ cwd: "/repo" });
    expect(sessions.filter(listed).map((entry) => entry.id)).toEqual(["b"]);
    expect(() => createPageFilter({ limit: 0 })).toThrow(/options/);
  });
});
