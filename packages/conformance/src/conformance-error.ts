import { CtxError } from "@ctx/text";

/**
 * What a {@link ConformanceError} is about: `invalid-scenario`, a scenario file or the
 * deviations table that cannot be read; `codex-failed`, Codex failed or printed something the
 * suite cannot read.
 */
export type ConformanceErrorCode = "invalid-scenario" | "codex-failed";

/** The suite could not run: a scenario file is invalid, or Codex failed or printed something unreadable. */
export class ConformanceError extends CtxError<ConformanceErrorCode> {}
