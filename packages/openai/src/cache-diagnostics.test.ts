import { AdapterError, type ModelInput } from "@ctx/protocol";
import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import diagnosed from "./__fixtures__/diagnosed-response.json" with { type: "json" };
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";
import { toResponsesParams } from "./to-responses-params.js";

const request: ModelInput = {
  instructions: "Be brief.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "Hi." }] }],
};

const supported = { promptCacheDiagnostics: { url: "https://developers.openai.com/" } };
const response = diagnosed as unknown as Response;
const withDiagnostics = (report: unknown) =>
  ({ ...diagnosed, prompt_cache_diagnostics: report }) as unknown as Response;

async function* streamOf(events: readonly object[]): AsyncGenerator<ResponseStreamEvent> {
  for (const event of events) yield event as ResponseStreamEvent;
}

describe("OpenAI prompt cache diagnostics", () => {
  it("asks for a comparison only for a model the catalog says answers it", () => {
    const comparisonResponseId = "resp_0a7previous";
    expect(
      toResponsesParams(request, { diagnostics: { comparisonResponseId, model: supported } })
        .prompt_cache_options,
    ).toEqual({ comparison_response_id: comparisonResponseId });
    // gpt-5.1 has no promptCacheDiagnostics: the API would refuse the field with a 400.
    expect(
      toResponsesParams(request, { diagnostics: { comparisonResponseId, model: {} } }),
    ).not.toHaveProperty("prompt_cache_options");
    expect(() =>
      toResponsesParams(request, { diagnostics: { comparisonResponseId: "", model: supported } }),
    ).toThrow(AdapterError);
  });

  it("maps a reported miss to cacheDiagnostics, whole or streamed", async () => {
    const expected = { missed: true, reason: "tools_changed", missedInputTokens: 18176 };
    expect(fromResponse(response).cacheDiagnostics).toEqual(expected);
    const streamed = await fromResponseStream(
      streamOf([
        { type: "response.output_item.done", output_index: 0, item: diagnosed.output[0] },
        { type: "response.completed", response: diagnosed },
      ]),
    );
    expect(streamed.cacheDiagnostics).toEqual(expected);
  });

  it("reports a hit as no miss, and nothing for a comparison it could not make", () => {
    expect(fromResponse(withDiagnostics({ type: "cache_hit" })).cacheDiagnostics).toEqual({
      missed: false,
    });
    for (const report of [
      undefined,
      { type: "comparison_response_not_found" },
      { type: "unavailable" },
    ]) {
      expect(fromResponse(withDiagnostics(report))).not.toHaveProperty("cacheDiagnostics");
    }
    expect(() =>
      fromResponse(withDiagnostics({ type: "cache_miss", cache_missed_tokens: 1.5 })),
    ).toThrow(/prompt_cache_diagnostics/);
  });
});
