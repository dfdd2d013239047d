import type { CtxWarning } from "@ctx/text";
import { check } from "../check-argument.js";
import { shareDescriptionRoom } from "./share-description-room.js";
import { type SkillsBudgetUnit, skillsBudget } from "./skills-budget.js";
import {
  maxSkillDescriptionLength,
  type SkillsInstructionsData,
} from "./skills-instructions-schema.js";

/** Skills whose descriptions were shortened or left out, or skills left out, to fit the budget. */
export interface SkillsBudgetWarning extends CtxWarning {
  readonly code: "skill-descriptions-shortened" | "skills-omitted";
  /** The names of the skills concerned, in catalogue order. */
  readonly skills: readonly string[];
  /** The budget, in `unit`. */
  readonly budget: number;
  /** What the budget counts: tokens (`ceil(bytes / 4)`) with a known window, else characters. */
  readonly unit: SkillsBudgetUnit;
}

/** Options of {@link fitSkillsInstructions}. */
export interface FitSkillsOptions {
  /** The model's context window in tokens: the budget is 2% of it. Without it, 8,000 characters. */
  readonly contextWindow?: number;
}

type Skill = SkillsInstructionsData["skills"][number];

/**
 * Fits the skills catalogue into its budget as Codex 0.171 does, and says what it cost. Only the
 * skill lines count (each with its newline, rounded on its own), against 2% of the context window
 * in tokens (`ceil(bytes / 4)`) or 8,000 characters, less what the table of skill roots is
 * charged. When the lines are too long, descriptions share what the bare lines leave, one
 * character at a time in list order, and are cut there without a mark; when even the bare lines
 * are too long, every description goes and the skills are kept, in order, while each still fits.
 * Each loss is a warning naming the skills concerned.
 * `data` is the section's state, which the section's schema has checked before this runs.
 * @throws {RegistryError} when `data` or `options` is not an object, or `contextWindow` is not a
 * number of 0 or more.
 */
export function fitSkillsInstructions(
  data: SkillsInstructionsData,
  options: FitSkillsOptions = {},
): { data: SkillsInstructionsData; warnings: SkillsBudgetWarning[] } {
  check.object("data", data as unknown);
  check.object("options", options as unknown);
  const { contextWindow } = options;
  check.condition(
    "options.contextWindow",
    contextWindow,
    contextWindow === undefined ||
      (typeof contextWindow === "number" && Number.isFinite(contextWindow) && contextWindow >= 0),
    "a number of 0 or more",
  );
  const budget = skillsBudget(
    contextWindow,
    (data.roots ?? []).map((root) => `- \`${root.alias}\` = \`${root.path}\``),
  );
  const described = data.skills.map((skill) => ({
    skill,
    characters: [...(skill.description ?? "").slice(0, maxSkillDescriptionLength)],
  }));
  const linesCost = (lines: readonly string[]) =>
    lines.reduce((sum, line) => sum + budget.lineCost(line), 0);
  if (
    linesCost(described.map(({ skill, characters }) => line(skill, characters))) <= budget.forLines
  )
    return { data, warnings: [] };

  const bareCost = linesCost(described.map(({ skill }) => line(skill, [])));
  let fitted: (Skill | undefined)[];
  if (bareCost <= budget.forLines) {
    const shares = shareDescriptionRoom(
      described.map(({ skill, characters }) => ({ bare: line(skill, []), characters })),
      budget.forLines - bareCost,
      budget,
    );
    fitted = described.map(({ skill, characters }, index) =>
      withDescription(skill, characters, shares[index] ?? 0),
    );
  } else {
    let used = 0;
    fitted = described.map(({ skill, characters }) => {
      const cost = budget.lineCost(line(skill, []));
      if (used + cost > budget.forLines) return undefined;
      used += cost;
      return withDescription(skill, characters, 0);
    });
  }
  const shortened: string[] = [];
  const omitted: string[] = [];
  for (const [index, { skill, characters }] of described.entries()) {
    const after = fitted[index];
    if (after === undefined) omitted.push(skill.name);
    else if (characters.length > 0 && after.description !== skill.description)
      shortened.push(skill.name);
  }
  const warnings: SkillsBudgetWarning[] = [];
  const size = `${budget.size}-${budget.unit === "tokens" ? "token" : "character"}`;
  if (shortened.length > 0) {
    warnings.push({
      code: "skill-descriptions-shortened",
      message: `${shortened.length} skill descriptions were shortened to fit the ${size} skills budget`,
      skills: shortened,
      budget: budget.size,
      unit: budget.unit,
    });
  }
  if (omitted.length > 0) {
    warnings.push({
      code: "skills-omitted",
      message: `${omitted.length} skills were left out to fit the ${size} skills budget`,
      skills: omitted,
      budget: budget.size,
      unit: budget.unit,
    });
  }
  return {
    data: { ...data, skills: fitted.filter((skill) => skill !== undefined) },
    warnings,
  };
}

/** The skill's line as the reference measures it, with the first `characters` of its description. */
function line(skill: Skill, characters: readonly string[]): string {
  return characters.length === 0
    ? `- ${skill.name}: (file: ${skill.path})`
    : `- ${skill.name}: ${characters.join("")} (file: ${skill.path})`;
}

/** `skill` with the first `count` characters of its description; none when `count` is 0. */
function withDescription(skill: Skill, characters: readonly string[], count: number): Skill {
  if (count >= characters.length && characters.length > 0) return skill;
  if (count === 0) return { name: skill.name, path: skill.path };
  return { ...skill, description: characters.slice(0, count).join("") };
}
