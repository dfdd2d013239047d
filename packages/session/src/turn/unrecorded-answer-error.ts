import type { ModelAnswer } from "@ctx/protocol";
import { RolloutConflictError } from "@ctx/rollout";
import { SessionError } from "../session-error.js";

/**
 * What `runTurn` could not record because another writer appended to the session first (another
 * process resumed it, say): the model's answer, paid for and maybe shown already, or a tool's
 * output. Nothing of `answer` is in the session or its rollout; resume the session
 * (`resumeSession`) and give it to `recordAnswer` to keep it, then go on from there. The
 * store's `RolloutConflictError` is the `cause`.
 */
export class UnrecordedAnswerError extends SessionError {
  /** What was not recorded: the answer's items (or a tool's output), its usage and ending. */
  readonly answer: ModelAnswer;
  /** The session that another writer appended to. */
  readonly sessionId: string;

  constructor(answer: ModelAnswer, conflict: RolloutConflictError) {
    const count = answer.items.length;
    super(
      "unrecorded-answer",
      `${count} item(s) of the turn were not recorded: ${conflict.message}. Resume the session and record error.answer with recordAnswer to keep them`,
      { cause: conflict },
    );
    this.answer = answer;
    this.sessionId = conflict.sessionId;
  }
}

/**
 * `error` as an {@link UnrecordedAnswerError} carrying `answer` when it is a store's conflict,
 * else `error` itself: what `runTurn` throws when a write of its fails.
 */
export function carryingAnswer(error: unknown, answer: ModelAnswer): unknown {
  return RolloutConflictError.isInstance(error) ? new UnrecordedAnswerError(answer, error) : error;
}
