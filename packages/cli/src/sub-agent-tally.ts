import type { ReportedUsage } from "./formats/transcript-entry.js";
import type { Measure } from "./history-totals.js";
import { UsageLedger } from "./usage-ledger.js";

/** A sub-agent's conversation held in the transcript beside the main one, summed apart. */
export interface SubAgentTotal {
  /** The sub-agent's id, or `sidechain-N` where the transcript names none. */
  readonly thread: string;
  /** The line its first record is on. */
  readonly line: number;
  readonly items: number;
  readonly bytes: number;
  readonly tokens: number;
  /** Its model requests: one per message of its model. */
  readonly requests: number;
  /** The provider's usage over its requests, as the transcript reported it. */
  readonly reported?: ReportedUsage & { readonly reports: number };
}

/** How many sub-agents are summed one by one; the rest are counted. */
const threadLimit = 256;

interface Thread {
  readonly line: number;
  items: number;
  bytes: number;
  tokens: number;
  requests: number;
  lastMessage: string | undefined;
  readonly ledger: UsageLedger;
}

/**
 * The sub-agents' conversations of a transcript, each summed on its own: never part of the
 * main history, its requests or its totals, since the main model was never sent them.
 */
export class SubAgentTally {
  private readonly threads = new Map<string, Thread>();
  /** The texts of sub-agents past the limit, counted and not summed. */
  leftOut = 0;

  /** Adds one of `thread`'s texts, of the model's message `message` when the model wrote it. */
  add(
    thread: string,
    line: number,
    measure: Measure,
    model: boolean,
    message: string | undefined,
  ): void {
    const held = this.get(thread, line);
    if (held === undefined) return;
    held.items += 1;
    held.bytes += measure.bytes;
    held.tokens += measure.tokens;
    if (model && (message === undefined || message !== held.lastMessage)) held.requests += 1;
    if (model) held.lastMessage = message;
  }

  /** Takes in a usage report of `thread`'s latest request. */
  usage(thread: string, line: number, usage: ReportedUsage, copyOf: string | undefined): void {
    const held = this.get(thread, line);
    held?.ledger.take(usage, copyOf, Math.max(held.requests, 1), undefined, true);
  }

  /** Every sub-agent summed, in the order they first appear. */
  totals(): SubAgentTotal[] {
    return [...this.threads].map(([thread, held]) => ({
      thread,
      line: held.line,
      items: held.items,
      bytes: held.bytes,
      tokens: held.tokens,
      requests: held.requests,
      ...(held.ledger.reported === undefined ? {} : { reported: held.ledger.reported }),
    }));
  }

  private get(thread: string, line: number): Thread | undefined {
    const held = this.threads.get(thread);
    if (held !== undefined) return held;
    if (this.threads.size >= threadLimit) {
      this.leftOut += 1;
      return undefined;
    }
    const fresh: Thread = {
      line,
      items: 0,
      bytes: 0,
      tokens: 0,
      requests: 0,
      lastMessage: undefined,
      ledger: new UsageLedger(),
    };
    this.threads.set(thread, fresh);
    return fresh;
  }
}
