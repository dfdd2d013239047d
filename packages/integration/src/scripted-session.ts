import type { ResponseItem } from "@ctx/protocol";
import { type CacheBreak, createSession, type TurnContext } from "@ctx/session";

/** What a scripted session showed about the prompt-cache prefix. */
export interface ScriptedSessionReport {
  readonly requests: number;
  /** Requests after the first whose input begins with the previous request's input. */
  readonly extendingPrevious: number;
  /** The explainer's verdict on every request that did not. */
  readonly breaks: readonly CacheBreak[];
  /** Context messages sent after the first request. */
  readonly updates: number;
}

const models = ["ctx-coder", "ctx-coder-long"] as const;
const zones = ["UTC", "Europe/Paris", "Asia/Tokyo"] as const;

/** The turn context of scripted turn `index`: something changes every few turns. */
function context(index: number): TurnContext {
  return {
    model: models[Math.floor(index / 10) % models.length] ?? "ctx-coder",
    environments: [{ id: "local", cwd: index % 7 < 4 ? "/repo" : "/repo/app", shell: "bash" }],
    date: `2026-03-${String(1 + Math.floor(index / 12)).padStart(2, "0")}`,
    timezone: zones[Math.floor(index / 5) % zones.length] ?? "UTC",
    personality: index % 9 < 5 ? "pragmatic" : "friendly",
    permissions:
      index % 11 < 6
        ? { sandboxMode: "workspace-write", writableRoots: ["/repo"], approvalPolicy: "on-request" }
        : { sandboxMode: "read-only", approvalPolicy: "never" },
    realtime: index % 13 >= 10,
    collaborationMode:
      index % 8 < 4
        ? { mode: "default", instructions: "" }
        : { mode: "plan", instructions: "Plan first." },
    developerInstructions: "Keep answers short.",
  };
}

/** The model's reply to turn `index`: a tool call and its output, then a message. */
function reply(index: number): ResponseItem[] {
  return [
    {
      type: "function_call",
      call_id: `call-${index}`,
      name: "shell",
      arguments: '{"command":"ls"}',
    },
    { type: "function_call_output", call_id: `call-${index}`, output: `file-${index}.ts` },
    {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: `done ${index}` }],
    },
  ];
}

/**
 * Runs a scripted session of `turns` turns with settings changes and tool calls, and reports how
 * often each request's input began with the previous one's.
 */
export async function runScriptedSession(turns = 50): Promise<ScriptedSessionReport> {
  const session = createSession();
  let previous: readonly ResponseItem[] | undefined;
  let extendingPrevious = 0;
  let updates = 0;
  const breaks: CacheBreak[] = [];
  for (let index = 0; index < turns; index += 1) {
    const request = await session.beginTurn(context(index), `request ${index}`);
    if (previous !== undefined) {
      const extendsPrevious =
        JSON.stringify(request.input.slice(0, previous.length)) === JSON.stringify(previous);
      if (extendsPrevious) extendingPrevious += 1;
      if (request.cacheBreak !== undefined) breaks.push(request.cacheBreak);
      updates += request.input.length - previous.length - reply(index - 1).length - 1;
    }
    await session.record(reply(index));
    previous = request.input;
  }
  return { requests: turns, extendingPrevious, breaks, updates };
}
