export { type DiscoverSkillsOptions, discoverSkills } from "./discover-skills.js";
export type { LoadedSkills, Skill, SkillRoot, SkillScope } from "./loaded-skills.js";
export { maxSkillDescriptionLength, maxSkillNameLength } from "./read-skill-front-matter.js";
export { skillsDefaults } from "./skills-defaults.js";
export { SkillsError, type SkillsErrorCode, type SkillsErrorOptions } from "./skills-error.js";
export type {
  DescriptionCutWarning,
  MetadataIgnoredWarning,
  ScanTruncatedWarning,
  SkillSkippedWarning,
  SkillSkipReason,
  SkillsReadFailedWarning,
  SkillsWarning,
  SkillsWarningBase,
} from "./skills-warning.js";
