import { createWriteStream } from "node:fs";
import { once } from "node:events";

/** What a generated rollout holds, counted as it is written. */
export interface LargeRollout {
  readonly lines: number;
  readonly turns: number;
  readonly requests: number;
  /** Items and bytes per kind, as `ctx inspect` should total them. */
  readonly kinds: Readonly<Record<string, { items: number; bytes: number }>>;
  /** Every event, in order: its type and line. */
  readonly events: readonly { type: string; line: number }[];
}

/** Where the generated rollout compacts, rolls back, is interrupted and loses its cache. */
export interface LargeRolloutPlan {
  readonly turns: number;
  readonly compactions: readonly number[];
  readonly rollback: number;
  readonly aborted: number;
  readonly cacheMiss: number;
}

/**
 * A plan of `turns` turns (a multiple of 8): compactions at each quarter, an interrupted turn at
 * the first eighth, a cache miss at the third, a rollback of two turns at the fifth.
 */
export function planLargeRollout(turns: number): LargeRolloutPlan {
  if (!Number.isInteger(turns / 8) || turns <= 0) {
    throw new Error(`turns must be a positive multiple of 8, not ${turns}`);
  }
  const eighth = turns / 8;
  return {
    turns,
    compactions: [2 * eighth, 4 * eighth, 6 * eighth],
    rollback: 5 * eighth,
    aborted: eighth,
    cacheMiss: 3 * eighth,
  };
}

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * Writes a Codex rollout of `plan.turns` turns to `path`, six items a turn (the user's message,
 * reasoning and its encrypted content, a function call, its output, the answer) after one permissions and one environment
 * message, with the compactions, the rollback, the interrupted turn and the cache miss the plan
 * places, and returns what `ctx inspect` should find in it, counted independently.
 */
export async function writeLargeRollout(
  path: string,
  plan: LargeRolloutPlan,
): Promise<LargeRollout> {
  const file = createWriteStream(path);
  const kinds: Record<string, { items: number; bytes: number }> = {};
  const events: { type: string; line: number }[] = [];
  let lines = 0;
  let chunk = "";
  const write = async (value: object) => {
    lines += 1;
    chunk += `${JSON.stringify(value)}\n`;
    if (chunk.length > 1 << 16) {
      if (!file.write(chunk)) await once(file, "drain");
      chunk = "";
    }
  };
  const count = (kind: string, bytes: number) => {
    const total = (kinds[kind] ??= { items: 0, bytes: 0 });
    total.items += 1;
    total.bytes += bytes;
  };
  const message = (role: string, text: string) => ({
    type: "message",
    role,
    content: [{ type: role === "assistant" ? "output_text" : "input_text", text }],
  });
  const item = async (payload: object, kind: string, bytes: number) => {
    await write({ type: "response_item", payload });
    count(kind, bytes);
  };
  const text = async (role: string, body: string, kind: string) =>
    item(message(role, body), kind, byteLength(body));
  const json = async (payload: object, kind: string) =>
    item(payload, kind, byteLength(JSON.stringify(payload)));
  const usage = async (input: number, cached: number) =>
    write({
      type: "event_msg",
      payload: {
        type: "token_count",
        info: { last_token_usage: { input_tokens: input, cached_input_tokens: cached } },
      },
    });

  await write({
    type: "session_meta",
    payload: { id: "large", base_instructions: { text: "You are a coding agent." } },
  });
  await write({ type: "turn_context", payload: { turn_id: "turn-1" } });
  await text(
    "developer",
    "<permissions instructions>\nThe sandbox is read-only.\n</permissions instructions>",
    "permissions_instructions",
  );
  await text(
    "user",
    "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>",
    "environment_context",
  );
  let requests = 0;
  for (let turn = 1; turn <= plan.turns; turn += 1) {
    const id = String(turn).padStart(7, "0");
    if (turn > 1) await write({ type: "turn_context", payload: { turn_id: `turn-${turn}` } });
    if (plan.compactions.includes(turn)) {
      await write({
        type: "compacted",
        payload: {
          message: "summary",
          replacement_history: [message("user", `Summary before turn ${id}.`)],
        },
      });
      events.push({ type: "compaction", line: lines });
    }
    await text("user", `Turn ${id}: make the next test pass.`, "user_intent");
    const encrypted = `opaque-${id}`;
    const reasoning = { type: "reasoning", summary: [], encrypted_content: encrypted };
    requests += 1;
    // The encrypted content is opaque bytes of a kind of its own; the rest of the item is text.
    await item(reasoning, "reasoning", byteLength(JSON.stringify({ ...reasoning, encrypted_content: "" })));
    count("encrypted_reasoning", byteLength(encrypted));
    if (plan.compactions.includes(turn)) events.push({ type: "cache-break", line: lines });
    if (plan.rollback === turn - 1) events.push({ type: "cache-break", line: lines });
    await usage(1000, turn === plan.cacheMiss ? 10 : 990);
    if (turn === plan.cacheMiss) events.push({ type: "cache-break", line: lines });
    const call = {
      type: "function_call",
      name: "shell",
      arguments: `{"command":"npm test -- ${id}"}`,
      call_id: `call-${id}`,
    };
    await json(call, "function_call");
    await json(
      { type: "function_call_output", call_id: `call-${id}`, output: `1 passed (${id})` },
      "function_call_output",
    );
    requests += 1;
    await text("assistant", `Turn ${id} is done.`, "assistant_message");
    await usage(1000, 990);
    if (turn === plan.aborted) {
      await write({ type: "event_msg", payload: { type: "turn_aborted" } });
      events.push({ type: "aborted", line: lines });
    }
    if (turn === plan.rollback) {
      await write({ type: "event_msg", payload: { type: "thread_rolled_back", num_turns: 2 } });
      events.push({ type: "rollback", line: lines });
    }
  }
  file.end(chunk);
  await once(file, "finish");
  return { lines, turns: plan.turns, requests, kinds, events };
}
