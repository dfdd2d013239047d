import type { ReportedUsage } from "./formats/transcript-entry.js";

/** `first` plus `second` times `sign`, figure by figure. */
export const sumUsage = (first: ReportedUsage, second: ReportedUsage, sign = 1): ReportedUsage => ({
  input: first.input + sign * second.input,
  cached: first.cached + sign * second.cached,
  output: first.output + sign * second.output,
  reasoning: first.reasoning + sign * second.reasoning,
});

/** `usage` with how many reports it sums (built field by field: a spread copies slowly). */
const counted = (usage: ReportedUsage, reports: number): ReportedUsage & { reports: number } => ({
  input: usage.input,
  cached: usage.cached,
  output: usage.output,
  reasoning: usage.reasoning,
  reports,
});

/** A request the ledger can give its report to. */
export interface UsageTarget {
  readonly index: number;
  reported?: ReportedUsage;
}

/**
 * The provider's usage reports of one thread of requests: each counted once (a copy, written
 * again under the same key, replaces the one before it: Codex writes each report twice, Claude
 * Code once per block of a message, the later counting more output), summed over the requests,
 * and given to the request it reports on. It also tells when the provider reported fewer than
 * half of the previous request's input tokens as cached: a cache break.
 */
export class UsageLedger {
  /** The provider's usage over every request, and how many reports it is the sum of. */
  reported: (ReportedUsage & { reports: number }) | undefined;
  private lastReport: string | undefined;
  /** The latest report, and the request it went to, for a copy to replace. */
  private lastUsage: { usage: ReportedUsage; target: UsageTarget | undefined } | undefined;
  private lastInput: number | undefined;
  /** The request the latest report belonged to. */
  private reportedRequest = 0;

  /**
   * Takes in a report on request number `requestCount` (`target` when that request is kept);
   * `afterBreak` when that request already broke the cache for a known reason. Returns the cache
   * break the report shows, if it shows one.
   */
  take(
    usage: ReportedUsage,
    copyOf: string | undefined,
    requestCount: number,
    target: UsageTarget | undefined,
    afterBreak: boolean,
  ): string | undefined {
    if (usage.input === 0) return undefined;
    if (copyOf !== undefined && copyOf === this.lastReport) {
      const last = this.lastUsage;
      if (last === undefined || this.reported === undefined) return undefined;
      this.reported = counted(
        sumUsage(sumUsage(this.reported, last.usage, -1), usage),
        this.reported.reports,
      );
      if (last.target?.reported !== undefined) {
        last.target.reported = sumUsage(sumUsage(last.target.reported, last.usage, -1), usage);
      }
      this.lastUsage = { usage, target: last.target };
      return undefined;
    }
    this.lastReport = copyOf;
    // A report before the first request is for a request the transcript does not hold (a fork's
    // parent's, copied with its history).
    if (requestCount === 0) return undefined;
    this.reported =
      this.reported === undefined
        ? counted(usage, 1)
        : counted(sumUsage(this.reported, usage), this.reported.reports + 1);
    if (target !== undefined) {
      target.reported = target.reported === undefined ? usage : sumUsage(target.reported, usage);
    }
    this.lastUsage = { usage, target };
    // Only a report for a new request is compared with the one before: never a request with itself.
    const fresh = requestCount > this.reportedRequest;
    this.reportedRequest = requestCount;
    if (!fresh) return undefined;
    const previous = this.lastInput;
    this.lastInput = usage.input;
    if (previous !== undefined && usage.cached < previous / 2 && requestCount > 1 && !afterBreak) {
      return `the provider reported ${usage.cached} cached of ${usage.input} input tokens, after ${previous} input tokens the request before`;
    }
    return undefined;
  }
}
