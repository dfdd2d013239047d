import type { CtxWarning } from "@ctx/text";
import type { AnswerEnding } from "./answer-ending.js";
import type { CacheDiagnostics } from "./cache-diagnostics.js";
import type { ReportedUsage } from "./reported-usage.js";
import type { ResponseItem } from "./response-item.js";

/**
 * One answer of the model as the session records it: its complete output items, in order, and
 * the usage the provider reported for it (absent when it reported none), how it ended, and what
 * the mapping left out. Each adapter maps its
 * provider's answer, whole or streamed, to this shape; `runTurn` takes it from `callModel`.
 */
export interface ModelAnswer {
  /** The model's output items, each complete. */
  readonly items: readonly ResponseItem[];
  /** The provider's usage of the request and this answer. */
  readonly usage?: ReportedUsage | undefined;
  /**
   * How the answer ended; absent means `completed`. Every adapter's mapping sets it, so a cut or
   * refused answer is recorded (and ends `runTurn`) as what it was.
   */
  readonly ending?: AnswerEnding | undefined;
  /**
   * What the provider said of its prompt cache for this request, when the request asked for a
   * comparison and the provider's answer was conclusive.
   */
  readonly cacheDiagnostics?: CacheDiagnostics | undefined;
  /** What the mapping left out or found wrong (an output item it does not know, say). */
  readonly warnings?: readonly CtxWarning[];
}
