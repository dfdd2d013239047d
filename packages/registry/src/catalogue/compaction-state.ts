import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

/**
 * The bounds of a {@link CompactionState}: how many entries each list holds at most, and how long
 * one text may be. Whoever fills a state keeps within them (the newest entries, texts cut).
 */
export const compactionStateLimits = Object.freeze({
  /** Texts: the task, a constraint, a decision, a todo, a call's arguments. */
  textLength: 2_000,
  /** A path or an id. */
  nameLength: 500,
  constraints: 50,
  decisions: 50,
  pendingCalls: 20,
  agents: 20,
  todos: 50,
  files: 200,
});

const text = () => z.string().max(compactionStateLimits.textLength);
const name = () => z.string().min(1).max(compactionStateLimits.nameLength);

/**
 * The schema of a {@link CompactionState}, version 1. Every list and every text is bounded
 * ({@link compactionStateLimits}), so a state stays small whatever the session's length.
 */
export const compactionStateSchema = lazySchema(() =>
  z.strictObject({
    version: z.literal(1).describe("The version of this record: 1."),
    /** What the session is for: the user's first request, or what a summarizer says it is. */
    task: text().describe("What the session is for, in a sentence or two.").exactOptional(),
    /** What the user said must or must not be done, in their words, oldest first. */
    constraints: z
      .array(text())
      .max(compactionStateLimits.constraints)
      .describe("Every rule the user gave for the work, in their words, oldest first."),
    /** What was decided on the way, oldest first. */
    decisions: z
      .array(text())
      .max(compactionStateLimits.decisions)
      .describe("What was decided on the way and why, oldest first."),
    /** Tool calls that had no output when the state was made. */
    pendingCalls: z
      .array(z.strictObject({ callId: name(), tool: name(), arguments: text() }))
      .max(compactionStateLimits.pendingCalls)
      .describe("Tool calls that have no output yet: their call id, tool name and arguments."),
    /** Sub-agents started and not known to have ended, by the call that started them. */
    agents: z
      .array(z.strictObject({ id: name(), task: text() }))
      .max(compactionStateLimits.agents)
      .describe(
        "Sub-agents started and not known to have ended: the id of the call that started each, and its task.",
      ),
    /** Work still to do; one marked `done` is closed by the next merge. */
    todos: z
      .array(
        z.strictObject({ text: text().min(1), status: z.enum(["open", "in_progress", "done"]) }),
      )
      .max(compactionStateLimits.todos)
      .describe("Work still to do, each with its status."),
    /** Paths read, and paths changed, oldest first; a path changed is not listed as read. */
    files: z
      .strictObject({
        read: z.array(name()).max(compactionStateLimits.files),
        changed: z.array(name()).max(compactionStateLimits.files),
      })
      .describe("The paths of the files read, and of those changed, oldest first."),
  }),
);

/**
 * What a session must not forget across a compaction, beside the prose summary: the task, the
 * user's constraints, decisions, work in flight (pending tool calls, running sub-agents), todos,
 * and the files read and changed. Public and versioned: a reader checks `version`.
 */
export type CompactionState = z.infer<typeof compactionStateSchema>;

/**
 * A compaction state that keeps nothing yet: no task, and every list empty. A new object on each
 * call, for a summarizer or a test to fill.
 */
export function emptyCompactionState(): CompactionState {
  return {
    version: 1,
    constraints: [],
    decisions: [],
    pendingCalls: [],
    agents: [],
    todos: [],
    files: { read: [], changed: [] },
  };
}

const lead =
  "What this session must not forget, kept as data beside the summary (it may be incomplete: a recall tool, when offered, finds the exact earlier items):";

/**
 * The typed state a compaction keeps (user role, after the summary's kept messages): a sentence
 * of ours, then the state as indented JSON. Paths, constraints and tasks are untrusted. Carried
 * by the session into the next compaction by merging, so the kind does not survive compaction by
 * itself (a copy put back would stand beside the merged one).
 */
export const compactionState = defineFragment({
  type: "compaction_state",
  role: "user",
  // Our own markers, recognised by no other kind.
  markers: standardMarkers.compactionState,
  guards: guardedMarkers,
  schema: compactionStateSchema,
  description: "What a compacted session must not forget, as typed data.",
  examples: [
    {
      version: 1,
      task: "Fix the failing date tests.",
      constraints: ["Never push to main."],
      decisions: [],
      pendingCalls: [{ callId: "call-7", tool: "shell", arguments: '{"command":"pnpm test"}' }],
      agents: [],
      todos: [{ text: "Update the changelog", status: "open" }],
      files: { read: ["src/date.ts"], changed: ["src/date.test.ts"] },
    },
  ],
  body: (state, { untrusted }) => `\n${lead}\n${untrusted(JSON.stringify(state, null, 2))}\n`,
  parse: (body, { restore }) => {
    const opening = `\n${lead}\n`;
    if (!body.startsWith(opening) || !body.endsWith("\n")) return undefined;
    const parsed = compactionStateSchema.safeParse(
      safeJson(restore(body.slice(opening.length, -1))),
    );
    return parsed.success ? parsed.data : undefined;
  },
});

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
