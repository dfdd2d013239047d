import { readFileSync } from "node:fs";
import { createMemoryFileSystem } from "@ctx/agents-md";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { agentsMdInstructions, createStandardRegistry } from "@ctx/registry";
import { createSession, readCodexRollout } from "@ctx/session";
import { describe, expect, it } from "vitest";

const registry = createStandardRegistry();

const userEvents = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.includes('"type":"event_msg"') && line.includes('"type":"user_message"'))
    .length;

describe("readCodexRollout on real Codex rollouts", () => {
  it.each(codexRolloutNames)(
    "takes the user's messages from Codex's own user_message records in %s",
    (name) => {
      const text = readFileSync(codexRolloutPath(name), "utf8");
      const { entries } = readCodexRollout(text, registry);
      expect(entries.filter((entry) => entry.origin.source === "user")).toHaveLength(
        userEvents(text),
      );
    },
  );

  it("keeps a typed text that looks like injected context as the user's", () => {
    const typed = "<environment_context>\n  <cwd>/x</cwd>\n</environment_context>";
    const rollout = [
      {
        type: "response_item",
        payload: { type: "message", role: "user", content: [{ type: "input_text", text: typed }] },
      },
      { type: "event_msg", payload: { type: "user_message", message: typed } },
      {
        type: "response_item",
        payload: {
          type: "message",
          role: "user",
          content: [{ type: "input_text", text: "<environment_context>\n</environment_context>" }],
        },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const { entries } = readCodexRollout(rollout, registry);
    expect(entries.map((entry) => entry.origin)).toEqual([
      { source: "user" },
      { source: "context", kinds: ["environment_context"] },
    ]);
  });

  it("continues a Codex history: its AGENTS.md block makes the current one a replacement", async () => {
    const { entries } = readCodexRollout(
      readFileSync(codexRolloutPath("cli-0.79-agents-md.jsonl"), "utf8"),
      registry,
    );
    const session = createSession({ history: entries });
    const request = await session.beginTurn(
      {
        model: "ctx-coder",
        environments: [{ id: "local", cwd: "/home/xavi/Code/composer", shell: "bash" }],
        agentsMd: {
          discover: {
            fs: createMemoryFileSystem({
              "/home/xavi/Code/composer/AGENTS.md": "New rules.",
            }),
          },
        },
      },
      "Carry on.",
    );
    const added = request.input
      .slice(entries.length - 0)
      .flatMap((item) =>
        item.type === "message"
          ? item.content.flatMap((content) =>
              content.type === "input_text" ? (agentsMdInstructions.parse(content.text) ?? []) : [],
            )
          : [],
      );
    expect(added).toEqual([
      { directory: "/home/xavi/Code/composer", text: "New rules.", supersedes: true },
    ]);
  });
});
