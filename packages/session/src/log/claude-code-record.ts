import type { JsonValue } from "@ctx/protocol";

/** Who wrote a block of a Claude Code transcript, as the record's structure tells. */
export type ClaudeCodeAuthor = "user" | "injected" | "model" | "tool" | "other";

/** A JSON object as read from a transcript line. */
export type ClaudeCodeJson = { readonly [key: string]: JsonValue };

/**
 * A part of what a tool returned: its text (without the `<system-reminder>` blocks Claude Code
 * appended, which `reminders` holds, each with the white space before it), an image, or a block
 * of another type as its JSON.
 */
export type ClaudeCodeToolResultPart =
  | { readonly type: "text"; readonly text: string; readonly reminders: readonly string[] }
  | { readonly type: "image"; readonly source: ClaudeCodeJson }
  | { readonly type: "other"; readonly json: string };

/**
 * One content block of a user or assistant record, with who wrote it. `kind` names what a text
 * is: `user_intent` (what the person typed), `assistant_message`, or what Claude Code wrote in
 * the person's place (`system_reminder`, `meta_message`, `compaction_summary`, `interruption`,
 * `task_notification`, `command_expansion`, `local_command_output`, `hook_output`,
 * `agent_prompt`, …). Blocks keep their JSON as the model was sent it (`json`).
 */
export type ClaudeCodeBlock =
  | {
      readonly type: "text";
      readonly author: "user" | "injected" | "model";
      readonly kind: string;
      readonly text: string;
    }
  | {
      readonly type: "image";
      readonly author: "user" | "injected";
      readonly source: ClaudeCodeJson;
    }
  | { readonly type: "thinking"; readonly text: string; readonly signature: string | undefined }
  | { readonly type: "redacted_thinking"; readonly data: string }
  | {
      readonly type: "tool_use";
      readonly id: string | undefined;
      readonly name: string;
      readonly input: JsonValue;
      readonly json: string;
    }
  | {
      readonly type: "tool_result";
      readonly toolUseId: string | undefined;
      readonly isError: boolean;
      readonly parts: readonly ClaudeCodeToolResultPart[];
    }
  | {
      readonly type: "other";
      readonly author: ClaudeCodeAuthor;
      readonly kind: string;
      readonly json: string;
    };

/** Who a Claude Code session is, from a record that names its folder. */
export interface ClaudeCodeSessionFacts {
  /** The session's id; a sub-agent's own file gives the sub-agent's id. */
  readonly id?: string;
  readonly cwd: string;
  /** The version of Claude Code that wrote the record. */
  readonly version?: string;
  /** For a sub-agent's own file (`agent-*.jsonl`), the sub-agent's id. */
  readonly agentId?: string;
  /** For a sub-agent's own file, the session that started it. */
  readonly parentSession?: string;
}

/** What a provider reported one Claude message used, in tokens. */
export interface ClaudeCodeUsage {
  /** Every input token: fresh, written to the cache and read from it. */
  readonly input: number;
  readonly cached: number;
  readonly output: number;
}

/**
 * One line of a Claude Code transcript, read: a `user` or `assistant` record's blocks (with the
 * sub-agent `thread` it belongs to when it is not the main conversation's), a compaction
 * boundary, a record Claude Code keeps for itself (`ignored`: never sent to the model), or a
 * record that does not have its shape (`unfit`, with the reason naming the field).
 */
export type ClaudeCodeRecord =
  | {
      readonly type: "user";
      readonly thread: string | undefined;
      readonly facts: ClaudeCodeSessionFacts | undefined;
      readonly blocks: readonly ClaudeCodeBlock[];
    }
  | {
      readonly type: "assistant";
      readonly thread: string | undefined;
      readonly facts: ClaudeCodeSessionFacts | undefined;
      /** The message id: Claude Code writes one line per block, each naming the message. */
      readonly messageId: string | undefined;
      /** The model that answered; absent for a message Claude Code wrote itself. */
      readonly model: string | undefined;
      readonly blocks: readonly ClaudeCodeBlock[];
      readonly usage: ClaudeCodeUsage | undefined;
    }
  | {
      readonly type: "compaction";
      readonly facts: ClaudeCodeSessionFacts | undefined;
      readonly trigger: string | undefined;
      readonly tokensBefore: number | undefined;
    }
  | {
      readonly type: "ignored";
      readonly thread: string | undefined;
      readonly facts: ClaudeCodeSessionFacts | undefined;
    }
  | { readonly type: "unfit"; readonly thread: string | undefined; readonly reason: string };
