import type { SkillsInstructionsData } from "./skills-instructions-schema.js";

/**
 * Whether two skills catalogues list the same skills (name, description, path, in order), under
 * the same roots, with the same choice of usage guidance: what the model would be shown again.
 */
export function sameSkillsCatalogue(
  left: SkillsInstructionsData,
  right: SkillsInstructionsData,
): boolean {
  const leftRoots = left.roots ?? [];
  const rightRoots = right.roots ?? [];
  return (
    (left.usage ?? false) === (right.usage ?? false) &&
    left.skills.length === right.skills.length &&
    left.skills.every((skill, index) => {
      const other = right.skills[index];
      return (
        other !== undefined &&
        skill.name === other.name &&
        skill.path === other.path &&
        (skill.description ?? "") === (other.description ?? "")
      );
    }) &&
    leftRoots.length === rightRoots.length &&
    leftRoots.every(
      (root, index) =>
        root.alias === rightRoots[index]?.alias && root.path === rightRoots[index]?.path,
    )
  );
}
