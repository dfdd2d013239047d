import { compactionStateSchema } from "./catalogue/compaction-state.js";
import type { SummaryAnswer } from "./state-summarizer.js";

/**
 * The summarizer's answer in a model's structured answer to {@link compactionAnswerJsonSchema}
 * (the object, or its JSON text): `{ text, state }` when its `state` passes
 * `compactionStateSchema` (a `task` of `null` read as none), `{ text, stateProblem }` saying what
 * failed otherwise, never part of a state; `undefined` when it holds no `summary` text (not JSON,
 * not an object, or cut before its summary), for the summarizer to refuse.
 */
export function readCompactionAnswer(answer: unknown): SummaryAnswer | undefined {
  const value = typeof answer === "string" ? parseJson(answer) : answer;
  if (!isRecord(value) || typeof value.summary !== "string") return undefined;
  const { state } = value;
  const given =
    isRecord(state) && state.task === null
      ? Object.fromEntries(Object.entries(state).filter(([key]) => key !== "task"))
      : state;
  const parsed = compactionStateSchema.safeParse(given);
  if (parsed.success) return { text: value.summary, state: parsed.data };
  const issue = parsed.error.issues[0];
  const where =
    issue === undefined || issue.path.length === 0 ? "state" : `state.${issue.path.join(".")}`;
  return {
    text: value.summary,
    stateProblem: `${where}: ${issue?.message ?? "it does not match the schema"}`,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
