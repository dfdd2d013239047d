import type { FragmentKind, SectionReference } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { agentsMdInstructions } from "./catalogue/agents-md-instructions.js";
import { appsInstructions } from "./catalogue/apps-instructions.js";
import { collaborationMode } from "./catalogue/collaboration-mode.js";
import { developerInstructions } from "./catalogue/developer-instructions.js";
import { environmentContext } from "./catalogue/environment-context.js";
import { modelInstructions } from "./catalogue/model-instructions.js";
import { modelSwitch } from "./catalogue/model-switch.js";
import { multiAgentMode } from "./catalogue/multi-agent-mode.js";
import { permissionsInstructions } from "./catalogue/permissions-instructions.js";
import { personalitySpec } from "./catalogue/personality-spec.js";
import { realtimeEnd, realtimeStart, realtimeStartWithInstructions } from "./catalogue/realtime.js";
import { skillsInstructions } from "./catalogue/skills-instructions.js";
import { createStandardRegistry } from "./create-standard-registry.js";

const absent: SectionReference<JsonValue> = { status: "absent" };
const unknown: SectionReference<JsonValue> = { status: "unknown" };
const known = (snapshot: JsonValue): SectionReference<JsonValue> => ({ status: "known", snapshot });

function sent(
  kind: FragmentKind,
  slot: unknown,
  reference: SectionReference<JsonValue>,
  full = false,
) {
  const warnings: string[] = [];
  const result = kind.section?.evaluate(slot, reference, {
    full,
    warn: (warning) => warnings.push(warning.code),
  });
  return { text: result?.fragment?.render(), snapshot: result?.snapshot, warnings };
}

