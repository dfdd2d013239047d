import { keepRequestBody } from "@ctx/protocol/internal";
import type { RequestBodyMapping, RequestDifference } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import type { ModelRequest } from "../session.js";

/** What {@link SentBody.next} found: the difference with the previous body, or why there is none. */
export interface BodyDifference {
  /** Where the body parts from the previous one; `undefined` when alike or when none was kept. */
  readonly difference: RequestDifference | undefined;
  /** A `request-body-failed` warning when the mapping threw. */
  readonly warnings: readonly CtxWarning[];
}

/**
 * The last request body a session's requests were serialised to, through the caller's
 * {@link RequestBodyMapping}: one body at a time, its lists kept as copies updated in place (a
 * mapping hands the next request the same lists, grown), so the next body is compared with it as
 * it was sent.
 */
export class SentBody {
  readonly #mapping: RequestBodyMapping;
  #last: Record<string, unknown> | undefined;

  constructor(mapping: RequestBodyMapping) {
    this.#mapping = mapping;
  }

  /**
   * Serialises `request`, compares the body with the previous one and keeps it in its place.
   * Every request is compared, not only those with a predicted break: the comparison measures
   * the new part of the body alone, which the next one then skips at the cost of its length.
   */
  next(request: ModelRequest): BodyDifference {
    const previous = this.#last;
    this.#last = undefined;
    try {
      const body = this.#mapping.body(request);
      const difference =
        previous === undefined ? undefined : this.#mapping.difference(previous, body);
      this.#last = keepRequestBody(previous, body, difference);
      return { difference, warnings: [] };
    } catch (error) {
      return {
        difference: undefined,
        warnings: [
          {
            code: "request-body-failed",
            message: `the request body could not be made or compared, so its cache breaks carry no byte offset: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      };
    }
  }
}
