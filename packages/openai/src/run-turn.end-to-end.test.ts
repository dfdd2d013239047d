import {
  firstTurnContext,
  openAIResponseEvents,
  shellOutput,
  shellTool,
  withLocalServer,
} from "@ctx/adapter-testing";
import { createSession, runTurn, type Session } from "@ctx/session";
import { OpenAI } from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAISummarizer } from "./create-openai-summarizer.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";
import { toResponsesParams } from "./to-responses-params.js";

function client(url: string): OpenAI {
  return new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
}

/** One turn of `session` streamed through `openai`, the shell tool answering, ended by `signal`. */
function streamedTurn(session: Session, openai: OpenAI, signal: AbortSignal) {
  return runTurn({
    session,
    turnContext: firstTurnContext,
    userInput: "List the files.",
    signal,
    callModel: async (request, { signal: callSignal }) =>
      fromResponseStream(
        await openai.responses.create(
          { model: "gpt-test", stream: true, ...toResponsesParams(request) },
          { signal: callSignal },
        ),
      ),
    runTool: async () => shellOutput,
  });
}

describe("runTurn with the openai client and a streamed answer", () => {
  it("records the call, its output and the reply, and the next request sends them back as they came", async () => {
    // The scripted model calls the shell tool, then remarks on its output.
    await withLocalServer(
      (_request, index) => openAIResponseEvents(index + 1),
      async (server) => {
        const openai = client(server.url);
        const session = createSession({ sessionId: "session-1" });
        const outcome = await runTurn({
          session,
          turnContext: firstTurnContext,
          userInput: "List the files.",
          callModel: async (request, { signal }) => {
            const stream = await openai.responses.create(
              {
                model: "gpt-test",
                stream: true,
                store: false,
                tools: [{ type: "function", strict: true, ...shellTool }],
                ...toResponsesParams(request, { promptCacheKey: session.id }),
              },
              { signal },
            );
            return fromResponseStream(stream);
          },
          runTool: async () => shellOutput,
        });

        expect(outcome).toMatchObject({ status: "completed", steps: 2 });
        expect(outcome.items).toEqual([
          {
            type: "function_call",
            id: "fc_1",
            call_id: "call_1",
            name: "shell",
            arguments: '{"command":["ls"]}',
          },
          { type: "function_call_output", call_id: "call_1", output: shellOutput },
          {
            type: "message",
            id: "msg_2",
            role: "assistant",
            content: [{ type: "output_text", text: "There are two entries." }],
          },
        ]);
        expect(session.tokenUsage()).toMatchObject({ source: "reported", used: 105 });
        // The second request carries the history the first answer left, on the wire.
        const history = session.history().map((entry) => entry.item);
        const secondInput = server.requests[1]?.body.input as unknown[];
        const expected = toResponsesParams({ instructions: "", input: history.slice(0, -1) }).input;
        expect(secondInput).toEqual(JSON.parse(JSON.stringify(expected)));
        expect(secondInput.slice(-2)).toEqual([
          {
            type: "function_call",
            id: "fc_1",
            call_id: "call_1",
            name: "shell",
            arguments: '{"command":["ls"]}',
          },
          { type: "function_call_output", call_id: "call_1", output: shellOutput },
        ]);
      },
    );
  });

  it("records nothing of an answer the abort cut off", async () => {
    await withLocalServer(
      () => ({ hold: true }),
      async (server) => {
        const openai = client(server.url);
        const session = createSession();
        const controller = new AbortController();
        server.received(1).then(() => controller.abort());
        const outcome = await streamedTurn(session, openai, controller.signal);
        expect(outcome).toMatchObject({ status: "aborted", steps: 0, items: [] });
        expect(session.history().at(-1)?.origin).toEqual({ source: "user" });
      },
    );
  });

  it("ends the turn inside a mid-turn compaction whose summary the abort cut off, writing nothing after it", async () => {
    // The first answer calls the tool and reports 105 tokens, over the limit of 100: the next
    // request compacts first, and the server holds the summary request.
    await withLocalServer(
      (_request, index) => (index === 0 ? openAIResponseEvents(1) : { hold: true }),
      async (server) => {
        const openai = client(server.url);
        const session = createSession({
          autoCompactTokenLimit: 100,
          summarizer: createOpenAISummarizer({ client: openai, model: "gpt-test" }),
        });
        const controller = new AbortController();
        server.received(2).then(() => controller.abort());
        const outcome = await streamedTurn(session, openai, controller.signal);
        expect(outcome).toMatchObject({ status: "aborted", steps: 1, compactions: [] });
        expect(server.requests).toHaveLength(2);
        expect(session.history().at(-1)?.item).toEqual({
          type: "function_call_output",
          call_id: "call_1",
          output: shellOutput,
        });
      },
    );
  });

  it("asks for encrypted reasoning when it does not store, and sends it back on the tool turn's next request", async () => {
    const reasoning = {
      type: "reasoning",
      id: "rs_1",
      summary: [],
      encrypted_content: "gAAAA-sealed",
    };
    const answers = [
      [
        reasoning,
        { type: "function_call", id: "fc_1", call_id: "call_1", name: "shell", arguments: "{}" },
      ],
      [
        {
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Done.", annotations: [] }],
        },
      ],
    ];
    await withLocalServer(
      (_request, index) => ({
        json: {
          id: `resp_${index}`,
          object: "response",
          status: "completed",
          output: answers[index],
        },
      }),
      async (server) => {
        const openai = client(server.url);
        const outcome = await runTurn({
          session: createSession(),
          turnContext: firstTurnContext,
          userInput: "List the files.",
          callModel: async (request, { signal }) =>
            fromResponse(
              await openai.responses.create(
                { model: "gpt-test", ...toResponsesParams(request, { store: false }) },
                { signal },
              ),
            ),
          runTool: async () => shellOutput,
        });
        expect(outcome.status).toBe("completed");
        for (const { body } of server.requests) {
          expect(body).toMatchObject({ store: false, include: ["reasoning.encrypted_content"] });
        }
        expect(server.requests[1]?.body.input).toContainEqual(reasoning);
      },
    );
  });
});
