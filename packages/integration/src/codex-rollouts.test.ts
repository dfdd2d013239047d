import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { type MessageItem, parseResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";

const registry = createStandardRegistry();

interface Rollout {
  /** How many inputs Codex itself logged as typed by the user (`user_message` events). */
  readonly userInputs: number;
  /** The texts of those inputs, as Codex logged them. */
  readonly userTexts: readonly string[];
  readonly messages: readonly MessageItem[];
}

function readRollout(name: string): Rollout {
  let userInputs = 0;
  const userTexts: string[] = [];
  const messages: MessageItem[] = [];
  for (const line of readFileSync(codexRolloutPath(name), "utf8").split("\n")) {
    if (line === "") continue;
    const record = JSON.parse(line) as {
      type: string;
      payload: { type: string; message?: unknown };
    };
    if (record.type === "event_msg" && record.payload.type === "user_message") {
      userInputs += 1;
      if (typeof record.payload.message === "string") userTexts.push(record.payload.message);
    }
    if (record.type !== "response_item" || record.payload.type !== "message") continue;
    const item = parseResponseItem(record.payload);
    if (item.type === "message") messages.push(item);
  }
  return { userInputs, userTexts, messages };
}

function textTypes(message: MessageItem): (string | undefined)[] {
  return message.content.map((content) =>
    content.type === "input_text" ? registry.classify(message.role, content.text)?.type : undefined,
  );
}

describe("the standard registry on real Codex rollouts", () => {
  it.each(codexRolloutNames)(
    "tells exactly the inputs Codex logged as the user's from injected context in %s",
    (name) => {
      const { userInputs, messages } = readRollout(name);
      const real = messages.filter(
        (message) => message.role === "user" && !registry.isContextualUserMessage(message),
      );
      expect(real).toHaveLength(userInputs);
    },
  );

  it.each(codexRolloutNames)("reads no text a person typed in %s as injected context", (name) => {
    const { userTexts } = readRollout(name);
    expect(userTexts.length).toBeGreaterThan(0);
    for (const text of userTexts) {
      expect(registry.classify("user", text), text.slice(0, 80)).toBeUndefined();
      expect(registry.classify("developer", text), text.slice(0, 80)).toBeUndefined();
    }
  });

  it("recognises every kind of injected user context these Codex versions wrote", () => {
    const seen = new Set(
      codexRolloutNames.flatMap((name) =>
        readRollout(name)
          .messages.filter((message) => message.role === "user")
          .flatMap(textTypes),
      ),
    );
    expect([...seen].filter((type) => type !== undefined).sort()).toEqual([
      "agents_md_instructions",
      "environment_context",
      "turn_aborted",
    ]);
  });

  it("recognises the marked developer context, and leaves tags it does not know alone", () => {
    const developer = codexRolloutNames.flatMap((name) =>
      readRollout(name).messages.filter((message) => message.role === "developer"),
    );
    const types = new Set(developer.flatMap(textTypes));
    for (const type of [
      "permissions_instructions",
      "model_switch",
      "collaboration_mode",
      "skills_instructions",
      "plugins_instructions",
      "multi_agent_mode",
      "codex_subagent_role",
    ]) {
      expect(types).toContain(type);
    }
    const unknown = developer.flatMap((message) =>
      message.content.flatMap((content, index) =>
        content.type === "input_text" && textTypes(message)[index] === undefined
          ? [content.text.slice(0, 13)]
          : [],
      ),
    );
    expect(new Set(unknown)).toEqual(new Set(["<app-context>"]));
  });
});
