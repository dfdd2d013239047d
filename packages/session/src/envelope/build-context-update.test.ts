import {
  commandSessions,
  createRegistry,
  createStandardRegistry,
  developerInstructions,
  environmentContext,
  modelSwitch,
  multiAgentMode,
  permissionsInstructions,
  personalitySpec,
} from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { buildContextUpdate } from "./build-context-update.js";
import { buildInitialContext } from "./build-initial-context.js";

const registry = createStandardRegistry();
const permissions = permissionsInstructions.create({ text: "\nRead-only.\n" });
const environment = environmentContext.create({ environments: [{ id: "local", cwd: "/a" }] });
const personality = personalitySpec.create({ personality: "Be warm." });
const switched = modelSwitch.create({ instructions: "Be B." });
const mode = multiAgentMode.create({ mode: "proactive" });

const shape = (messages: ReturnType<typeof buildContextUpdate>) =>
  messages.map(({ message, kinds }) => `${message.role}:${kinds.join(",")}`);

describe("buildContextUpdate", () => {
  it("puts the settings in one developer message, then merges same-role sections", () => {
    expect(
      shape(buildContextUpdate(registry, [environment, permissions, personality, switched])),
    ).toEqual([
      "developer:model_switch,personality_spec",
      "developer:permissions_instructions",
      "user:environment_context",
    ]);
  });

  it("makes no message from no fragments", () => {
    expect(buildContextUpdate(registry, [])).toEqual([]);
  });
});

describe("buildInitialContext", () => {
  it("bundles developer fragments, sends a separate one alone, then the user bundle", () => {
    // Codex 0.171's full context after a compaction that switches model (the conformance
    // scenario turns-model-switch-compacted): the switch opens the bundle, before the
    // permissions, and the multi-agent mode travels in a message of its own.
    expect(
      shape(buildInitialContext(registry, [environment, permissions, switched, mode])),
    ).toEqual([
      "developer:model_switch,permissions_instructions",
      "developer:multi_agent_mode",
      "user:environment_context",
    ]);
  });

  it("puts the command sessions after the developer instructions and before the permissions", () => {
    // Codex 0.171 with its command-sessions feature (the conformance scenario
    // codex-command-sessions): Be brief., <command_sessions>, …, <permissions instructions>.
    const sessions = commandSessions.create({ text: "None." });
    const instructions = developerInstructions.create({ text: "Be brief." });
    expect(shape(buildInitialContext(registry, [permissions, sessions, instructions]))).toEqual([
      "developer:developer_instructions,command_sessions,permissions_instructions",
    ]);
  });

  it("ends every text but the last with a blank line, unless told not to", () => {
    const [blank] = buildInitialContext(registry, [permissions, switched]);
    expect(
      blank?.message.content.map((content) => ("text" in content ? content.text.slice(-2) : "")),
    ).toEqual(["\n\n", "s>"]);
    const [none] = buildInitialContext(registry, [permissions, switched], { separator: "none" });
    expect(none?.message.content[0]).toEqual({ type: "input_text", text: switched.render() });
  });

  it("refuses a fragment whose kind is not in the registry", () => {
    expect(() =>
      buildInitialContext(createRegistry([environmentContext]), [permissions]),
    ).toThrowError(
      /^invalid fragments: the fragment kind "permissions_instructions" is not in the registry$/,
    );
  });
});
