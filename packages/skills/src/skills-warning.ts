import type { CtxWarning } from "@ctx/text";

/** Why a `SKILL.md` was left out of the skills. */
export type SkillSkipReason =
  /** The file does not open with a `---` line closed by another before its end. */
  | "no-front-matter"
  /** The front matter is closed only past the bytes read of each file (`maxFileBytes`). */
  | "front-matter-too-long"
  /** The front matter is not YAML, even read leniently, or not a mapping. */
  | "invalid-yaml"
  /** `name` or `description` is a list or a mapping rather than text. */
  | "invalid-field"
  /** There is no description, or it is empty. */
  | "missing-description"
  /** The name is longer than 64 characters. */
  | "name-too-long"
  /** The bytes read are not UTF-8. */
  | "invalid-utf8"
  /** The `SKILL.md` is a symlink, which Codex does not follow. */
  | "symlinked"
  /** The `SKILL.md` is not a regular file: a FIFO, a socket, a device (or a folder). */
  | "not-a-file";

/** Fields every skills warning has. */
export interface SkillsWarningBase extends CtxWarning {
  /** The file or folder the warning is about. */
  readonly path: string;
}

/** A `SKILL.md` was found but is not a skill the model can be shown. */
export interface SkillSkippedWarning extends SkillsWarningBase {
  readonly code: "skill-skipped";
  readonly reason: SkillSkipReason;
}

/** A description longer than 1,024 characters was cut to that length. */
export interface DescriptionCutWarning extends SkillsWarningBase {
  readonly code: "description-cut";
  /** The skill's name. */
  readonly skill: string;
  /** The description's length in characters before the cut. */
  readonly characters: number;
}

/** A folder or file could not be listed, checked or read; discovery went on without it. */
export interface SkillsReadFailedWarning extends SkillsWarningBase {
  readonly code: "read-failed";
  readonly operation: "list" | "stat" | "read";
  /** The file system's error code (`EACCES`, `ELOOP`, …), or `null` when it gave none. */
  readonly errorCode: string | null;
}

/** A skills folder holds more than discovery walks; the rest of it was not searched. */
export interface ScanTruncatedWarning extends SkillsWarningBase {
  readonly code: "scan-truncated";
  /** What ran out: folders walked in one skills root, or entries listed in one folder. */
  readonly limit: "directories" | "entries";
  /** The limit reached. */
  readonly count: number;
}

/**
 * A skill's `agents/openai.yaml` (or the file it links to) is not a regular file or could not be
 * read as YAML, so its policy was not applied.
 */
export interface MetadataIgnoredWarning extends SkillsWarningBase {
  readonly code: "metadata-ignored";
}

/** Every limit skills discovery reached and every file it passed over, as a value. */
export type SkillsWarning =
  | SkillSkippedWarning
  | DescriptionCutWarning
  | SkillsReadFailedWarning
  | ScanTruncatedWarning
  | MetadataIgnoredWarning;
