import { defineFragment, type FragmentKind } from "@ctx/fragments";
import { describe, expect, it } from "vitest";
import * as entry from "./index.js";

// The package's entry, walked: each value it exports has one documented place (README, "Other
// exports"), and these tests hold every export to it through the entry alone.

const exported: [string, unknown][] = Object.entries(entry);

function isKind(value: unknown): value is FragmentKind {
  return typeof value === "object" && value !== null && "create" in value && "matches" in value;
}

function isSection(value: unknown): value is object {
  return typeof value === "object" && value !== null && "scope" in value && "state" in value;
}

const kinds = exported.filter((entryPair): entryPair is [string, FragmentKind] =>
  isKind(entryPair[1]),
);
const sections = exported.filter(([, value]) => isSection(value));

const camelCase = (type: string) =>
  type.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("the entry of @ctx/registry", () => {
  it("exports every standard kind under its camel-case name, and no kind outside the catalogue", () => {
    expect(kinds.map(([, kind]) => kind).sort((a, b) => a.type.localeCompare(b.type))).toEqual(
      [...entry.standardFragments].sort((a, b) => a.type.localeCompare(b.type)),
    );
    for (const [name, kind] of kinds) expect(name).toBe(camelCase(kind.type));
  });

  it("exports each section as the section of at least one standard kind", () => {
    expect(sections.length).toBeGreaterThan(0);
    for (const [name, section] of sections) {
      const users = entry.standardFragments.filter((kind) => kind.section?.declaration === section);
      expect(
        users.map((kind) => kind.type),
        name,
      ).not.toEqual([]);
    }
  });

  it("gives the standard registry the legacy recognisers, then the Codex ones", () => {
    const registry = entry.createStandardRegistry();
    expect(registry.legacy).toEqual([...entry.legacyFragments, ...entry.codexRecognisers]);
    expect(registry.kinds).toEqual(entry.standardFragments);
  });

  it("names in standardMarkers the markers the standard kinds render", () => {
    const known = new Set<string>(
      Object.values(entry.standardMarkers).flatMap((m) => [m.start, m.end]),
    );
    for (const kind of entry.standardFragments) {
      if (kind.markers === null || kind.recognition !== "markers") continue;
      expect(known.has(kind.markers.start), kind.type).toBe(true);
    }
  });

  it("validates configuration with the exported schemas of the kinds built from it", () => {
    for (const example of entry.environmentContext.examples) {
      expect(entry.environmentContextSchema.parse(example)).toEqual(example);
    }
    for (const example of entry.skillsInstructions.examples) {
      expect(entry.skillsInstructionsSchema.parse(example)).toEqual(example);
    }
  });

  it("throws its RegistryError for two kinds of one type, and recognises with a legacy fragment", () => {
    const note = defineFragment({
      type: "note",
      role: "user",
      markers: { start: "<note>", end: "</note>" },
      body: (text: string) => text,
    });
    expect(() => entry.createRegistry([note, note])).toThrow(entry.RegistryError);
    const old = entry.defineLegacyFragment({
      type: "old_note",
      role: "user",
      markers: { start: "<old_note>", end: "</old_note>" },
    });
    const registry = entry.createRegistry([note], { legacy: [old] });
    expect(registry.classify("user", "<old_note>x</old_note>")).toEqual({
      legacy: true,
      type: "old_note",
      recogniser: old,
    });
  });
});
