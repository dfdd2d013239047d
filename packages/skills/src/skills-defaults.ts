/** The limits of skills discovery; those of Codex 0.171 but the bytes read of each file. */
export const skillsDefaults = Object.freeze({
  /** How many folders below a skills root are searched. */
  maxDepth: 6,
  /** The most folders one skills root is walked through. */
  maxDirectories: 2000,
  /** A folder with more entries than this is not searched. */
  maxEntries: 20_000,
  /** The bytes read of each `SKILL.md`: its front matter must be closed within them. */
  maxFileBytes: 65_536,
});
