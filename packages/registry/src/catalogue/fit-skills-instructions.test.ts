import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSkillsBudget, fitSkillsInstructions } from "./fit-skills-instructions.js";
import { type SkillsInstructionsData, skillsInstructions } from "./skills-instructions.js";

const length = (data: SkillsInstructionsData) =>
  [...skillsInstructions.create(data).render()].length;

function catalogue(count: number, description: string): SkillsInstructionsData {
  return {
    skills: Array.from({ length: count }, (_, index) => ({
      name: `skill-${index}`,
      description,
      path: `/skills/skill-${index}/SKILL.md`,
    })),
  };
}

describe("fitSkillsInstructions", () => {
  it("leaves a catalogue that fits alone, with no warning", () => {
    const data = catalogue(3, "Short.");
    expect(fitSkillsInstructions(data)).toEqual({ data, warnings: [] });
  });

  it("shortens every description to one length first, and says which", () => {
    const data = catalogue(20, "x".repeat(600));
    const { data: fitted, warnings } = fitSkillsInstructions(data);
    expect(length(fitted)).toBeLessThanOrEqual(defaultSkillsBudget);
    expect(fitted.skills).toHaveLength(20);
    expect(new Set(fitted.skills.map((skill) => skill.description?.length)).size).toBe(1);
    expect(fitted.skills[0]?.description?.endsWith("…")).toBe(true);
    expect(warnings.map((warning) => warning.code)).toEqual(["skill-descriptions-shortened"]);
    expect(warnings[0]?.skills).toHaveLength(20);
  });

  it("leaves skills out from the end when even the bare list is too long", () => {
    const { data: fitted, warnings } = fitSkillsInstructions(catalogue(400, "Does things."), {
      contextWindow: 100_000,
    });
    expect(length(fitted)).toBeLessThanOrEqual(8_000);
    expect(fitted.skills.every((skill) => skill.description === undefined)).toBe(true);
    expect(warnings.map((warning) => warning.code)).toEqual([
      "skill-descriptions-shortened",
      "skills-omitted",
    ]);
    expect(warnings[1]?.skills[0]).toBe(`skill-${fitted.skills.length}`);
    expect(fitted.skills.length + (warnings[1]?.skills.length ?? 0)).toBe(400);
  });

  it("takes 2% of the context window as its budget when the window is known", () => {
    const { warnings } = fitSkillsInstructions(catalogue(40, "y".repeat(300)), {
      contextWindow: 272_000,
    });
    expect(warnings).toEqual([]);
    expect(fitSkillsInstructions(catalogue(40, "y".repeat(300))).warnings[0]?.budget).toBe(8_000);
  });

  it("always fits, keeps the order, and shows every loss in a warning", () => {
    const skill = fc.record({
      name: fc.stringMatching(/^[a-z]{1,12}$/),
      description: fc.string({ maxLength: 1200 }),
      path: fc.constant("/s/SKILL.md"),
    });
    fc.assert(
      fc.property(
        fc.array(skill, { maxLength: 60 }),
        fc.integer({ min: 10_000, max: 400_000 }),
        (skills, contextWindow) => {
          const { data, warnings } = fitSkillsInstructions({ skills }, { contextWindow });
          const budget = Math.floor(contextWindow * 0.02 * 4);
          const bare = { skills: [] };
          if (length(bare) <= budget) expect(length(data)).toBeLessThanOrEqual(budget);
          expect(data.skills.map((entry) => entry.name)).toEqual(
            skills.slice(0, data.skills.length).map((entry) => entry.name),
          );
          const lost = warnings.find((warning) => warning.code === "skills-omitted")?.skills ?? [];
          expect(data.skills.length + lost.length).toBe(skills.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
