import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type ModelInput } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import diagnosed from "./__fixtures__/diagnosed-message.json" with { type: "json" };
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";
import { toMessagesParams } from "./to-messages-params.js";

const request: ModelInput = {
  instructions: "Be brief.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
};

const withDiagnostics = (diagnostics: unknown) =>
  ({ ...diagnosed, diagnostics }) as unknown as Message;

async function* streamOf(message: object): AsyncGenerator<RawMessageStreamEvent> {
  const events = [
    { type: "message_start", message: { ...message, content: [] } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Done." } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
    { type: "message_stop" },
  ];
  for (const event of events) yield event as RawMessageStreamEvent;
}

describe("Anthropic cache diagnostics", () => {
  it("asks for a comparison with the previous answer only when told to", () => {
    expect(toMessagesParams(request)).not.toHaveProperty("diagnostics");
    expect(
      toMessagesParams(request, { diagnostics: { previousMessageId: "msg_01Hq8previous" } })
        .diagnostics,
    ).toEqual({ previous_message_id: "msg_01Hq8previous" });
    // The first request of a session opts in with nothing to compare yet.
    expect(
      toMessagesParams(request, { diagnostics: { previousMessageId: null } }).diagnostics,
    ).toEqual({
      previous_message_id: null,
    });
    expect(() => toMessagesParams(request, { diagnostics: { previousMessageId: "" } })).toThrow(
      AdapterError,
    );
  });

  it("maps a reported miss to the answer's cacheDiagnostics, whole or streamed", async () => {
    const expected = { missed: true, reason: "tools_changed", missedInputTokens: 18240 };
    expect(fromMessage(diagnosed as unknown as Message).cacheDiagnostics).toEqual(expected);
    expect((await fromMessageStream(streamOf(diagnosed))).cacheDiagnostics).toEqual(expected);
  });

  it("reports nothing when the comparison found nothing, was pending or could not be made", () => {
    for (const diagnostics of [
      null,
      { cache_miss_reason: null },
      { cache_miss_reason: { type: "previous_message_not_found" } },
      { cache_miss_reason: { type: "unavailable" } },
    ]) {
      expect(fromMessage(withDiagnostics(diagnostics))).not.toHaveProperty("cacheDiagnostics");
    }
  });

  it("reports no miss when a request that named a previous message got no diagnostics back", async () => {
    const quiet = withDiagnostics(null);
    expect(fromMessage(quiet, { diagnosed: true }).cacheDiagnostics).toEqual({ missed: false });
    expect(
      (await fromMessageStream(streamOf(quiet), { diagnosed: true })).cacheDiagnostics,
    ).toEqual({
      missed: false,
    });
    // A pending comparison says nothing either way.
    const pending = withDiagnostics({ cache_miss_reason: null });
    expect(fromMessage(pending, { diagnosed: true })).not.toHaveProperty("cacheDiagnostics");
    expect(() => fromMessage(quiet, { diagnosed: "yes" } as never)).toThrow(/options/);
  });

  it("refuses diagnostics of another shape, naming where", () => {
    expect(() =>
      fromMessage(
        withDiagnostics({
          cache_miss_reason: { type: "tools_changed", cache_missed_input_tokens: -1 },
        }),
      ),
    ).toThrow(/message\.diagnostics/);
  });
});
