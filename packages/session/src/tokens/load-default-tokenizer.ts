import { describeValue } from "@ctx/text";
import { SessionError } from "../session-error.js";
import { boundedCount, exactLength } from "./bounded-count.js";
import type { Tokenizer } from "./tokenizer.js";

let loading: Promise<Tokenizer> | undefined;
let loaded: Tokenizer | undefined;

/**
 * The default tokenizer: `gpt-tokenizer`'s o200k_base encoding, the one OpenAI's current models
 * use. The encoding's tables are large, so they are imported on the first call only (importing
 * `@ctx/session` loads nothing of them) and shared by every later call and session. Special-token
 * text such as `<|endoftext|>` counts as the plain text it is, and a long text is counted in
 * stretches so the time stays linear in its length. The encoder's merge cache is emptied after
 * each stretch: once full, each of its evictions walks past every entry it evicted before, which
 * made a 2 MB text cost 10 to 16 times a 0.5 MB one. Past {@link exactLength} units, the rest
 * of a text is estimated (see {@link boundedCount}), so no count takes longer than about
 * 200,000 units do.
 *
 * @throws {Error} from the import, when `gpt-tokenizer` cannot be loaded; a later call tries again.
 * @example
 * ```ts
 * const tokenizer = await loadDefaultTokenizer();
 * tokenizer.count("hello world"); // 2
 * ```
 */
export function loadDefaultTokenizer(): Promise<Tokenizer> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then(
    ({ countTokens, clearMergeCache }) => {
      const plain = { disallowedSpecial: new Set<string>() };
      loaded = {
        name: "o200k_base",
        count: (text) => {
          if (typeof text !== "string") {
            throw new SessionError(
              "invalid-argument",
              `text: expected a string, got ${describeValue(text)}`,
            );
          }
          return boundedCount(text, (stretch) => {
            const tokens = countTokens(stretch, plain);
            clearMergeCache();
            return tokens;
          });
        },
      };
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The default tokenizer when {@link loadDefaultTokenizer} has finished loading it. */
export function loadedDefaultTokenizer(): Tokenizer | undefined {
  return loaded;
}