describe("the standard sections", () => {
  it("gives every turn-state kind of the registry a section, ids unique per declaration", () => {
    const ids = createStandardRegistry()
      .kinds.filter((kind) => kind.section !== undefined)
      .map((kind) => kind.section?.id);
    expect([...new Set(ids)]).toEqual([
      "model",
      "developer_instructions",
      "personality",
      "skills",
      "realtime",
      "permissions",
      "collaboration_mode",
      "environments_instructions",
      "apps",
      "plugins",
      "multi_agent_mode",
      "agents_md",
      "environments",
    ]);
  });

  describe("agents_md", () => {
    const state = { directory: "/repo", text: "Rule." };
    it("sends plain instructions without a reference, nothing when empty", () => {
      expect(sent(agentsMdInstructions, state, absent).text).toContain("\n<INSTRUCTIONS>\nRule.\n");
      expect(sent(agentsMdInstructions, { text: "" }, absent).text).toBeUndefined();
    });
    it("sends nothing when the known snapshot is equal", () => {
      expect(sent(agentsMdInstructions, state, known(state)).text).toBeUndefined();
    });
    it("replaces changed or possibly shown instructions with one superseding block", () => {
      const replaced = agentsMdInstructions.parse(
        sent(agentsMdInstructions, state, known({ text: "Old." })).text ?? "",
      );
      expect(replaced).toEqual({ ...state, supersedes: true });
      expect(
        agentsMdInstructions.parse(sent(agentsMdInstructions, state, unknown).text ?? ""),
      ).toEqual({ ...state, supersedes: true });
    });
    it("withdraws removed instructions, and stays quiet when there never were any", () => {
      const removed = sent(agentsMdInstructions, { text: "" }, known(state)).text ?? "";
      expect(agentsMdInstructions.parse(removed)).toEqual({ withdrawn: true });
      expect(sent(agentsMdInstructions, { text: "" }, known({ text: "" })).text).toBeUndefined();
    });
  });

  describe("permissions", () => {
    it("sends the text unless the known snapshot holds the same text", () => {
      const state = { text: "\nRead-only.\n" };
      expect(sent(permissionsInstructions, state, unknown).text).toContain("Read-only.");
      expect(sent(permissionsInstructions, state, known(state)).text).toBeUndefined();
      expect(
        sent(permissionsInstructions, state, known({ text: "\nOther.\n" })).text,
      ).toBeDefined();
      expect(sent(permissionsInstructions, undefined, absent)).toMatchObject({
        text: undefined,
        snapshot: undefined,
      });
    });
  });

  describe("collaboration_mode", () => {
    const plan = { mode: "plan", instructions: "Plan first." };
    it("sends a new mode, never a text change within one mode, nothing when unknown", () => {
      expect(sent(collaborationMode, plan, absent).text).toBe(
        "<collaboration_mode>Plan first.</collaboration_mode>",
      );
      expect(sent(collaborationMode, plan, known({ mode: "plan" })).text).toBeUndefined();
      expect(sent(collaborationMode, plan, known({ mode: "default" })).text).toBeDefined();
      expect(sent(collaborationMode, plan, unknown).text).toBeUndefined();
      expect(sent(collaborationMode, { mode: "x", instructions: "" }, absent).text).toBeUndefined();
    });
  });

  describe("realtime", () => {
    const kinds = [realtimeStart, realtimeStartWithInstructions, realtimeEnd];
    const texts = (slot: unknown, reference: SectionReference<JsonValue>) =>
      kinds.map((kind) => sent(kind, slot, reference).text).filter((text) => text !== undefined);
    it("starts when turned on or when the model may not know, ends only from a known on", () => {
      expect(texts({ active: true }, absent)).toHaveLength(1);
      expect(texts({ active: true }, unknown)).toHaveLength(1);
      expect(texts({ active: true }, known({ active: true }))).toEqual([]);
      expect(texts({ active: false }, absent)).toEqual([]);
      const [ended] = texts({ active: false }, known({ active: true }));
      expect(realtimeEnd.parse(ended ?? "")).toEqual({ reason: "inactive" });
      const [custom] = texts({ active: true, instructions: "Parlez." }, known({ active: false }));
      expect(realtimeStartWithInstructions.parse(custom ?? "")).toEqual({
        instructions: "Parlez.",
      });
    });
  });

  describe("guidance sections", () => {
    it("send the guidance when on and not known to be shown; turning off sends nothing", () => {
      expect(sent(appsInstructions, true, absent).text).toContain("## Apps");
      expect(sent(appsInstructions, true, known(false)).text).toBeDefined();
      expect(sent(appsInstructions, true, known(true)).text).toBeUndefined();
      expect(sent(appsInstructions, true, unknown).text).toBeUndefined();
      expect(sent(appsInstructions, false, known(true))).toEqual({
        text: undefined,
        snapshot: false,
        warnings: [],
      });
    });
  });

  describe("environments", () => {
    const state = { environments: [{ id: "local", cwd: "/a", shell: "bash" }], timezone: "UTC" };
    it("sends everything without a known snapshot and only changes after one", () => {
      const first = sent(environmentContext, state, unknown);
      expect(first.text).toContain("<cwd>/a</cwd>");
      expect(sent(environmentContext, state, known(first.snapshot ?? null)).text).toBeUndefined();
      const moved = { ...state, environments: [{ id: "local", cwd: "/b", shell: "bash" }] };
      expect(sent(environmentContext, moved, known(first.snapshot ?? null)).text).toContain(
        "<cwd>/b</cwd>",
      );
    });
  });

  describe("settings", () => {
    it("announces a model switch only against a known different model", () => {
      const state = { slug: "b", instructions: "Be B." };
      for (const kind of [modelSwitch, modelInstructions]) {
        for (const full of [false, true]) {
          expect(sent(kind, state, absent, full).text).toBeUndefined();
          expect(sent(kind, state, known({ slug: "b" }), full).text).toBeUndefined();
        }
      }
      // With the full context as <model_switch>, in an update as <model_instructions> (0.171).
      expect(sent(modelSwitch, state, known({ slug: "a" }), true).text).toContain("Be B.");
      expect(sent(modelSwitch, state, known({ slug: "a" })).text).toBeUndefined();
      expect(sent(modelInstructions, state, known({ slug: "a" }), true).text).toBeUndefined();
      expect(sent(modelInstructions, state, known({ slug: "a" })).text).toContain("Be B.");
      const same = sent(modelInstructions, state, known({ slug: "a", instructions: "Be B." }));
      expect(same.text).toMatch(/^<model_instructions>\n[^\n]* b\.\n<\/model_instructions>$/);
      expect(same.snapshot).toEqual({ slug: "b", instructions: "Be B." });
    });

    it("sends other base instructions on the same model as an update, as Codex 0.171", () => {
      const state = { slug: "a", instructions: "Be A.", base: "Be terse." };
      const before = known({ slug: "a", instructions: "Be A.", base: "Be careful." });
      const update = sent(modelInstructions, state, before);
      expect(modelInstructions.parse(update.text ?? "")).toEqual({ instructions: "Be terse." });
      expect(update.snapshot).toEqual(state);
      // Unchanged, with the full context (a compaction puts them in the request), or against a
      // snapshot that kept no base instructions: nothing.
      expect(sent(modelInstructions, state, known(state)).text).toBeUndefined();
      expect(sent(modelInstructions, state, before, true).text).toBeUndefined();
      expect(sent(modelSwitch, state, before, true).text).toBeUndefined();
      expect(sent(modelInstructions, state, known({ slug: "a" })).text).toBeUndefined();
      // With a switch on the same turn, the switch carries the new base instructions.
      const switched = sent(modelInstructions, { ...state, slug: "b" }, before);
      expect(modelInstructions.parse(switched.text ?? "")).toEqual({
        model: "b",
        instructions: "Be terse.",
      });
    });

    it("sends a personality when not baked in, and later only a change on the same model", () => {
      const state = { model: "m", personality: "friendly", message: "Be warm.", baked: false };
      expect(sent(personalitySpec, state, absent).text).toContain("Be warm.");
      expect(sent(personalitySpec, { ...state, baked: true }, absent).text).toBeUndefined();
      const before = known({ model: "m", personality: "pragmatic" });
      expect(sent(personalitySpec, { ...state, baked: true }, before).text).toContain("Be warm.");
      expect(sent(personalitySpec, state, known({ model: "other" })).text).toBeUndefined();
      expect(
        sent(personalitySpec, state, known({ model: "m", personality: "friendly" })).text,
      ).toBeUndefined();
    });

    it("says the earlier personality no longer applies on a change back to none, and only then", () => {
      const none = { model: "m", personality: "none", message: "", baked: false };
      const text = sent(personalitySpec, none, known({ model: "m", personality: "friendly" })).text;
      expect(text).toMatch(/^<personality_spec> /);
      expect(text).not.toContain("Be warm.");
      expect(sent(personalitySpec, none, known({ model: "m" })).text).toBeUndefined();
      expect(
        sent(personalitySpec, none, known({ model: "m", personality: "none" })).text,
      ).toBeUndefined();
      expect(sent(personalitySpec, none, absent).text).toBeUndefined();
      expect(
        sent(personalitySpec, none, known({ model: "other", personality: "friendly" })).text,
      ).toBeUndefined();
    });

    it("withdraws a proactive multi-agent mode when the mode goes away", () => {
      const text = sent(multiAgentMode, undefined, known({ mode: "proactive" })).text ?? "";
      expect(multiAgentMode.parse(text)).toEqual({ mode: "explicit-request-only" });
      expect(
        sent(multiAgentMode, { mode: "proactive" }, known({ mode: "proactive" })).text,
      ).toBeUndefined();
    });
  });

  describe("skills", () => {
    const deploy = { name: "deploy", description: "Ship it.", path: "/s/deploy/SKILL.md" };
    const lint = { name: "lint", path: "/s/lint/SKILL.md" };
    const state = { catalogue: { skills: [deploy, lint] } };
    it("re-sends the whole catalogue when the skills listed change, as Codex 0.171", () => {
      const shown = sent(skillsInstructions, state, absent).snapshot ?? null;
      expect(sent(skillsInstructions, state, known(shown)).text).toBeUndefined();
      const removed = sent(skillsInstructions, { catalogue: { skills: [deploy] } }, known(shown));
      expect(removed.text).toContain("- deploy: Ship it.");
      expect(removed.text).not.toContain("lint");
      const described = { catalogue: { skills: [deploy, { ...lint, description: "Lint." }] } };
      expect(sent(skillsInstructions, described, known(shown)).text).toContain("- lint: Lint.");
      const rooted = {
        catalogue: { skills: [deploy, lint], roots: [{ alias: "r0", path: "/s" }] },
      };
      expect(sent(skillsInstructions, rooted, known(shown)).text).toContain("`r0` = `/s`");
    });
    it("says once that no skill is available any more when the last one goes", () => {
      const shown = sent(skillsInstructions, state, absent).snapshot ?? null;
      const none = { catalogue: { skills: [] } };
      const gone = sent(skillsInstructions, none, known(shown));
      expect(gone.text).toMatch(
        /^<skills_instructions>\n## Skills\n[^\n]+\n<\/skills_instructions>$/,
      );
      expect(sent(skillsInstructions, none, known(gone.snapshot ?? null)).text).toBeUndefined();
    });

    it("sends it without a reference, not when an old history may show one, nor with no skills", () => {
      expect(sent(skillsInstructions, state, absent).text).toContain("- lint:");
      expect(sent(skillsInstructions, state, unknown).text).toBeUndefined();
      expect(sent(skillsInstructions, { catalogue: { skills: [] } }, absent).text).toBeUndefined();
      expect(sent(skillsInstructions, undefined, absent).snapshot).toBeUndefined();
    });

    it("fits the skills catalogue to its budget and reports what it cost", () => {
      const skills = Array.from({ length: 40 }, (_, index) => ({
        name: `skill-${index}`,
        description: "d".repeat(400),
        path: `/skills/${index}/SKILL.md`,
      }));
      const result = sent(
        skillsInstructions,
        { catalogue: { skills }, contextWindow: 50_000 },
        absent,
      );
      expect(result.text).toContain("skill-0");
      expect(result.warnings).toContain("skill-descriptions-shortened");
    });
  });

  describe("skills", () => {
    const release = { name: "release", description: "Cut a release.", path: "r0/release/SKILL.md" };
    const roots = [{ alias: "r0", path: "/home/me/.agents/skills" }];
    const slot = (skills: (typeof release)[]) => ({
      catalogue: { skills, roots },
      contextWindow: 272_000,
    });

    it("sends the catalogue whole again when a skill is added, nothing while it is the same", () => {
      const first = sent(skillsInstructions, slot([release]), absent, true);
      expect(first.text).toContain("- release: Cut a release. (file: r0/release/SKILL.md)");
      expect(first.snapshot).toEqual({ skills: [release], roots });
      const shown = known(first.snapshot ?? null);
      expect(sent(skillsInstructions, slot([release]), shown).text).toBeUndefined();
      const lint = { name: "lint", description: "Lint it.", path: "r0/lint/SKILL.md" };
      const again = sent(skillsInstructions, slot([lint, release]), shown).text ?? "";
      expect(again.startsWith("<skills_instructions>\n## Skills\n")).toBe(true);
      expect(again).toContain("- lint: Lint it. (file: r0/lint/SKILL.md)\n- release:");
    });

    it("sends nothing when an old history shows a catalogue it cannot tell", () => {
      expect(sent(skillsInstructions, slot([release]), unknown).text).toBeUndefined();
      expect(sent(skillsInstructions, undefined, unknown).text).toBeUndefined();
    });
  });

  describe("initial sections", () => {
    it("send developer instructions verbatim unless empty", () => {
      expect(sent(developerInstructions, "Be brief.\n", absent).text).toBe("Be brief.\n");
      expect(sent(developerInstructions, "", absent).text).toBeUndefined();
    });
  });
});
