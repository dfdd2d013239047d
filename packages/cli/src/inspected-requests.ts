import type { CacheDiagnostics } from "@ctx/protocol";
import { cacheStake, describeStake } from "./cache-stake.js";
import type { ItemCategory } from "./formats/transcript-entry.js";
import type { Measure } from "./history-totals.js";
import { ReconciliationTally, reconcile } from "./request-reconciliation.js";
import { snapshotRequest } from "./request-snapshot.js";
import type { InspectedEvent, InspectedRequest } from "./rollout-inspection.js";
import { UsageLedger } from "./usage-ledger.js";

/** A kept request, whose report and reconciliation arrive after it. */
type KeptRequest = Omit<InspectedRequest, "reported" | "reconciliation" | "providerCacheReport"> & {
  reported?: NonNullable<InspectedRequest["reported"]>;
  providerCacheReport?: NonNullable<InspectedRequest["providerCacheReport"]>;
  reconciliation?: NonNullable<InspectedRequest["reconciliation"]>;
};

/** What the history holds when a request opens: what it sends. */
export interface RequestHistory {
  readonly line: number;
  readonly turn: number;
  /** The model of the latest turn, whose prices a cache break is counted at. */
  readonly model: string | undefined;
  readonly instructions: Measure | undefined;
  /** The history's sums by kind, and the tokens of all of it. */
  readonly byKind: ReadonlyMap<string, Measure>;
  readonly tokens: number;
  readonly categories: ReadonlyMap<string, ItemCategory>;
  /** Whether an earlier text was counted at bytes / 4. */
  readonly estimated: boolean;
}

/** Records one event of the inspection. */
type RecordEvent = (line: number, type: InspectedEvent["type"], detail: string) => void;

/**
 * The requests `ctx inspect` finds in a transcript: each one's figures (up to a limit), the cache
 * break that comes before it and what it puts at stake, and the provider's usage and cache report
 * that follow it, reconciled with the request's own count.
 */
export class InspectedRequests {
  count = 0;
  /** The tokens of every request, kept or not. */
  tokens = 0;
  readonly kept: KeptRequest[] = [];
  readonly usage = new UsageLedger();
  readonly reconciliation = new ReconciliationTally();
  private pendingBreak: string | undefined;
  private lastBreak = false;
  /** The latest request's figures, to reconcile with the report that follows it. */
  private latest: { tokens: number; reasoning: number } | undefined;
  private reconciled = 0;

  constructor(
    private readonly limit: number,
    private readonly event: RecordEvent,
  ) {}

  /** Says that the next request will not read the cache, and why; `first` keeps an earlier reason. */
  breakBefore(reason: string, first = false): void {
    if (first) this.pendingBreak ??= reason;
    else this.pendingBreak = reason;
  }

  /** Opens a request that sends `history`. */
  open(history: RequestHistory): void {
    this.count += 1;
    const stake =
      this.pendingBreak === undefined || this.latest === undefined
        ? undefined
        : cacheStake(this.latest.tokens, history.model);
    const cacheBreak =
      stake === undefined ? this.pendingBreak : `${this.pendingBreak}: ${describeStake(stake)}`;
    this.lastBreak = cacheBreak !== undefined;
    this.pendingBreak = undefined;
    const tokens = (history.instructions?.tokens ?? 0) + history.tokens;
    this.latest = { tokens, reasoning: history.byKind.get("reasoning")?.tokens ?? 0 };
    this.tokens += tokens;
    if (this.kept.length < this.limit) {
      const { tokensByKind, bytesByKind, categoryOf } = snapshotRequest(
        history.instructions,
        history.byKind,
        history.categories,
      );
      this.kept.push({
        index: this.count,
        line: history.line,
        turn: history.turn,
        ...(history.estimated ? { estimated: true as const } : {}),
        tokens,
        bytesByKind,
        tokensByKind,
        categoryOf,
        ...(cacheBreak === undefined ? {} : { cacheBreak }),
        ...(stake === undefined ? {} : { cacheStake: stake }),
      });
    }
    if (cacheBreak !== undefined) this.event(history.line, "cache-break", cacheBreak);
  }

  /** Takes the provider's usage of the latest request, and reconciles it with the request's count. */
  report(
    usage: NonNullable<InspectedRequest["reported"]>,
    copyOf: string | undefined,
    line: number,
  ): void {
    const target = this.current();
    const cacheBreak = this.usage.take(usage, copyOf, this.count, target, this.lastBreak);
    if (cacheBreak !== undefined) this.event(line, "cache-break", cacheBreak);
    if (this.latest === undefined || this.count === 0) return;
    const { tokens, reasoning } = this.latest;
    const found = reconcile(tokens, usage.input, reasoning);
    if (this.reconciled < this.count) {
      this.reconciled = this.count;
      this.reconciliation.take(this.count, found);
    }
    if (target === undefined) return;
    if (found === undefined) delete target.reconciliation;
    else target.reconciliation = found;
  }

  /** Keeps the provider's cache report on the latest request, and names a miss as an event. */
  cacheReport(report: CacheDiagnostics, line: number): void {
    const target = this.current();
    if (target !== undefined) target.providerCacheReport = report;
    if (!report.missed) return;
    const tokens =
      report.missedInputTokens === undefined ? "" : `, ${report.missedInputTokens} input tokens`;
    this.event(
      line,
      "cache-report",
      `the provider reports a cache miss at request ${this.count} (${report.reason ?? "no reason given"}${tokens})`,
    );
  }

  /** The latest request, when it is kept. */
  private current(): KeptRequest | undefined {
    const request = this.kept.at(-1);
    return request !== undefined && request.index === this.count ? request : undefined;
  }
}
