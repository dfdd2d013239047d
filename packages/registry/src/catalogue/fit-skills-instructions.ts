import type { CtxWarning } from "@ctx/text";
import { check } from "../check-argument.js";
import { type SkillsInstructionsData, skillsInstructions } from "./skills-instructions.js";

/** The share of the context window the skills catalogue may take, as in the reference. */
export const skillsContextWindowShare = 0.02;
/** The budget, in characters, when the context window is not known. */
export const defaultSkillsBudget = 8_000;
/** Characters per token in the reference's estimate. */
const charactersPerToken = 4;

/** Skills whose descriptions were shortened or left out, or skills left out, to fit the budget. */
export interface SkillsBudgetWarning extends CtxWarning {
  readonly code: "skill-descriptions-shortened" | "skills-omitted";
  /** The names of the skills concerned, in catalogue order. */
  readonly skills: readonly string[];
  /** The budget, in characters. */
  readonly budget: number;
}

/** Options of {@link fitSkillsInstructions}. */
export interface FitSkillsOptions {
  /** The model's context window in tokens: the budget is 2% of it. Without it, 8,000 characters. */
  readonly contextWindow?: number;
}

/**
 * Fits the skills catalogue into its budget as the reference does, and says what it cost: when
 * the rendered catalogue is too long, descriptions are shortened — all to one common length, the
 * longest that fits, ending in `…` — down to nothing; if even the bare list is too long, skills
 * are left out from the end. Each step leaves a warning naming the skills concerned.
 * @throws {RegistryError} when `data` or `options` is not an object, or `contextWindow` is not a
 * number of 0 or more; {@link FragmentError} when `data` does not fit the skills schema.
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
  skillsInstructions.create(data);
  const budget =
    options.contextWindow === undefined
      ? defaultSkillsBudget
      : Math.floor(options.contextWindow * skillsContextWindowShare * charactersPerToken);
  if (length(data) <= budget) return { data, warnings: [] };

  const longest = Math.max(0, ...data.skills.map((skill) => [...(skill.description ?? "")].length));
  const limit = largestFitting(
    longest,
    (candidate) => length(withDescriptions(data, candidate)) <= budget,
  );
  const shortenedData = withDescriptions(data, limit);
  const kept = largestFitting(
    data.skills.length,
    (count) => length({ ...shortenedData, skills: shortenedData.skills.slice(0, count) }) <= budget,
  );
  const fitted = { ...shortenedData, skills: shortenedData.skills.slice(0, kept) };
  const warnings: SkillsBudgetWarning[] = [];
  const shortened = data.skills.filter(
    (skill, index) => skill.description !== shortenedData.skills[index]?.description,
  );
  if (shortened.length > 0) {
    warnings.push({
      code: "skill-descriptions-shortened",
      message: `${shortened.length} skill descriptions were shortened to fit the ${budget}-character skills budget`,
      skills: shortened.map((skill) => skill.name),
      budget,
    });
  }
  const omitted = data.skills.slice(kept).map((skill) => skill.name);
  if (omitted.length > 0) {
    warnings.push({
      code: "skills-omitted",
      message: `${omitted.length} skills were left out to fit the ${budget}-character skills budget`,
      skills: omitted,
      budget,
    });
  }
  return { data: fitted, warnings };
}

/** The largest value in 0…`maximum` that `fits` (which must hold for every smaller value), or 0. */
function largestFitting(maximum: number, fits: (value: number) => boolean): number {
  let low = 0;
  let high = maximum;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

function length(data: SkillsInstructionsData): number {
  return [...skillsInstructions.create(data).render()].length;
}

/** Every description cut to at most `limit` characters (the cut ones end in `…`); 0 drops them. */
function withDescriptions(data: SkillsInstructionsData, limit: number): SkillsInstructionsData {
  return {
    ...data,
    skills: data.skills.map((skill) => {
      const characters = [...(skill.description ?? "")];
      if (characters.length <= limit) return skill;
      if (limit === 0) return { name: skill.name, path: skill.path };
      return { ...skill, description: `${characters.slice(0, limit - 1).join("")}…` };
    }),
  };
}
