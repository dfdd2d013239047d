import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";

const promiseSchema = lazySchema(() =>
  z.custom<PromiseLike<unknown>>(
    (value) =>
      (typeof value === "object" || typeof value === "function") &&
      value !== null &&
      typeof (value as { then?: unknown }).then === "function",
    { message: "expected a promise" },
  ),
);

/**
 * What `promise` rejected with, for a test that expects a call to fail: the contract's way to
 * catch a refusal, for any package's tests too.
 *
 * @example
 * ```ts
 * const error = await rejection(store.read("missing"));
 * expect(error).toMatchObject({ code: "session-not-found" });
 * ```
 * @throws {RolloutError} `invalid-argument` when `promise` is not a promise.
 * @throws {Error} when the promise resolves instead.
 */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  const settling = checkSchema("promise", promise, promiseSchema);
  try {
    await settling;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it resolved");
}
