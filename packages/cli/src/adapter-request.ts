import type { ModelInput } from "@ctx/protocol";
import { CtxError } from "@ctx/text";
import { CliError } from "./cli-error.js";

/**
 * A client a request can be shown for: `openai` (Responses API `instructions` and `input`),
 * `openai-chat` (Chat Completions `messages`), `anthropic` (Messages API `system` and
 * `messages`, with cache breakpoints) or `ai-sdk` (`generateText`'s `instructions` and
 * `ModelMessage[]`).
 */
export type AdapterFormat = "openai" | "openai-chat" | "anthropic" | "ai-sdk";

/** Every {@link AdapterFormat}, in the order `--help` lists them. */
export const adapterFormats: readonly AdapterFormat[] = [
  "openai",
  "openai-chat",
  "anthropic",
  "ai-sdk",
];

/**
 * What the adapter of `format` sends for `request`, with its default options: the value of
 * `toResponsesParams`, `toChatCompletionsParams`, `toMessagesParams` or `toPrompt`. The adapter
 * is loaded only then, so other commands do not load the clients' SDKs.
 *
 * @throws {CliError} `failure` when the adapter cannot map the request, with its reason.
 */
export async function toAdapterRequest(
  format: AdapterFormat,
  request: ModelInput,
): Promise<object> {
  try {
    switch (format) {
      case "openai":
        return (await import("@ctx/openai")).toResponsesParams(request);
      case "openai-chat":
        return (await import("@ctx/openai")).toChatCompletionsParams(request);
      case "anthropic":
        return (await import("@ctx/anthropic")).toMessagesParams(request);
      case "ai-sdk":
        return (await import("@ctx/ai-sdk")).toPrompt(request);
    }
  } catch (error) {
    if (!CtxError.isInstance(error)) throw error;
    throw new CliError(
      "failure",
      `the ${format} adapter cannot send this request: ${error.message}`,
      {
        cause: error,
      },
    );
  }
}
