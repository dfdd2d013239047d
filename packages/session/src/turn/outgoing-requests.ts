import {
  type RequestBodyMapping,
  type RequestDifference,
  sharedInputRequest,
} from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import type { CompactionReport } from "../compaction/compaction-report.js";
import type { PromptView } from "../history/prompt-builder.js";
import { SentInput } from "../history/sent-input.js";
import type { ModelRequest } from "../session.js";
import type { SessionState } from "../session-state.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { explainCacheBreak } from "./cache-break.js";
import { CacheLedger, type LedgerRequest } from "./cache-ledger.js";
import type { CachePrediction } from "./cache-prediction.js";
import { SentBody } from "./sent-body.js";

/**
 * The requests a session hands out, and what waits for the next one: the warnings met between
 * requests (a resume's, a tokenizer that failed to load) and the report of a compaction the
 * caller asked for. Each request is the history as it stands, compared with the one before it;
 * its input is one array that grows while each request extends the one before ({@link SentInput}),
 * handed to a mapping without a copy, so a mapping converts and copies only the new items.
 */
export class OutgoingRequests {
  readonly #state: SessionState;
  /** The last request this object made: `undefined` until then (after a resume, say). */
  #last: PromptView | undefined;
  readonly #sent = new SentInput();
  readonly #ledger = new CacheLedger();
  /** The last request's body, when the session was told how requests are serialised. */
  readonly #body: SentBody | undefined;
  #warnings: CtxWarning[];
  #report: CompactionReport | undefined;

  constructor(
    state: SessionState,
    warnings: readonly CtxWarning[],
    requestBody: RequestBodyMapping | undefined,
  ) {
    this.#state = state;
    this.#body = requestBody === undefined ? undefined : new SentBody(requestBody);
    this.#warnings = [...warnings];
  }

  /** The warnings waiting for the next request. */
  get heldWarnings(): readonly CtxWarning[] {
    return this.#warnings;
  }

  /** The compaction report waiting for the next request. */
  get heldReport(): CompactionReport | undefined {
    return this.#report;
  }

  /** Keeps `warnings` for the next request. */
  holdWarnings(warnings: readonly CtxWarning[]): void {
    this.#warnings.push(...warnings);
  }

  /** Keeps `report` for the next request. */
  holdReport(report: CompactionReport): void {
    this.#report = report;
  }

  /**
   * The last request sent, which the next is compared with: this object's own, or after a
   * resume, rollback or fork the one its rollout records last.
   */
  previous(imageInput: boolean): PromptView | undefined {
    const recorded = this.#state.recordedRequest;
    return this.#last ?? (imageInput ? recorded?.withImages : recorded?.textOnly);
  }

  /**
   * The request for the history as it stands, compared with `previous`: the request before it,
   * taken before this turn's records were applied (they make the history the recorded request),
   * and the cache prediction against the last request sent (`previousModel` is the model before
   * this turn's, for a first request after a resume). What was held for it is given up:
   * `warnings` and `report` are what it carries.
   */
  send(request: {
    readonly instructions: string;
    readonly imageInput: boolean;
    readonly warnings: readonly CtxWarning[];
    readonly report: CompactionReport | undefined;
    readonly previous: PromptView | undefined;
    readonly previousModel: string | undefined;
    readonly model: LedgerRequest["model"];
    readonly settings: LedgerRequest["settings"];
    readonly at: number;
    readonly counter: TokenCounter;
  }): ModelRequest {
    const { instructions, imageInput, warnings, report, previous } = request;
    this.#warnings = [];
    this.#report = undefined;
    const view = this.#state.prompt.view({ imageInput });
    const cacheBreak =
      previous === undefined ? undefined : explainCacheBreak(previous, view, this.#state.registry);
    const cachePrediction = this.#ledger.predict(
      { view, instructions, model: request.model, settings: request.settings, at: request.at },
      { view: previous, model: request.previousModel },
      cacheBreak,
      report !== undefined,
      request.counter,
    );
    const sent = this.#sent.of(view);
    this.#last = view;
    const fields = {
      instructions,
      warnings: report === undefined ? warnings : [...warnings, ...report.warnings],
      ...(cacheBreak === undefined ? {} : { cacheBreak }),
      ...(report === undefined ? {} : { compaction: report }),
    };
    const serialised = this.#body?.next(sharedInputRequest(fields, sent, sent.length));
    const difference = serialised?.difference;
    return sharedInputRequest(
      {
        ...fields,
        warnings:
          serialised === undefined ? fields.warnings : [...fields.warnings, ...serialised.warnings],
        ...(cachePrediction === undefined
          ? {}
          : { cachePrediction: withDifference(cachePrediction, difference) }),
      },
      sent,
      sent.length,
    );
  }
}

/** `prediction` with the first differing byte of the serialised request on it and its breaks. */
function withDifference(
  prediction: CachePrediction,
  difference: RequestDifference | undefined,
): CachePrediction {
  if (difference === undefined) return prediction;
  return {
    ...prediction,
    difference,
    breaks: prediction.breaks.map((predicted) => ({ ...predicted, difference })),
  };
}
