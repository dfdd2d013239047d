import type { FragmentKind } from "@ctx/fragments";
import { trimWhiteSpace } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codexRecognisers } from "./catalogue/codex-recognisers.js";
import { legacyFragments } from "./catalogue/legacy-fragments.js";
import { createRegistry } from "./create-registry.js";
import { createStandardRegistry } from "./create-standard-registry.js";
import { standardFragments } from "./standard-fragments.js";

// Any code point, lone surrogates included: fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

const registry = createStandardRegistry();

const text = fc.oneof(
  fc.string(),
  fc.constantFrom(...registry.markers).map((marker) => `x${marker}y`),
  fc.constant("</INSTRUCTIONS>"),
);
const line = fc.string().filter((value) => value.trim() !== "" && !value.includes("\n"));
const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);

/** Arbitrary data for every recognisable standard kind, to check recognition beyond the examples. */
const arbitraries: Record<string, fc.Arbitrary<unknown>> = {
  model_switch: fc.record({ instructions: text.filter((value) => value !== "") }),
  personality_spec: fc.record({ personality: text.filter((value) => value !== "") }),
  skills_instructions: fc.record({
    skills: fc.array(fc.record({ name: line, description: text, path: line }), { maxLength: 3 }),
  }),
  realtime_start: fc.constant({}),
  realtime_start_with_instructions: fc.record({
    instructions: line.map((value) => `Custom: ${value}`),
  }),
  realtime_end: fc.record({ reason: line }),
  permissions_instructions: fc.record({ text: text.map((value) => `\n${value}\n`) }),
  collaboration_mode: fc.record({ mode: word, instructions: fc.string() }),
  deferred_tools: fc.record({
    namespaces: fc.array(
      fc.record({
        name: word,
        description: text.filter((value) => !/[\n\r\v\f\u0085\u2028\u2029]/.test(value)),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  environments_instructions: fc.constant({}),
  apps_instructions: fc.constant({}),
  plugins_instructions: fc.constant({}),
  context_window: fc.record({ threadId: line, firstWindowId: line, currentWindowId: line }),
  context_window_guidance: fc.record({ message: line }),
  rollout_budget: fc.record({ remaining: fc.nat() }),
  multi_agent_mode: fc.record({ mode: fc.constant("custom"), text: line }),
  multi_agent_role: fc.record({ text: line }),
  model_instructions: fc.record({ model: line, instructions: line }, { requiredKeys: ["model"] }),
  catalog_apps_instructions: fc.record({ text: line }),
  persistent_mode: fc.record({ text: line }),
  content_filter_guidance: fc.record({ text: line }),
  thread_network_requirements: fc.record({ text: line }),
  startup_context: fc.record({ text: line }),
  command_sessions: fc.record({ text: line }),
  side_conversation: fc.constant(undefined),
  user_verification_notice: fc.constant(undefined),
  agent_message_board_notification: fc.record({ text: line }),
  current_time_reminder: fc.oneof(
    fc.constant({}),
    fc.record({
      time: fc.date({
        noInvalidDate: true,
        min: new Date(0),
        max: new Date("9999-12-31T00:00:00Z"),
      }),
    }),
  ),
  image_resize_notice: fc.constant({
    images: [
      {
        index: 1,
        total: 1,
        source: "tool output",
        original: { width: 9, height: 9 },
        resized: { width: 3, height: 3 },
      },
    ],
  }),
  managed_developer_instructions: fc.record({ text: line }),
  turn_aborted_developer: fc.constant(undefined),
  recommended_plugins: fc.record({
    plugins: fc.array(fc.record({ name: line, id: line }), { minLength: 1, maxLength: 3 }),
  }),
  agents_md_instructions: fc.record({ directory: line, text }),
  environment_context: fc.record({
    environments: fc.array(fc.record({ id: word, cwd: text }), { maxLength: 2 }),
    currentDate: text,
    subagents: text,
  }),
  additional_context: fc.record({ key: word, value: text }),
  skill: fc.record({ name: line, path: line, contents: text }),
  compaction_state: fc.record({
    version: fc.constant(1),
    task: text,
    constraints: fc.array(text, { maxLength: 3 }),
    decisions: fc.array(text, { maxLength: 3 }),
    pendingCalls: fc.array(fc.record({ callId: line, tool: line, arguments: text }), {
      maxLength: 2,
    }),
    agents: fc.array(fc.record({ id: line, task: text }), { maxLength: 2 }),
    todos: fc.array(
      fc.record({ text: line, status: fc.constantFrom("open", "in_progress", "done") }),
      { maxLength: 2 },
    ),
    files: fc.record({
      read: fc.array(line, { maxLength: 3 }),
      changed: fc.array(line, { maxLength: 3 }),
    }),
  }),
  user_shell_command: fc.record({
    command: text,
    exitCode: fc.integer(),
    durationSeconds: fc.nat(),
    output: text,
  }),
  turn_aborted: fc.constant(undefined),
  subagent_notification: fc.record({ agentPath: line, status: text }),
  internal_model_context: fc.record({ source: word, text }),
  realtime_delegation: fc.record({ input: text }),
  hook_prompt: fc.record({ runId: line, text }),
};

describe("the standard registry", () => {
  it("passes the collision check with every standard kind and legacy recogniser", () => {
    // The whole check, which createStandardRegistry leaves out among the standard entries.
    const checked = createRegistry(standardFragments, {
      legacy: [...legacyFragments, ...codexRecognisers],
    });
    expect(checked.kinds).toEqual(registry.kinds);
    expect(checked.legacy).toEqual(registry.legacy);
    expect(registry.kinds).toHaveLength(standardFragments.length);
    expect(registry.legacy.map((entry) => entry.type)).toEqual([
      "user_instructions",
      "token_budget",
      "goal_context",
      "legacy_apply_patch_exec_warning",
      "legacy_model_mismatch_warning",
      "legacy_unified_exec_process_limit_warning",
      "codex_compaction_prompt",
      "codex_compaction_summary",
      "codex_root_agent_role",
      "codex_subagent_role",
      "codex_incremental_tools",
      "codex_removed_namespaces",
      "codex_stale_permissions",
      "context_window_start",
      "context_window_end",
      "context_window_body",
      "codex_side_conversation_boundary",
      "codex_question_reply",
      "imported_user_query",
      "imported_session_end",
    ]);
  });

  it("covers every recognisable kind with an arbitrary, and gives every kind an example", () => {
    const recognisable = registry.kinds
      .filter((kind) => kind.recognition !== "none")
      .map((kind) => kind.type);
    expect(Object.keys(arbitraries).sort()).toEqual([...recognisable].sort());
    for (const kind of registry.kinds) expect(kind.examples.length).toBeGreaterThan(0);
  });

  it("classifies every kind's output as that kind and no other", () => {
    for (const kind of registry.kinds.filter((candidate) => candidate.recognition !== "none")) {
      const arbitrary = arbitraries[kind.type];
      if (arbitrary === undefined) throw new Error(`no arbitrary for ${kind.type}`);
      fc.assert(
        fc.property(arbitrary, (data) => {
          const rendered = (kind as FragmentKind<unknown>).create(data).render();
          expect(registry.classify(kind.role, rendered)?.type).toBe(kind.type);
          const others = registry.kinds.filter(
            (other) => other !== kind && other.role === kind.role,
          );
          expect(
            others.filter((other) => other.matches(rendered)).map((other) => other.type),
          ).toEqual([]);
        }),
        { numRuns: 30 },
      );
    }
  });

  it("takes arbitrary text for injected context only when it carries that kind's start marker", () => {
    const pieces = fc.oneof(
      fc.string({ unit: anyCodePoint }),
      fc.constantFrom(
        ...registry.markers,
        "Warning: ",
        "<goal_context>",
        "</goal_context>",
        "\n",
        " ",
      ),
    );
    const text = fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join(""));
    const fold = (value: string) => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
    fc.assert(
      fc.property(fc.constantFrom("user" as const, "developer" as const), text, (role, value) => {
        const found = registry.classify(role, value);
        if (found === undefined) return true;
        const start = found.legacy ? found.recogniser.prefix : found.kind.markers?.start;
        const trimmed = fold(trimWhiteSpace(value));
        if (start === undefined || !trimmed.startsWith(fold(start))) return false;
        if (found.legacy || found.kind.recognition !== "markers") return true;
        return trimmed.endsWith(fold(found.kind.markers?.end ?? ""));
      }),
      { numRuns: 500 },
    );
  });

  it("hides injected context and keeps user intent, as the reference's acceptance list says", () => {
    const user = (value: string) => registry.classify("user", value)?.type;
    expect(user("# AGENTS.md instructions for /tmp\n\n<INSTRUCTIONS>\nbody\n</INSTRUCTIONS>")).toBe(
      "agents_md_instructions",
    );
    expect(user("# AGENTS.md instructions\n\n<INSTRUCTIONS>\nbody\n</INSTRUCTIONS>")).toBe(
      "agents_md_instructions",
    );
    expect(user("<ENVIRONMENT_CONTEXT>\n  <cwd>/</cwd>\n</environment_context>")).toBe(
      "environment_context",
    );
    expect(user('<codex_internal_context source="extension">\nx\n</codex_internal_context>')).toBe(
      "internal_model_context",
    );
    expect(user("<goal_context>g</goal_context>")).toBe("goal_context");
    expect(user("<recommended_plugins>\nx\n</recommended_plugins>")).toBe("recommended_plugins");
    expect(user("<project_context>x</project_context>")).toBeUndefined();
    expect(user("hello")).toBeUndefined();
  });

  it("recognises the reference's contextual developer prefixes", () => {
    const developer = (value: string) =>
      registry.isContextualDeveloperMessage({
        type: "message",
        role: "developer",
        content: [{ type: "input_text", text: value }],
      });
    for (const prefix of [
      "<permissions instructions>",
      "<model_switch>",
      "<apps_instructions>",
      "<collaboration_mode>",
      "<multi_agent_mode>",
      "<multi_agent_role>",
      "<environments_instructions>",
      "<plugins_instructions>",
      "<realtime_conversation>",
      "<skills_instructions>",
      "<personality_spec>",
      "<token_budget>",
      "<context_window>",
      "<context_window_guidance>",
      "<rollout_budget>",
    ]) {
      expect(developer(`${prefix}\n…`)).toBe(true);
    }
    expect(developer("Be terse.")).toBe(false);
  });

  it("takes extra kinds after the standard ones and refuses one that collides", async () => {
    const { defineFragment } = await import("@ctx/fragments");
    const review = defineFragment({
      type: "review_note",
      role: "developer",
      markers: { start: "<review_note>", end: "</review_note>" },
      body: (value: string) => value,
    });
    const extended = createStandardRegistry([review]);
    expect(extended.kinds.at(-1)).toBe(review);
    const impostor = defineFragment({
      type: "impostor",
      role: "user",
      markers: { start: "<environment_context>", end: "</environment_context>" },
      body: () => "",
    });
    expect(() => createStandardRegistry([impostor])).toThrowError(/environment_context/);
  });

  it("tries the examples of extra kinds on the standard ones, and the standard examples on them", async () => {
    const { defineFragment } = await import("@ctx/fragments");
    const forger = defineFragment({
      type: "forger",
      role: "user",
      markers: null,
      body: () => "<environment_context>\n</environment_context>",
      examples: [{}],
    });
    expect(() => createStandardRegistry([forger])).toThrowError(
      '"environment_context" recognises the output of "forger"',
    );
    const claimant = defineFragment({
      type: "claimant",
      role: "user",
      markers: null,
      matches: (text) => text.startsWith("<environment_context>"),
      body: () => "",
    });
    expect(() => createStandardRegistry([claimant])).toThrowError(
      '"claimant" recognises the output of "environment_context"',
    );
  });
});
