import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsTreePath, codexPromptInputPath } from "@ctx/fixtures";
import { type MessageItem, safeParseResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { afterAll, describe, expect, it } from "vitest";
import { assembleRepositoryContext } from "./repository-context.js";

/** Where the recording was made; the test replays it in a copy of the same tree elsewhere. */
const recordedRoot = "/tmp/rec/Kanbus";
const recorded = JSON.parse(
  readFileSync(codexPromptInputPath("kanbus-apps-console.json"), "utf8"),
) as unknown[];
const messages = recorded.flatMap((value) => {
  const parsed = safeParseResponseItem(value);
  return parsed.success && parsed.item.type === "message" ? [parsed.item] : [];
});
const registry = createStandardRegistry();

function texts(message: MessageItem | undefined): string[] {
  return (message?.content ?? []).flatMap((content) =>
    content.type === "input_text" ? [content.text] : [],
  );
}

// Physical path: discovery reports the working directory with every symlink resolved.
const temporary = realpathSync(mkdtempSync(join(tmpdir(), "ctx-codex-input-")));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe("what Codex 0.169 sends, read with the standard registry", () => {
  it("recognises every fragment Codex injected and leaves the user's prompt alone", () => {
    const classified = messages.map((message) =>
      texts(message).map((text) => registry.classify(message.role, text)?.type ?? null),
    );
    expect(classified).toEqual([
      [null],
      ["skills_instructions", "permissions_instructions", "collaboration_mode"],
      ["multi_agent_role"],
      ["multi_agent_mode"],
      ["agents_md_instructions", "environment_context"],
      [null],
    ]);
    expect(
      messages
        .filter((message) => message.role === "user")
        .map((message) => registry.isContextualUserMessage(message)),
    ).toEqual([true, false]);
  });

  it("assembles the same AGENTS.md and environment context for the same tree, byte for byte", async () => {
    const root = join(temporary, "Kanbus");
    cpSync(agentsTreePath("Kanbus"), root, { recursive: true });
    mkdirSync(join(root, ".git"));
    const context = await assembleRepositoryContext({
      cwd: join(root, "apps", "console"),
      now: new Date("2026-11-29T12:00:00Z"),
      timeZone: "Etc/UTC",
      shell: "bash",
      separator: "none",
    });
    const ours = texts(context.input.find((message) => message.role === "user"));
    const theirs = texts(messages.find((message) => message.role === "user")).map((text) =>
      text.replaceAll(recordedRoot, root),
    );
    expect(ours).toEqual(theirs);
  });
});
