import type { CtxWarning } from "@ctx/text";

/**
 * Why a request's counted tokens exceed the input the provider reported for it. The count takes
 * what the transcript holds as text; of that, a reasoning item's summary (`reasoning`) is what
 * the provider does not read as text: it reads the reasoning in its encrypted form, and drops
 * the reasoning of earlier turns. The excess is `explained` when it is within that; otherwise the
 * count holds something the provider was not sent, or the report is not for what the transcript
 * holds: flagged.
 */
export interface Reconciliation {
  /** How many tokens the count exceeds the provider's reported input by. */
  readonly over: number;
  /** The tokens of the reasoning summaries the count takes. */
  readonly reasoning: number;
  readonly explained: boolean;
}

/** The reconciliation of a request that counted `tokens` where the provider reported `input`. */
export function reconcile(
  tokens: number,
  input: number,
  reasoning: number,
): Reconciliation | undefined {
  const over = tokens - input;
  if (over <= 0) return undefined;
  return { over, reasoning, explained: over <= reasoning };
}

/** How many unexplained requests are named one by one. */
const namedFlagged = 5;

/** The requests whose count exceeded the provider's report, tallied over a whole transcript. */
export class ReconciliationTally {
  private reported = 0;
  private explained = 0;
  private readonly flagged: { index: number; over: number; reasoning: number }[] = [];
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
      if (this.flagged.length < namedFlagged) {
        this.flagged.push({
          index,
          over: reconciliation.over,
          reasoning: reconciliation.reasoning,
        });
      }
    }
  }

  /** The warnings to give: how many requests count over the report, and which are unexplained. */
  warnings(): CtxWarning[] {
    const over = this.explained + this.flaggedCount;
    if (over === 0 || this.largest === undefined) return [];
    const warnings: CtxWarning[] = [
      {
        code: "count-over-reported",
        message: `${over} of ${this.reported} reported requests count more tokens than the provider reported as input (at most ${this.largest.over} more, request ${this.largest.index}); in ${this.explained} of them the excess is within the reasoning summaries counted, which the provider reads encrypted, not as text`,
      },
    ];
    if (this.flaggedCount > 0) {
      const named = this.flagged
        .map(
          (each) =>
            `request ${each.index}: ${each.over} over, ${each.reasoning} of reasoning summaries`,
        )
        .join("; ");
      warnings.push({
        code: "count-over-reported-unexplained",
        message: `${this.flaggedCount} request(s) count more than their reasoning summaries explain: the transcript holds something the provider was not sent, or the report is not for what it holds (${named}${this.flaggedCount > this.flagged.length ? "; …" : ""})`,
      });
    }
    return warnings;
  }
}
