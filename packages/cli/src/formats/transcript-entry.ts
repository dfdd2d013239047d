import type { CacheDiagnostics, JsonValue } from "@ctx/protocol";
import type { JsonObject } from "../json-object.js";
import type { KeptJson } from "../kept-json.js";

/** Who wrote an item: the user, the agent (an injected fragment), the model, or a tool. */
export type ItemCategory = "user" | "injected" | "model" | "tool" | "other";

/** Who a session is, as its transcript says; every field only when recorded. */
export interface SessionFacts {
  readonly id?: string;
  readonly cwd?: string;
  /** The program that wrote the transcript, such as `codex_cli_rs` or `Claude Code`. */
  readonly originator?: string;
  /** The version of that program. */
  readonly version?: string;
  /** The session this one was forked from. */
  readonly forkedFrom?: string;
  /** For a sub-agent, its place among the agents (`/root/install_xapk`), or its id. */
  readonly agentPath?: string;
  /** For a sub-agent written to a file of its own, the session that started it. */
  readonly parentSession?: string;
}

/** What a provider reported a model request used, in tokens. */
export interface ReportedUsage {
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly reasoning: number;
}

/** A text about to be measured: where it goes, and whether it is opaque (encrypted) bytes. */
export type ItemPiece = PieceWhere & PieceText;

/** What a text is of: its category and kind, and the message or sub-agent it belongs to. */
export interface PieceWhere {
  readonly category: ItemCategory;
  readonly kind: string;
  /**
   * For a model's text, the message it is part of, where the transcript names it: a request is
   * one message however its parts are spread over lines (Claude Code writes one per block).
   */
  readonly message?: string;
  /**
   * The sub-agent thread the text belongs to, when the transcript holds a sub-agent's
   * conversation beside the main one (Claude Code 1.0's sidechains): kept apart from the main
   * history and its totals.
   */
  readonly thread?: string;
}

/**
 * What is measured of a piece: a text, or an item kept as JSON (a tool call, a tool's output, a
 * reasoning item), whose bytes are its JSON's, measured without writing it.
 */
export type PieceText =
  | {
      readonly text: string;
      readonly opaque?: boolean;
      /**
       * For a text written as JSON (a tool call's), the strings of it the model reads (a call's
       * name and its input), which its tokens count; its bytes are the JSON's. The JSON's keys,
       * ids and escapes are never read as text.
       */
      readonly words?: readonly string[];
      readonly kept?: undefined;
    }
  | {
      /** The item's JSON bytes and the words of it the model reads, which its tokens count. */
      readonly kept: KeptJson;
      readonly text?: undefined;
      readonly opaque?: undefined;
      readonly words?: undefined;
    };

/** One record of a transcript, reduced to what `ctx inspect` reads from it. */
export type RolloutEntry =
  | { readonly type: "session"; readonly facts: SessionFacts }
  | { readonly type: "instructions"; readonly text: string }
  /** A turn begins, or goes on when `id` is the current turn's; without an id, nothing is known. */
  | { readonly type: "turn"; readonly id: string | undefined; readonly model?: string }
  /** A history item; `origin` where the transcript recorded who it came from (@ctx's store). */
  | { readonly type: "item"; readonly item: JsonObject; readonly origin?: JsonValue }
  /** A text whose author the transcript's structure already tells (Claude Code's blocks, pi's). */
  | { readonly type: "piece"; readonly piece: ItemPiece }
  /** A line that cannot be read as one of its format's records, and why. */
  | { readonly type: "unfit"; readonly reason: string }
  /** Codex logged that the user typed `message`. */
  | { readonly type: "typed"; readonly message: string }
  | {
      readonly type: "compaction";
      readonly replacement: readonly JsonValue[];
      /** The origin of each replacement item, at the same index, where recorded. */
      readonly origins?: readonly JsonValue[];
      /** What the transcript says of the compaction, for the event, when it says more. */
      readonly detail?: string;
      /**
       * How many of the newest user turns the compaction keeps whole beside its replacement
       * (pi's); without it, the replacement is the whole history.
       */
      readonly keepTurns?: number;
    }
  /**
   * The last `turns` user turns leave the history: a rollback, or, with `branch`, a move to
   * another branch of a session tree (pi), which `branch` describes.
   */
  | { readonly type: "rollback"; readonly turns: number; readonly branch?: string }
  /**
   * The person wrote again from an earlier point (a Claude Code rewind): the branch they left,
   * `records` user and assistant records, was never part of the history; the new one goes on
   * from line `parentLine` (0: the start of the conversation).
   */
  | { readonly type: "rewind"; readonly records: number; readonly parentLine: number }
  /** Something the reader could not do as it should, for the inspection's warnings. */
  | { readonly type: "warning"; readonly code: string; readonly message: string }
  /** What the provider said of its prompt cache for the latest request (@ctx's `cache_diagnostics`). */
  | { readonly type: "cache-report"; readonly report: CacheDiagnostics }
  /**
   * The provider's usage for the latest request. `copyOf` identifies the report (Codex's
   * running total, Claude Code's message id), so a report written again is counted once: the
   * later copy replaces the earlier (Claude Code's later copies count more output). `thread`
   * names a sub-agent's report, which the main totals leave out.
   */
  | {
      readonly type: "usage";
      readonly usage: ReportedUsage;
      readonly copyOf?: string;
      readonly thread?: string;
    }
  | { readonly type: "aborted" }
  /** The answer recorded just before did not complete: the provider cut or refused it, or it failed. */
  | { readonly type: "ending"; readonly ending: "cut" | "refused" | "failed" | "aborted" };
