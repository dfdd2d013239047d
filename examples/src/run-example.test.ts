import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { runExample } from "./run-example.js";

const folder = useTemporaryFolder("ctx-examples-start-");

/** A repository with an AGENTS.md, and a Codex home without one, under the test's folder. */
function repository(): { cwd: string; environment: Record<string, string> } {
  const cwd = join(folder(), "repo");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  writeFileSync(join(cwd, "AGENTS.md"), "Answer in French.\n");
  writeFileSync(join(cwd, "notes.txt"), "x\n");
  // No API key: the example answers from the local server.
  return { cwd, environment: { CODEX_HOME: join(folder(), "codex") } };
}

describe("runExample (pnpm --filter examples start)", () => {
  it.each(["openai", "anthropic", "ai-sdk"])(
    "runs the %s agent without a key against the local server: AGENTS.md, streaming, a JSONL store",
    async (provider) => {
      const { cwd, environment } = repository();
      const sessions = join(folder(), "sessions");
      let output = "";
      const code = await runExample(
        ["--", "--provider", provider, "--cwd", cwd, "--sessions", sessions],
        environment,
        (text) => {
          output += text;
        },
      );
      expect(code).toBe(0);
      expect(output).toContain(`AGENTS.md: ${join(cwd, "AGENTS.md")}`);
      expect(output).toContain("a local mock server answers");
      const replies = [...output.matchAll(/^agent: (.*)$/gm)].map((match) => match[1]);
      expect(replies).toEqual(["Hello.", "", "You are welcome."]);
      expect(output).toContain("[shell] ls\nThere are two entries.");

      const store = createJsonlRolloutStore(sessions);
      const { sessions: listed } = await store.list();
      expect(listed).toHaveLength(1);
      const { records } = await store.read(listed[0]?.id ?? "");
      await store.close();
      const written = JSON.stringify(records);
      // What the model was sent is what the session recorded: the AGENTS.md and each turn.
      expect(written).toContain("Answer in French.");
      for (const prompt of ["Say hello.", "List the files.", "Thanks."]) {
        expect(written).toContain(prompt);
      }
      expect(output).toContain(`${records.length} records in ${sessions}`);
    },
  );

  it("says how to run it when the provider is missing or unknown", async () => {
    for (const argv of [[], ["--provider", "gemini"], ["--provider"]]) {
      let output = "";
      expect(await runExample(argv, {}, (text) => (output += text))).toBe(2);
      expect(output).toContain("usage: pnpm --filter examples start -- --provider");
    }
  });
});
