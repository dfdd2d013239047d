import { mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeTranscriptPath, codexRolloutPath } from "@ctx/fixtures";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { resumeSession } from "@ctx/session";
import { beforeAll, describe, expect, it } from "vitest";
import { runCtx } from "./__fixtures__/run-ctx.js";

let folder: string;
beforeAll(async () => {
  folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-import-")));
});

describe("ctx import", () => {
  it("writes a Codex rollout into a new session of the store, the user's messages the user's", async () => {
    const run = await runCtx(
      [
        "import",
        codexRolloutPath("cli-0.79-agents-md.jsonl"),
        "--store",
        "sessions",
        "--session",
        "moved",
      ],
      folder,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Imported \d+ item\(s\) into session moved of .*sessions\.\n$/);
    const store = createJsonlRolloutStore(join(folder, "sessions"));
    try {
      const history = (await resumeSession(store, { sessionId: "moved" })).history();
      // The rollout logs four messages the user typed.
      expect(history.filter((entry) => entry.origin.source === "user")).toHaveLength(4);
    } finally {
      await store.close();
    }
  });

  it("writes a Claude Code transcript into a new session, the person's words the person's", async () => {
    const run = await runCtx(
      [
        "import",
        claudeCodeTranscriptPath("tool-heavy.jsonl"),
        "--store",
        "sessions",
        "--session",
        "claude",
      ],
      folder,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Imported 22 item\(s\) into session claude of .*sessions\.\n$/);
    const store = createJsonlRolloutStore(join(folder, "sessions"));
    try {
      const history = (await resumeSession(store, { sessionId: "claude" })).history();
      // The person typed two requests and ran /mcp; the command's caveat and output are not theirs.
      const theirs = history.filter((entry) => entry.origin.source === "user");
      expect(theirs).toHaveLength(3);
      expect(history.filter((entry) => entry.item.type === "function_call")).toHaveLength(6);
    } finally {
      await store.close();
    }
  });

  it("says how many records of an inline sub-agent it left out", async () => {
    const record = (uuid: string, sidechain: boolean, text: string) =>
      JSON.stringify({
        type: "user",
        sessionId: "s",
        cwd: "/w",
        version: "1.0.43",
        isSidechain: sidechain,
        uuid,
        message: { role: "user", content: text },
      });
    await writeFile(
      join(folder, "inline.jsonl"),
      `${[record("a", false, "Survey the tests."), record("b", true, "Find every test."), record("c", true, "Read them.")].join("\n")}\n`,
    );
    const run = await runCtx(["import", "inline.jsonl", "--store", "sessions"], folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Imported 1 item\(s\) into session .* 2 record\(s\) of sub-agents' conversations were left out\.\n$/,
    );
  });

  it("takes the store from CTX_SESSIONS, and needs one", async () => {
    const rollout = codexRolloutPath("cli-0.58-env-context.jsonl");
    const named = await runCtx(["import", rollout], folder, { CTX_SESSIONS: "env-store" });
    expect(named.code).toBe(0);
    expect(named.stdout).toContain(join(folder, "env-store"));
    const unnamed = await runCtx(["import", rollout], folder);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain("give --store DIR, or set CTX_SESSIONS");
  });

  it("refuses a missing file and a rollout without history in one line", async () => {
    const missing = await runCtx(["import", "nowhere.jsonl", "--store", "sessions"], folder);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`error: ${join(folder, "nowhere.jsonl")} does not exist\n`);
    await writeFile(join(folder, "empty.jsonl"), '{"type":"session_meta","payload":{}}\n');
    const empty = await runCtx(["import", "empty.jsonl", "--store", "sessions"], folder);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^error: cannot import .*empty\.jsonl: .*no history item.*\n$/);
  });
});
