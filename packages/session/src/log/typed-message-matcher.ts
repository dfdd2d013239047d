import { lazySchema } from "@ctx/protocol/internal";
import { describeValue, describeWrongArgument } from "@ctx/text";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { SessionError } from "../session-error.js";

/** A user message the matcher has decided on: the caller's value, and whether the user typed it. */
export interface MatchedMessage<Value> {
  readonly value: Value;
  /** Whether a `user_message` record of Codex names the message as typed by the user. */
  readonly typed: boolean;
}

/**
 * Pairs the user messages of a Codex rollout with Codex's `user_message` records, which log what
 * the user typed: a message a record names is the user's, whatever its text looks like. Messages
 * and records meet by a key (the message's text, or a digest of it), in either order; each
 * record vouches for one message. Messages wait until {@link TypedMessageMatcher.settle}, so a
 * record written just after its message still finds it.
 */
export interface TypedMessageMatcher<Value> {
  /** Codex logged that the user typed the text behind `key`. */
  typed(key: string): void;
  /** A user message of the history, its text behind `key`; `value` comes back from `settle`. */
  message(key: string, value: Value): void;
  /** Every message given since the last call, in order, each with whether a record named it. */
  settle(): MatchedMessage<Value>[];
  /** Whether any `user_message` record was seen: without one, nothing tells typed from injected. */
  readonly sawTyped: boolean;
}

const windowSchema = lazySchema(() =>
  z.union([z.number().int().positive(), z.literal(Number.POSITIVE_INFINITY)]),
);

/**
 * A {@link TypedMessageMatcher} holding at most `window` waiting messages and `window` records no
 * message has claimed yet (`Infinity` for a whole rollout in memory): past it, the oldest waiting
 * message is settled as not typed and the oldest unclaimed record is forgotten, so memory stays
 * bounded while a rollout is read as a stream.
 *
 * @throws {SessionError} naming `window` when it is not a positive integer or `Infinity`.
 * @example
 * ```ts
 * const matcher = createTypedMessageMatcher<number>(Infinity);
 * matcher.message("Fix the test.", 1);
 * matcher.typed("Fix the test.");
 * matcher.settle(); // [{ value: 1, typed: true }]
 * ```
 */
export function createTypedMessageMatcher<Value>(window: number): TypedMessageMatcher<Value> {
  checkSchema("window", window, windowSchema);
  interface Waiting {
    readonly key: string;
    readonly value: Value;
    typed: boolean;
  }
  let waiting: Waiting[] = [];
  /** The waiting messages no record has named yet, by key, oldest first. */
  let unnamed = new Map<string, Waiting[]>();
  /** Records no message has claimed yet, as counts by key; a Map keeps the oldest key first. */
  const unclaimed = new Map<string, number>();
  let unclaimedCount = 0;
  let sawTyped = false;
  const settled: MatchedMessage<Value>[] = [];
  const take = <Key>(map: Map<Key, number>, key: Key) => {
    const count = map.get(key) ?? 0;
    if (count > 1) map.set(key, count - 1);
    else map.delete(key);
  };
  return {
    typed(key) {
      checkKey(key);
      sawTyped = true;
      const message = unnamed.get(key)?.shift();
      if (message !== undefined) {
        message.typed = true;
        return;
      }
      unclaimed.set(key, (unclaimed.get(key) ?? 0) + 1);
      unclaimedCount += 1;
      if (unclaimedCount > window) {
        take(unclaimed, unclaimed.keys().next().value as string);
        unclaimedCount -= 1;
      }
    },
    message(key, value) {
      checkKey(key);
      const credit = unclaimed.has(key);
      if (credit) {
        take(unclaimed, key);
        unclaimedCount -= 1;
      }
      const entry: Waiting = { key, value, typed: credit };
      waiting.push(entry);
      if (!credit) {
        const same = unnamed.get(key);
        if (same === undefined) unnamed.set(key, [entry]);
        else same.push(entry);
      }
      if (waiting.length > window) {
        const oldest = waiting.shift() as Waiting;
        const same = unnamed.get(oldest.key);
        if (same?.[0] === oldest) same.shift();
        settled.push({ value: oldest.value, typed: oldest.typed });
      }
    },
    settle() {
      const done = [
        ...settled.splice(0),
        ...waiting.map((entry) => ({ value: entry.value, typed: entry.typed })),
      ];
      waiting = [];
      unnamed = new Map();
      return done;
    },
    get sawTyped() {
      return sawTyped;
    },
  };
}

/** Throws a {@link SessionError} naming `key` unless it is a string. */
function checkKey(key: unknown): asserts key is string {
  if (typeof key !== "string") {
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument("key", `expected a string, got ${describeValue(key)}`),
    );
  }
}
