/** Which program wrote a transcript: Codex, @ctx's JSONL store, Claude Code, or pi. */
export type RolloutFormat = "codex" | "ctx" | "claude" | "pi";

/** The name of the program behind each format, as the command's output shows it. */
export const rolloutFormatNames: Readonly<Record<RolloutFormat, string>> = {
  codex: "Codex",
  ctx: "@ctx",
  claude: "Claude Code",
  pi: "pi",
};

/** What each format calls one of its files, as the command's output names it. */
export const rolloutFormatFiles: Readonly<Record<RolloutFormat, "rollout" | "transcript">> = {
  codex: "rollout",
  ctx: "rollout",
  claude: "transcript",
  pi: "transcript",
};
