import { utf8ByteLength } from "@ctx/text";

/** The share of the context window, in percent, the skills list may take, as in the reference. */
const contextWindowPercent = 2;
/** The budget, in characters, when the context window is not known. */
export const defaultSkillsBudget = 8_000;
/** Bytes per token in the reference's estimate (`ceil(bytes / 4)`). */
const bytesPerToken = 4;
/**
 * What the reference charges for the table of skill roots: its catalogue head with the table
 * (`## Skills`, its introduction, `### Skill roots`, the table, `### Available skills`) costs
 * this many bytes or characters besides the table's lines, and its head without a table (where
 * the introduction is longer) costs `headWithoutRoots`; the table is charged the difference, or
 * nothing. Measured on Codex 0.171's requests (its introductions are its prose, not ours).
 */
const headWithRoots = 310;
const headWithoutRoots = 451;

/** The unit the skills budget counts in. */
export type SkillsBudgetUnit = "tokens" | "characters";

/** The budget of a skills list, as the reference counts it. */
export interface SkillsBudget {
  readonly unit: SkillsBudgetUnit;
  /** The whole budget: 2% of the context window in tokens, or 8,000 characters. */
  readonly size: number;
  /** What is left for the skill lines once the table of skill roots is charged. */
  readonly forLines: number;
  /** What a text costs: `ceil(bytes / 4)` tokens, or its characters (code points). */
  cost(characters: number, bytes: number): number;
  /** What one skill line costs, with the newline that ends it. */
  lineCost(line: string): number;
}

/**
 * The reference's budget for a skills list: 2% of `contextWindow` in tokens (at least 1) when
 * the window is known and above 0, else 8,000 characters; the lines share it once the table of
 * `rootLines` is charged. Only the skill lines count against it, each with its newline, each
 * rounded on its own; the rest of the catalogue (headings, introduction) is not counted.
 * Unchecked: the fitting function passes checked values.
 */
export function skillsBudget(
  contextWindow: number | undefined,
  rootLines: readonly string[],
): SkillsBudget {
  const unit: SkillsBudgetUnit =
    contextWindow !== undefined && contextWindow > 0 ? "tokens" : "characters";
  const size =
    contextWindow !== undefined && unit === "tokens"
      ? Math.max(1, Math.floor((contextWindow * contextWindowPercent) / 100))
      : defaultSkillsBudget;
  const cost = (characters: number, bytes: number) =>
    unit === "tokens" ? Math.ceil(bytes / bytesPerToken) : characters;
  const measure = (text: string) => cost(codePointCount(text), utf8ByteLength(text));
  let table = 0;
  if (rootLines.length > 0) {
    const withTable = rootLines.reduce(
      (sum, line) => ({
        characters: sum.characters + codePointCount(line) + 1,
        bytes: sum.bytes + utf8ByteLength(line) + 1,
      }),
      { characters: headWithRoots, bytes: headWithRoots },
    );
    table = Math.max(
      0,
      cost(withTable.characters, withTable.bytes) - cost(headWithoutRoots, headWithoutRoots),
    );
  }
  return {
    unit,
    size,
    forLines: Math.max(0, size - table),
    cost,
    lineCost: (line) => measure(`${line}\n`),
  };
}

/** The code points of `text` (the reference's characters). */
function codePointCount(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}
