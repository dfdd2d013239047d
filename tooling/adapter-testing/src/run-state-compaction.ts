import type { ResponseItem } from "@ctx/protocol";
import type { CompactionState, StateSummarizer } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { createSession, resumeSession } from "@ctx/session";
import { assistantMessage, functionCall } from "./items.js";
import type { Answer, RecordedRequest } from "./local-server.js";
import { conversationInstructions, firstTurnContext } from "./run-conversation.js";
import { withLocalServer } from "./with-local-server.js";

/** The user's first words in {@link runStateCompaction}: a task with a rule in it. */
export const stateTask = "Fix the date parser. Never push to main.";

/**
 * What the model answers in {@link runStateCompaction}, as strict structured output gives it
 * (`task` null): first a decision and an open todo, then a second decision and that todo done.
 */
export const stateAnswers = [
  {
    summary: "We are fixing the date parser; it was read.",
    state: {
      version: 1,
      task: null,
      constraints: [],
      decisions: ["Keep the parse signature."],
      pendingCalls: [],
      agents: [],
      todos: [{ text: "Update the changelog", status: "open" }],
      files: { read: [], changed: [] },
    },
  },
  {
    summary: "The parser is fixed and the changelog notes it.",
    state: {
      version: 1,
      task: null,
      constraints: [],
      decisions: ["Note the fix in the changelog."],
      pendingCalls: [],
      agents: [],
      todos: [{ text: "Update the changelog", status: "done" }],
      files: { read: [], changed: ["CHANGELOG.md"] },
    },
  },
] as const;

/** What {@link runStateCompaction} saw. */
export interface StateCompaction {
  /** What the server received: the two summary requests. */
  readonly received: readonly RecordedRequest[];
  /** The typed state each compaction wrote in the rollout, in order. */
  readonly states: readonly (CompactionState | undefined)[];
  /** The codes of each compaction's warnings, in order. */
  readonly warnings: readonly (readonly string[])[];
  /** The text of the last item each compaction left in the history: its summary. */
  readonly summaries: readonly string[];
}

/**
 * Two compactions of a real `@ctx/session` with the summarizer `connect` builds on a local
 * server's URL, which answers the two summary requests with `answers` in order: the first in a
 * live session whose user gave a rule ({@link stateTask}) and whose model read `src/date.ts`, the
 * second in that session resumed from its rollout (a memory store) one turn later. Returns the
 * typed state each compaction record holds, so a test sees what the model's state added to the
 * session's own fill, and that the second merged the first rather than re-reading its summary.
 *
 * @throws {Error} when the server received another number of requests than two.
 */
export async function runStateCompaction(
  answers: readonly [Answer, Answer],
  connect: (url: string) => StateSummarizer,
): Promise<StateCompaction> {
  return withLocalServer(
    (_request, index) => answers[index] ?? answers[1],
    async (server) => {
      const store = createMemoryRolloutStore();
      const summarizer = connect(server.url);
      const options = {
        sessionId: "typed",
        baseInstructions: conversationInstructions,
        summarizer,
      };
      const session = createSession({ ...options, store });
      await session.beginTurn(firstTurnContext, stateTask);
      await session.record([
        functionCall("read-1", "read_file", { path: "src/date.ts" }),
        { type: "function_call_output", call_id: "read-1", output: "export {};" },
        assistantMessage("The parser is small."),
      ]);
      const first = await session.compact();
      const summaries = [lastText(session.history())];
      const resumed = await resumeSession(store, options);
      await resumed.beginTurn(firstTurnContext, "Now note it in the changelog.");
      await resumed.record([assistantMessage("Noted.")]);
      const second = await resumed.compact();
      summaries.push(lastText(resumed.history()));
      if (server.requests.length !== 2) {
        throw new Error(`the server received ${server.requests.length} requests, not 2`);
      }
      const { records } = await store.read("typed", { from: "start" });
      return {
        received: [...server.requests],
        states: records
          .filter((record) => record.type === "compaction")
          .map(
            (record) => (record.payload as { compactionState?: CompactionState }).compactionState,
          ),
        warnings: [first, second].map((report) =>
          (report?.warnings ?? []).map((warning) => warning.code),
        ),
        summaries,
      };
    },
  );
}

function lastText(history: readonly { readonly item: ResponseItem }[]): string {
  const last = history.at(-1)?.item;
  if (last?.type !== "message") return "";
  return last.content.map((part) => ("text" in part ? part.text : "")).join("");
}
