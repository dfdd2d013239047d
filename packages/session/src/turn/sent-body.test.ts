import type { ResponseItem } from "@ctx/protocol";
import {
  createItemMapper,
  createRequestBodyMapping,
  firstDifferingByte,
  type RequestBodyMapping,
} from "@ctx/protocol/mapping";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import { forkSession } from "../log/fork-session.js";
import { resumeSession } from "../log/resume-session.js";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { runTurn } from "./run-turn.js";
import type { TurnContext } from "./turn-context.js";

const context: TurnContext = {
  model: "gpt-5.1",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-12-07",
  timezone: "Etc/UTC",
};

/** A body of the instructions and the input as they are, as a plain provider would take them. */
const plainBody: RequestBodyMapping = createRequestBodyMapping({
  fields: { model: "test-model" },
  params: (request) => ({ instructions: request.instructions, input: [...request.input] }),
  difference: (previous, next) => firstDifferingByte(previous, next, { input: "input item" }),
});

/**
 * The same body through an item mapper, as an adapter's: the mapper hands each request the same
 * input list, rewritten in place, so the comparison reads how much is still alike from its
 * rewrites rather than looking.
 */
const itemMapper = createItemMapper((item) => item);
const mappedBody: RequestBodyMapping = createRequestBodyMapping({
  fields: { model: "test-model" },
  params: (request) => ({
    instructions: request.instructions,
    input: itemMapper.map(request, { toError: (problems) => new Error(problems), path: "" }),
  }),
  difference: (previous, next) => firstDifferingByte(previous, next, { input: "input item" }),
});

const reply: ResponseItem = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: "Done." }],
};

describe("the requestBody session option", () => {
  it("puts the first differing byte of the two bodies on a rollback's predicted break", async () => {
    const session = createSession({ tokenizer: approximateTokenizer, requestBody: plainBody });
    const first = await session.beginTurn(context, "one");
    await session.record([reply]);
    const second = await session.beginTurn(context, "two");
    expect(second.cachePrediction).toBeUndefined();
    await session.rollback(1);
    const third = await session.beginTurn(context, "three");
    const expected = firstDifferingByte(plainBody.body(second), plainBody.body(third), {
      input: "input item",
    });
    expect(expected?.part).toMatch(/^input item \d+ \(user\)$/);
    expect(third.cachePrediction?.difference).toEqual(expected);
    expect(third.cachePrediction?.breaks.map((predicted) => predicted.difference)).toEqual([
      expected,
    ]);
    expect(first.warnings).toEqual([]);
  });

  it("leaves the byte out without the option, and on a resumed session's first request", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ tokenizer: approximateTokenizer, store, sessionId: "s" });
    await session.beginTurn(context, "one");
    await session.record([reply]);
    await session.beginTurn({ ...context, model: "gpt-5-mini" }, "two");
    const switched = await session.beginTurn(context, "three");
    expect(switched.cachePrediction?.breaks.map((predicted) => predicted.cause)).toEqual(["model"]);
    expect(switched.cachePrediction?.difference).toBeUndefined();
    const resumed = await resumeSession(store, { sessionId: "s", requestBody: plainBody });
    const after = await resumed.beginTurn({ ...context, model: "gpt-5-mini" }, "four");
    expect(after.cachePrediction?.breaks.map((predicted) => predicted.cause)).toEqual(["model"]);
    expect(after.cachePrediction?.difference).toBeUndefined();
  });

  it.each([
    ["a body made afresh each request", plainBody, "life"],
    ["a mapper's list rewritten in place", mappedBody, "mapped"],
  ] as const)(
    "keeps the byte true over a session's life, with %s: after a cut answer and a compaction, in a resumed session and in a fork",
    async (_, requestBody, id) => {
      const store = createMemoryRolloutStore();
      const options = { tokenizer: approximateTokenizer, requestBody };
      const byteOf = (
        before: Parameters<RequestBodyMapping["body"]>[0],
        after: Parameters<RequestBodyMapping["body"]>[0],
      ) =>
        firstDifferingByte(plainBody.body(before), plainBody.body(after), { input: "input item" });

      const session = createSession({ ...options, store, sessionId: id });
      await session.beginTurn(context, "one");
      await session.record([reply]);
      // A turn whose answer the provider cut, then a rollback of it: the rollback's break carries
      // the byte at which its body parts from the cut turn's, as the two were sent.
      const sent: Parameters<RequestBodyMapping["body"]>[0][] = [];
      const cut = await runTurn({
        session,
        turnContext: context,
        userInput: "half",
        callModel: async (request) => {
          sent.push(request);
          return { items: [reply], usage: { totalTokens: 10 }, ending: "cut" };
        },
        runTool: async () => "ran",
      });
      expect(cut.status).toBe("cut");
      await session.rollback(1);
      const beforeCompaction = await session.beginTurn(context, "two");
      const [cutRequest] = sent;
      if (cutRequest === undefined) throw new Error("the cut turn sent no request");
      expect(beforeCompaction.cachePrediction?.difference).toEqual(
        byteOf(cutRequest, beforeCompaction),
      );
      expect(beforeCompaction.cachePrediction?.difference).toBeDefined();
      await session.record([reply]);
      await session.compact();
      const afterCompaction = await session.beginTurn(context, "three");
      expect(afterCompaction.cachePrediction?.breaks.map((predicted) => predicted.cause)).toEqual([
        "compaction",
      ]);
      expect(afterCompaction.cachePrediction?.difference).toEqual(
        byteOf(beforeCompaction, afterCompaction),
      );
      await session.record([reply]);

      // A resumed session knows no body of the last process: its first request carries no byte, its
      // next one (after a rollback) the byte against the request it sent itself.
      const resumed = await resumeSession(store, { ...options, sessionId: id });
      const firstResumed = await resumed.beginTurn(context, "four");
      expect(firstResumed.cachePrediction?.difference).toBeUndefined();
      await resumed.record([reply]);
      await resumed.rollback(1);
      const afterRollback = await resumed.beginTurn(context, "five");
      expect(afterRollback.cachePrediction?.difference).toEqual(
        byteOf(firstResumed, afterRollback),
      );

      // A fork is a new session object: the same rule from its own first request on.
      const fork = await forkSession(store, { ...options, sessionId: id, forkId: `${id}-fork` });
      const firstForked = await fork.beginTurn(context, "six");
      expect(firstForked.cachePrediction?.difference).toBeUndefined();
      await fork.record([reply]);
      await fork.rollback(1);
      const forkRollback = await fork.beginTurn(context, "seven");
      expect(forkRollback.cachePrediction?.difference).toEqual(byteOf(firstForked, forkRollback));
      expect(forkRollback.cachePrediction?.difference).toBeDefined();
    },
  );

  it("warns once a body cannot be made, and sends the request all the same", async () => {
    const failing = createRequestBodyMapping({
      ...plainBody,
      fields: () => {
        throw new Error("no tools today");
      },
      params: plainBody.body,
    });
    const session = createSession({ tokenizer: approximateTokenizer, requestBody: failing });
    const request = await session.beginTurn(context, "one");
    expect(
      request.warnings.map(({ code, message }) => [code, message.includes("no tools")]),
    ).toEqual([["request-body-failed", true]]);
  });

  it("refuses a request body mapping that is not one, before anything is written", () => {
    expect(() =>
      createSession({ requestBody: { body: () => ({}) } as unknown as RequestBodyMapping }),
    ).toThrow(/requestBody/);
  });
});
