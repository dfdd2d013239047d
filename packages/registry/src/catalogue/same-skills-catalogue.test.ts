import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameSkillsCatalogue } from "./same-skills-catalogue.js";
import type { SkillsInstructionsData } from "./skills-instructions-schema.js";

const catalogue: fc.Arbitrary<SkillsInstructionsData> = fc.record(
  {
    skills: fc.array(
      fc.record(
        { name: fc.string({ minLength: 1 }), description: fc.string(), path: fc.string() },
        { requiredKeys: ["name", "path"] },
      ),
      { minLength: 1, maxLength: 5 },
    ),
    roots: fc.array(fc.record({ alias: fc.string(), path: fc.string() }), { maxLength: 2 }),
    usage: fc.boolean(),
  },
  { requiredKeys: ["skills"] },
);

describe("sameSkillsCatalogue", () => {
  it("holds for a catalogue and its JSON copy, not once a skill is dropped or renamed", () => {
    fc.assert(
      fc.property(catalogue, (data) => {
        const copy = JSON.parse(JSON.stringify(data)) as SkillsInstructionsData;
        expect(sameSkillsCatalogue(data, copy)).toBe(true);
        expect(sameSkillsCatalogue(data, { ...copy, skills: copy.skills.slice(1) })).toBe(false);
        const [first, ...rest] = copy.skills;
        if (first === undefined) return;
        const renamed = { ...copy, skills: [{ ...first, name: `${first.name}!` }, ...rest] };
        expect(sameSkillsCatalogue(data, renamed)).toBe(false);
      }),
    );
  });

  it("reads a missing description, roots or usage as empty, none or off", () => {
    const skills = [{ name: "a", path: "/a" }];
    expect(
      sameSkillsCatalogue({ skills }, { skills: [{ name: "a", description: "", path: "/a" }] }),
    ).toBe(true);
    expect(sameSkillsCatalogue({ skills }, { skills, roots: [], usage: false })).toBe(true);
    expect(sameSkillsCatalogue({ skills }, { skills, usage: true })).toBe(false);
  });
});
