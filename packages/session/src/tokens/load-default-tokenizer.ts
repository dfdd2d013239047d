import { describeValue, describeWrongArgument } from "@ctx/text";
import { SessionError } from "../session-error.js";
import { boundedCount, exactLength } from "./bounded-count.js";
import { createO200kCounter } from "./o200k-counter.js";
import { readPackedRanks } from "./packed-ranks.js";
import type { Tokenizer } from "./tokenizer.js";

let loading: Promise<Tokenizer> | undefined;
let loaded: Tokenizer | undefined;

/**
 * The default tokenizer: the o200k_base encoding, the one OpenAI's current models use, counted
 * from a packed rank table (see {@link createO200kCounter}). The table is large, so it is loaded
 * on the first call only (importing `@ctx/session` loads nothing of it) and shared by every later
 * call and session; a built package reads it in place from one file. Special-token text such as
 * `<|endoftext|>` counts as the plain text it is, and a long text is counted in stretches so the
 * time stays linear in its length. Past {@link exactLength} units, the rest of a text is
 * estimated (see {@link boundedCount}), so no count takes longer than about 200,000 units do.
 *
 * @throws {Error} from the load, when the table cannot be read; a later call tries again.
 * @example
 * ```ts
 * const tokenizer = await loadDefaultTokenizer();
 * tokenizer.count("hello world"); // 2
 * ```
 */
export function loadDefaultTokenizer(): Promise<Tokenizer> {
  loading ??= import("./o200k-ranks.js")
    // A build's module may answer with a promise (scripts/packed-ranks-plugin.mjs).
    .then(({ loadO200kRanks }): Uint8Array | Promise<Uint8Array> => loadO200kRanks())
    .then((ranks) => {
      const countStretch = createO200kCounter(readPackedRanks(ranks));
      loaded = {
        name: "o200k_base",
        count: (text) => {
          if (typeof text !== "string") {
            throw new SessionError(
              "invalid-argument",
              describeWrongArgument("text", `expected a string, got ${describeValue(text)}`),
            );
          }
          return boundedCount(text, countStretch);
        },
      };
      return loaded;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The default tokenizer when {@link loadDefaultTokenizer} has finished loading it. */
export function loadedDefaultTokenizer(): Tokenizer | undefined {
  return loaded;
}
