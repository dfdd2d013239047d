import { RolloutError } from "@ctx/rollout";

/** The most milliseconds `setTimeout` can wait. */
export const longestWait = 2_147_483_647;

/**
 * `work`'s answer, or a `RolloutError` with code `io-failed` once `milliseconds` pass without
 * one: a server or a network that stops answering (a partition that drops packets, a client
 * that lost track of a query) fails the call as one the caller can retry, instead of leaving it
 * pending for ever. The work itself is not stopped; what it does later is fenced like any
 * retry (see the store's rules).
 */
export function answerWithin<Result>(work: Promise<Result>, milliseconds: number): Promise<Result> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RolloutError(
            "io-failed",
            `the rollout database gave no answer within ${milliseconds} ms; the call can be retried`,
          ),
        ),
      milliseconds,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
