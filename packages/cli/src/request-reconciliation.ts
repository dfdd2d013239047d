import type { CtxWarning } from "@ctx/text";

/**
 * Why a request's counted tokens exceed the input the provider reported for it. The count takes
 * items the provider reads differently: a tool call, a tool's output or a reasoning item is
 * counted as its JSON, whose keys and punctuation (`framing`) the provider does not read as
 * text, and a reasoning item's summary (`reasoning`), which the provider reads in its encrypted
 * form instead. The excess is `explained` when it is within those two; otherwise the count holds
 * something the provider was not sent, or the transcript and the report disagree: flagged.
 */
export interface Reconciliation {
  /** How many tokens the count exceeds the provider's reported input by. */
  readonly over: number;
  readonly framing: number;
  readonly reasoning: number;
  readonly explained: boolean;
}

/** The reconciliation of a request that counted `tokens` where the provider reported `input`. */
export function reconcile(
  tokens: number,
  input: number,
  framing: number,
  reasoning: number,
): Reconciliation | undefined {
  const over = tokens - input;
  if (over <= 0) return undefined;
  return { over, framing, reasoning, explained: over <= framing + reasoning };
}

/** The requests whose count exceeded the provider's report, tallied over a whole transcript. */
export class ReconciliationTally {
  private reported = 0;
  private explained = 0;
  private flagged: { index: number; over: number; limit: number }[] = [];
  private flaggedCount = 0;
  private largest: { index: number; over: number } | undefined;

  /** Takes in request `index`'s reconciliation (none when the count is within the report). */
  take(index: number, reconciliation: Reconciliation | undefined): void {
    this.reported += 1;
    if (reconciliation === undefined) return;
    if (this.largest === undefined || reconciliation.over > this.largest.over) {
      this.largest = { index, over: reconciliation.over };
    }
    if (reconciliation.explained) this.explained += 1;
    else {
      this.flaggedCount += 1;
      if (this.flagged.length < 5) {
        const limit = reconciliation.framing + reconciliation.reasoning;
        this.flagged.push({ index, over: reconciliation.over, limit });
      }
    }
  }

  /** The warnings to give: what the excess is and, for requests beyond it, that it is unexplained. */
  warnings(): CtxWarning[] {
    const over = this.explained + this.flaggedCount;
    if (over === 0 || this.largest === undefined) return [];
    const warnings: CtxWarning[] = [
      {
        code: "count-over-reported",
        message: `${over} of ${this.reported} reported requests count more tokens than the provider reported as input (at most ${this.largest.over}, request ${this.largest.index}); in ${this.explained} of them the excess is within what the count takes that the provider does not read as text: the JSON keys and punctuation of tool calls, tool outputs and reasoning items, and reasoning summaries, which the provider reads encrypted`,
      },
    ];
    if (this.flaggedCount > 0) {
      const named = this.flagged
        .map((each) => `request ${each.index}: ${each.over} over, ${each.limit} explained`)
        .join("; ");
      warnings.push({
        code: "count-over-reported-unexplained",
        message: `${this.flaggedCount} request(s) count more than that explains, so the transcript holds something the provider was not sent, or its report is not for what the transcript holds (${named}${this.flaggedCount > this.flagged.length ? "; …" : ""})`,
      });
    }
    return warnings;
  }
}
