import type { ResponseItem } from "@ctx/protocol";
import { ContextWindowError, type SummaryRequest, type Summarizer } from "@ctx/protocol";

/** A summarizer for tests, and what it was asked. */
export interface FakeSummarizer {
  readonly summarize: Summarizer;
  readonly requests: SummaryRequest[];
}

/** How the fake answers. */
export interface FakeSummarizerOptions {
  /** Requests with more input items than this throw a `ContextWindowError`. */
  readonly maxItems?: number;
  /** Fail this way instead of answering. */
  readonly fail?: "throw" | "hang" | "empty";
}

/**
 * A deterministic summarizer: the summary names how many items it was given and quotes the
 * last user message before the prompt, so a test can tell which history it saw.
 */
export function createFakeSummarizer(options: FakeSummarizerOptions = {}): FakeSummarizer {
  const requests: SummaryRequest[] = [];
  const summarize: Summarizer = (request, { signal }) => {
    requests.push(request);
    if (options.maxItems !== undefined && request.input.length > options.maxItems) {
      return Promise.reject(new ContextWindowError("context-window-exceeded", `${request.input.length} items do not fit`));
    }
    if (options.fail === "throw") return Promise.reject(new Error("the model is down"));
    if (options.fail === "empty") return Promise.resolve("  ");
    if (options.fail === "hang") {
      return new Promise((_, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    }
    const history = request.input.slice(0, -1);
    const last = history.findLast(
      (item): item is Extract<ResponseItem, { type: "message" }> =>
        item.type === "message" && item.role === "user",
    );
    const quoted = last?.content.map((part) => ("text" in part ? part.text : "")).join("") ?? "";
    return Promise.resolve(`Summary of ${history.length} items; last: ${quoted.slice(0, 40)}`);
  };
  return { summarize, requests };
}
