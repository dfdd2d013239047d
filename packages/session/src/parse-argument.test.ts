import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { createSession } from "./create-session.js";
import { forkSession } from "./log/fork-session.js";
import { resumeSession } from "./log/resume-session.js";
import type { SessionOptions } from "./session.js";
import { SessionError } from "./session-error.js";

describe("arguments of the session's entry points", () => {
  it("names the option and the path inside it", () => {
    const history = [{ item: { type: "message" }, origin: { source: "user" } }];
    const thrown = (() => {
      try {
        createSession({ history } as unknown as SessionOptions);
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(SessionError.isInstance(thrown)).toBe(true);
    expect(String(thrown)).toMatch(/options: history\[0\]\.item/);
    expect(() => createSession({ sepparator: "none" } as SessionOptions)).toThrowError(
      /options: sepparator: unknown field/,
    );
  });

  it("refuses a wrong store or session id before reading anything", async () => {
    const store = createMemoryRolloutStore();
    await expect(resumeSession(store, { sessionId: "" })).rejects.toThrowError(
      /^invalid options: sessionId: /,
    );
    await expect(forkSession(store, { sessionId: "a", atTurn: -1 })).rejects.toThrowError(
      /^invalid options: atTurn: /,
    );
    const notAStore = {} as typeof store;
    await expect(resumeSession(notAStore, { sessionId: "a" })).rejects.toThrowError(
      /store: expected a rollout store/,
    );
  });
});
