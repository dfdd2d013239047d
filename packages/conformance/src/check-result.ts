/** The outcome of one comparison of one scenario. */
export interface CheckResult {
  /** What was compared: `layout`, `agents-md`, `environment-context`, `permissions`, … */
  readonly check: string;
  readonly outcome: "match" | "differ";
  /** What differed; empty on a match. */
  readonly detail: string;
  /** On a difference: the whole of each side, for `--verbose`. */
  readonly ours?: string | undefined;
  readonly theirs?: string | undefined;
}

/** A match. */
export function matched(check: string): CheckResult {
  return { check, outcome: "match", detail: "" };
}

/** A match when `ours` and `theirs` are equal strings, else a difference showing both. */
export function compareText(
  check: string,
  ours: string | undefined,
  theirs: string | undefined,
): CheckResult {
  if (ours === theirs) return matched(check);
  return {
    check,
    outcome: "differ",
    detail: `@ctx ${JSON.stringify(ours)?.slice(0, 300)} / Codex ${JSON.stringify(theirs)?.slice(0, 300)}`,
    ours,
    theirs,
  };
}
