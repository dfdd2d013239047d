import { describe, expect, it, vi } from "vitest";
import { createSession } from "../create-session.js";
import { loadDefaultTokenizer } from "./load-default-tokenizer.js";

// The rank table cannot be read here, as when its file is missing from an install.
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock("./o200k-ranks.js", () => ({
  loadO200kRanks: () => {
    attempts.count += 1;
    throw new Error("not installed");
  },
}));

const context = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
};

describe("a session whose default tokenizer cannot be loaded", () => {
  it("counts with bytes/4 and says so once, in a warning of its next turn", async () => {
    const session = createSession();
    const first = await session.beginTurn(context, "hello");
    expect(first.warnings).toEqual([
      expect.objectContaining({
        code: "tokenizer-unavailable",
        message: expect.stringContaining("bytes/4 estimate"),
      }),
    ]);
    await session.record([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "hi" }] },
    ]);
    const second = await session.beginTurn(context, "again");
    expect(second.warnings).toEqual([]);
    expect(session.tokenUsage().tokenizer).toBe("bytes/4");
  });

  it("tries the import again on the next call", async () => {
    const before = attempts.count;
    await expect(loadDefaultTokenizer()).rejects.toThrow();
    await expect(loadDefaultTokenizer()).rejects.toThrow();
    expect(attempts.count).toBe(before + 2);
  });
});
