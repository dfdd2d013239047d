import { CtxError } from "@ctx/text";

/** The suite could not run: a scenario file is invalid, or Codex failed or printed something unreadable. */
export class ConformanceError extends CtxError {}
