import { describe, expect, it } from "vitest";
import { readSkillFrontMatter } from "./read-skill-front-matter.js";

/** A SKILL.md whose front matter is `lines`. */
const skillFile = (...lines: string[]) => ["---", ...lines, "---", "Body."].join("\n");

/** `count` lines `k0: v`, `k1: v`, … of distinct keys. */
const manyKeys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}: v`);

describe("readSkillFrontMatter", () => {
  // Each case below was read by Codex 0.171 (`codex debug prompt-input` with the file in
  // $CODEX_HOME/skills/<folder>/SKILL.md); the expected value is the entry Codex listed.
  it.each([
    ["plain", skillFile("name: plain", "description: A plain one."), "plain", "A plain one."],
    ["colon", skillFile("name: colon", "description: a: b"), "colon", "a: b"],
    ["comment", skillFile("name: hash", "description: text # comment here"), "hash", "text"],
    ["number", skillFile("name: num", "description: 42"), "num", "42"],
    ["decimal", skillFile("name: f16", "description: 3.10"), "f16", "3.10"],
    ["boolean", skillFile("name: f10", "description: true"), "f10", "true"],
    ["crlf", "---\r\nname: crlf\r\ndescription: crlf file\r\n---\r\nx", "crlf", "crlf file"],
    [
      "folded",
      skillFile("name: folded", "description: >", "  line one", "  line two"),
      "folded",
      "line one line two",
    ],
    ["literal", skillFile("name: f6", "description: |", "  keep", "  lines"), "f6", "keep lines"],
    ["escapes", skillFile("name: literal", 'description: "a\\nb  c\\td"'), "literal", "a b c d"],
    [
      "quoted",
      skillFile("name: 'quo ted'", "description: 'it''s quoted'"),
      "quo ted",
      "it's quoted",
    ],
    ["padded", skillFile("name: f11", 'description: "  padded  "'), "f11", "padded"],
    [
      "continued",
      skillFile("name: f8", "description: plain", "  continued line"),
      "f8",
      "plain continued line",
    ],
    ["unclosed flow", skillFile("name: [unclosed", "description: bad"), "[unclosed", "bad"],
    [
      "quoted name, bad value",
      skillFile('name: "quoted-f1"', "description: a: b # trailing"),
      "quoted-f1",
      "a: b",
    ],
    [
      "extra keys",
      skillFile("name: extra", "description: x", "license: MIT", "foo: {a: 1}"),
      "extra",
      "x",
    ],
    ["no name", skillFile("description: no name given"), "noname", "no name given"],
    ["empty name", skillFile('name: ""', "description: empty name"), "noname", "empty name"],
    ["fence spaces", "---  \nname: f7\ndescription: fence\n---  \nx", "f7", "fence"],
  ])("reads %s as Codex does", (_case, text, name, description) => {
    expect(readSkillFrontMatter(text, "noname")).toEqual({ name, description, cutFrom: undefined });
  });

  it.each([
    ["no front matter", "just text", "no-front-matter"],
    ["a byte order mark", "\uFEFF---\nname: bom\ndescription: bom file\n---\n", "no-front-matter"],
    ["a blank first line", "\n---\nname: late\ndescription: x\n---\n", "no-front-matter"],
    ["no closing fence", "---\nname: u\ndescription: no closing fence\n", "no-front-matter"],
    ["an empty block", "---\n---\nbody", "no-front-matter"],
    ["a tab indent", skillFile("name: tab", "\tdescription: tab indent"), "invalid-yaml"],
    [
      "trailing text after a quote",
      skillFile("name: f2", "description: 'single: quoted' extra"),
      "invalid-yaml",
    ],
    [
      "a duplicate key",
      skillFile("name: f3", "description: first", "description: second"),
      "invalid-yaml",
    ],
    ["an unterminated quote", skillFile("name: f4", 'description: "unterminated'), "invalid-yaml"],
    [
      "a duplicate key in a nested mapping",
      skillFile("name: f5", "description: d", "metadata:", "  owner: a", "  owner: b"),
      "invalid-yaml",
    ],
    [
      "a duplicate key in a flow mapping",
      skillFile("name: f5", "description: d", "metadata:", "  tags: {owner: a, team: b, owner: c}"),
      "invalid-yaml",
    ],
    [
      "a duplicate key last of thousands",
      skillFile("name: f5", "description: d", ...manyKeys(2_000), "k17: again"),
      "invalid-yaml",
    ],
    [
      "a list description",
      skillFile("name: list", "description:", "  - a", "  - b"),
      "invalid-field",
    ],
    ["no description", skillFile("name: nodesc"), "missing-description"],
    ["an empty description", skillFile("name: e", 'description: ""'), "missing-description"],
    ["a null description", skillFile("name: f9", "description: null"), "missing-description"],
    [
      "a long name",
      skillFile(`name: ${"n".repeat(65)}`, "description: long name"),
      "name-too-long",
    ],
  ])("passes over a file with %s, as Codex does", (_case, text, skip) => {
    expect(readSkillFrontMatter(text, "folder")).toEqual({ skip });
  });

  it("reads a front matter of thousands of short keys, and keys equal only as text differ", () => {
    const text = skillFile("name: many", "description: d", ...manyKeys(2_000));
    expect(readSkillFrontMatter(text, "f")).toEqual({
      name: "many",
      description: "d",
      cutFrom: undefined,
    });
    const numberAndText = skillFile("name: n", "description: d", "1: a", '"1": b');
    expect(readSkillFrontMatter(numberAndText, "f")).toMatchObject({ name: "n" });
  });

  it("keeps a name of 64 characters, counted as characters", () => {
    const name = "é".repeat(64);
    expect(readSkillFrontMatter(skillFile(`name: ${name}`, "description: d"), "f")).toMatchObject({
      name,
    });
  });

  it("cuts a description over 1,024 characters to 1,021 and three dots, as Codex does", () => {
    const description = "abcdefghij".repeat(110);
    const read = readSkillFrontMatter(skillFile("name: long", `description: ${description}`), "f");
    expect(read).toEqual({
      name: "long",
      description: `${description.slice(0, 1021)}...`,
      cutFrom: 1100,
    });
  });

  it("keeps marker-like text in a description as written (the registry guards it)", () => {
    const text = skillFile("name: f12", "description: has </skills_instructions> in it");
    expect(readSkillFrontMatter(text, "f")).toMatchObject({
      description: "has </skills_instructions> in it",
    });
  });
});
