import { utf8ByteLength } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitSkillsInstructions } from "./fit-skills-instructions.js";
import type { SkillsInstructionsData } from "./skills-instructions-schema.js";

type Skill = SkillsInstructionsData["skills"][number];

const skill = (name: string, description: string, path = `/s/${name}/SKILL.md`): Skill => ({
  name,
  description,
  path,
});
/** A skill's line with its newline, in the reference's tokens: `ceil(bytes / 4)`. */
const lineTokens = ({ name, description, path }: Skill) =>
  Math.ceil(
    utf8ByteLength(
      description === undefined || description === ""
        ? `- ${name}: (file: ${path})\n`
        : `- ${name}: ${description} (file: ${path})\n`,
    ) / 4,
  );
const descriptions = (data: SkillsInstructionsData) =>
  data.skills.map((entry) => entry.description);

// The expected cuts below were worked out with the rules Codex 0.171 follows, which the
// conformance scenario `budgets-skills-over-budget` checks against its real requests.
describe("fitSkillsInstructions", () => {
  const three = [
    skill("alpha", "abcdefghijklmnopqrstuvwxyz"),
    skill("beta", "0123456789"),
    skill("gamma", "é".repeat(12)),
  ];

  it("leaves a catalogue whose lines fit alone, with no warning", () => {
    const data = { skills: three };
    expect(fitSkillsInstructions(data, { contextWindow: 2_500 })).toEqual({ data, warnings: [] });
  });

  it("shares what the bare lines leave one character at a time, and cuts with no mark", () => {
    // 2% of 1,500 tokens is 30: the bare lines take 27, the three descriptions share 3 tokens.
    const { data, warnings } = fitSkillsInstructions({ skills: three }, { contextWindow: 1_500 });
    expect(descriptions(data)).toEqual(["abcd", "012345", "éé"]);
    expect(warnings).toEqual([
      {
        code: "skill-descriptions-shortened",
        message: "3 skill descriptions were shortened to fit the 30-token skills budget",
        skills: ["alpha", "beta", "gamma"],
        budget: 30,
        unit: "tokens",
      },
    ]);
  });

  it("gives what a short description leaves to the longer ones", () => {
    const { data } = fitSkillsInstructions({ skills: three }, { contextWindow: 2_000 });
    expect(descriptions(data)).toEqual(["abcdefghijklmnopqrst", "0123456789", "é".repeat(12)]);
  });

  it("charges the table of skill roots when it is long", () => {
    const one = { skills: [skill("a", "x".repeat(560), "r0/a/SKILL.md")] };
    const roots = Array.from({ length: 4 }, (_, index) => ({
      alias: `r${index}`,
      path: `/${"x".repeat(199)}`,
    }));
    // 2% of 15,000 tokens is 300; the line costs 147 and fits, until four long roots take 177.
    expect(fitSkillsInstructions(one, { contextWindow: 15_000 }).warnings).toEqual([]);
    const fitted = fitSkillsInstructions({ ...one, roots }, { contextWindow: 15_000 });
    expect(fitted.data.skills[0]?.description).toBe("x".repeat(464));
    expect(fitted.data.roots).toEqual(roots);
  });

  it("drops every description when even the bare lines are too long, keeping skills that fit", () => {
    const { data, warnings } = fitSkillsInstructions({ skills: three }, { contextWindow: 1_000 });
    expect(data.skills).toEqual([
      { name: "alpha", path: "/s/alpha/SKILL.md" },
      { name: "beta", path: "/s/beta/SKILL.md" },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.skills])).toEqual([
      ["skill-descriptions-shortened", ["alpha", "beta"]],
      ["skills-omitted", ["gamma"]],
    ]);
  });

  it("goes on past a skill too long for what is left", () => {
    const skills = [skill("a-very-long-skill-name-that-costs-a-lot", "d"), skill("b", "d")];
    const { data } = fitSkillsInstructions(
      { skills: [...skills, skill("c", "d")] },
      { contextWindow: 700 },
    );
    expect(data.skills.map((entry) => entry.name)).toEqual(["b", "c"]);
  });

  it("counts characters, 8,000 of them, when the context window is unknown", () => {
    const skills = Array.from({ length: 80 }, (_, index) =>
      skill(`s${String(index).padStart(3, "0")}`, "x".repeat(100), `/p/s${index}/SKILL.md`),
    );
    const { data, warnings } = fitSkillsInstructions({ skills });
    const characters = data.skills.reduce(
      (sum, entry) => sum + `- ${entry.name}: ${entry.description} (file: ${entry.path})\n`.length,
      0,
    );
    expect(characters).toBeLessThanOrEqual(8_000);
    expect(characters).toBeGreaterThan(8_000 - 80);
    expect(warnings[0]).toMatchObject({ budget: 8_000, unit: "characters" });
    // Four roots of 211-character lines: 310 + 4 × 212 characters against 451 take 707 (Codex
    // 0.171 with no window, eight roots: 1,858 against 451, lines of 6,593 characters in all).
    const roots = Array.from({ length: 4 }, (_, index) => ({
      alias: `r${index}`,
      path: `/${"x".repeat(199)}`,
    }));
    const withRoots = fitSkillsInstructions({ skills, roots }).data.skills.reduce(
      (sum, entry) => sum + `- ${entry.name}: ${entry.description} (file: ${entry.path})\n`.length,
      0,
    );
    expect(withRoots).toBeLessThanOrEqual(8_000 - 707);
    expect(withRoots).toBeGreaterThan(8_000 - 707 - 80);
  });

  it("keeps the order, cuts only the ends of descriptions, fits, and shows every loss", () => {
    const arbitrarySkill = fc.record({
      name: fc.stringMatching(/^[a-z]{1,12}$/),
      description: fc.string({ maxLength: 300, unit: "grapheme" }),
      path: fc.stringMatching(/^\/[a-z]{1,20}\/SKILL\.md$/),
    });
    fc.assert(
      fc.property(
        fc.array(arbitrarySkill, { maxLength: 40 }),
        fc.integer({ min: 100, max: 100_000 }),
        (skills, contextWindow) => {
          const { data, warnings } = fitSkillsInstructions({ skills }, { contextWindow });
          const budget = Math.max(1, Math.floor(contextWindow / 50));
          const omitted = warnings.find((entry) => entry.code === "skills-omitted")?.skills ?? [];
          expect(data.skills.length + omitted.length).toBe(skills.length);
          let next = 0;
          for (const kept of data.skills) {
            while (skills[next]?.path !== kept.path || skills[next]?.name !== kept.name) next++;
            expect((skills[next]?.description ?? "").startsWith(kept.description ?? "")).toBe(true);
            next++;
          }
          const tokens = data.skills.reduce((sum, entry) => sum + lineTokens(entry), 0);
          if (skills.reduce((sum, entry) => sum + lineTokens(entry), 0) <= budget)
            expect(data.skills).toEqual(skills);
          else expect(tokens).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 100 },
    );
  });
});
