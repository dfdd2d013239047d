import { isWhiteSpace, trimWhiteSpace } from "@ctx/text";
import { type Document, isMap, isScalar, type Node, parseDocument, Scalar, visit } from "yaml";
import type { SkillSkipReason } from "./skills-warning.js";

/** The longest name a skill may have, in characters. */
export const maxSkillNameLength = 64;
/** The longest description a skill keeps, in characters; a longer one is cut to it. */
export const maxSkillDescriptionLength = 1024;
const cutMark = "...";

/** What a `SKILL.md` says of itself, or why it is not a skill. */
export type SkillFrontMatter =
  | {
      readonly name: string;
      readonly description: string;
      /** The description's length in characters when it was cut to the maximum. */
      readonly cutFrom: number | undefined;
    }
  | { readonly skip: SkillSkipReason };

/**
 * The name and description of a skill from the text of its `SKILL.md`, as Codex 0.171 reads
 * them: the front matter is the lines between a first line `---` and the next `---` line (white
 * space around either allowed); it is read as YAML, and when that fails, once more with every
 * top-level `key: value` whose value is not quoted or a block taken as a whole string (its
 * `# comment` dropped), since skill authors write `description: Use it for: builds`. Numbers and
 * booleans count as the text they are written as; `null` as absent. White space runs become one
 * space. A missing or empty name falls back to the skill's folder name (`skill` without one);
 * a name over 64 characters, or a missing or empty description, is not a skill; a description
 * over 1,024 characters is cut to that length, ending in `...`.
 */
export function readSkillFrontMatter(text: string, folderName: string): SkillFrontMatter {
  const block = frontMatterOf(text);
  if (block === undefined) return { skip: "no-front-matter" };
  const fields = fieldsOf(block) ?? fieldsOf(quotePlainValues(block));
  if (fields === undefined) return { skip: "invalid-yaml" };
  const name = textOf(fields.get("name"));
  const description = textOf(fields.get("description"));
  if (name === false || description === false) return { skip: "invalid-field" };
  const resolvedName = singleLine(name ?? "") || singleLine(folderName) || "skill";
  if ([...resolvedName].length > maxSkillNameLength) return { skip: "name-too-long" };
  const line = singleLine(description ?? "");
  if (line === "") return { skip: "missing-description" };
  const characters = [...line];
  if (characters.length <= maxSkillDescriptionLength) {
    return { name: resolvedName, description: line, cutFrom: undefined };
  }
  const kept = characters.slice(0, maxSkillDescriptionLength - cutMark.length).join("");
  return { name: resolvedName, description: `${kept}${cutMark}`, cutFrom: characters.length };
}

/** The lines between the opening and the closing `---`, or `undefined` without both. */
function frontMatterOf(text: string): string | undefined {
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (lines[0] === undefined || trimWhiteSpace(lines[0]) !== "---") return undefined;
  const close = lines.findIndex((line, index) => index > 0 && trimWhiteSpace(line) === "---");
  if (close <= 1) return undefined;
  return lines.slice(1, close).join("\n");
}

/**
 * The top-level fields of a YAML mapping, or `undefined` when the text is not one or a mapping
 * in it repeats a key.
 */
function fieldsOf(block: string): Map<string, unknown> | undefined {
  // The yaml library's own duplicate check compares each key with every earlier one of its
  // mapping, n squared for a front matter of many short keys; `repeatsAKey` does it in one pass.
  const document = parseDocument(block, { uniqueKeys: false, prettyErrors: false });
  if (document.errors.length > 0 || repeatsAKey(document)) return undefined;
  const contents: unknown = document.contents;
  if (!isMap(contents)) return undefined;
  const fields = new Map<string, unknown>();
  for (const pair of contents.items) {
    if (isScalar(pair.key)) fields.set(String(pair.key.value), pair.value);
  }
  return fields;
}

/**
 * Whether a mapping anywhere in `document` has two equal scalar keys, as the yaml library's
 * `uniqueKeys` judges them (equal values: `1` and `"1"` differ), in time linear in its keys.
 */
function repeatsAKey(document: Document): boolean {
  let repeated = false;
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) {
          repeated = true;
          return visit.BREAK;
        }
        seen.add(pair.key.value);
      }
      return undefined;
    },
  });
  return repeated;
}

/**
 * A field's text: a plain scalar as written (`3.10` stays `3.10`), a quoted or block one as
 * YAML reads it; `undefined` when absent or null, `false` for a list or a mapping.
 */
function textOf(node: unknown): string | undefined | false {
  if (node === undefined || node === null) return undefined;
  if (!isScalar(node)) return false;
  const scalar = node as Scalar & Node;
  if (scalar.value === null) return undefined;
  if (scalar.type === Scalar.PLAIN && typeof scalar.source === "string") return scalar.source;
  return String(scalar.value);
}

const topLevelField = /^([^\s#'"][^:]*):[ \t]+(\S.*)$/;

/** `block` with each unquoted top-level value turned into one double-quoted string. */
function quotePlainValues(block: string): string {
  return block
    .split("\n")
    .map((line) => {
      const match = topLevelField.exec(line);
      if (match === null) return line;
      const [, key = "", raw = ""] = match;
      if (/^["'|>]/.test(raw)) return line;
      const value = raw.replace(/\s+#.*$/, "").trim();
      return `${key}: ${JSON.stringify(value)}`;
    })
    .join("\n");
}

/** `text` on one line: every run of white space one space, none at either end. */
function singleLine(text: string): string {
  let result = "";
  let pendingSpace = false;
  for (const character of text) {
    if (isWhiteSpace(character.charCodeAt(0))) {
      pendingSpace = result !== "";
      continue;
    }
    if (pendingSpace) result += " ";
    pendingSpace = false;
    result += character;
  }
  return result;
}
