import type { ResponseItem } from "@ctx/protocol";
import { createMemoryRolloutStore, RolloutConflictError, type RolloutStore } from "@ctx/rollout";
import {
  approximateTokenizer,
  createSession,
  forkSession,
  resumeSession,
  type Session,
  type TurnContext,
} from "@ctx/session";
import fc from "fast-check";
import { expect } from "vitest";

/** A write one session object makes: each is one append to its rollout. */
type WriteKind = "turn" | "record" | "rollback" | "compact";

/** One step of a schedule: a writer (an index, taken modulo the number of writers) acts. */
export type WriterStep =
  | { readonly kind: "resume"; readonly writer: number }
  | { readonly kind: "fork"; readonly writer: number; readonly fork: number }
  | { readonly kind: WriteKind; readonly writer: number }
  /** These writers record at the same moment, their appends racing. */
  | { readonly kind: "race"; readonly writers: readonly number[] };

/** How many writers there are, and what they do in turn. */
export interface WriterSchedule {
  readonly writers: number;
  readonly steps: readonly WriterStep[];
}

/** Schedules of 2 to 8 writers and 1 to `maxSteps` steps. */
export function writerSchedules(maxSteps: number): fc.Arbitrary<WriterSchedule> {
  const writer = fc.nat({ max: 7 });
  const step: fc.Arbitrary<WriterStep> = fc.oneof(
    fc.record({
      kind: fc.constantFrom("turn", "record", "rollback", "compact", "resume"),
      writer,
    }),
    fc.record({ kind: fc.constant("fork"), writer, fork: fc.nat({ max: 2 }) }),
    fc.record({
      kind: fc.constant("race"),
      writers: fc.uniqueArray(writer, { minLength: 2, maxLength: 8 }),
    }),
  );
  return fc.record({
    writers: fc.integer({ min: 2, max: 8 }),
    steps: fc.array(step, { minLength: 1, maxLength: maxSteps }),
  });
}

/** What a schedule came to: writes the store acknowledged, and writes refused with a conflict. */
export interface InterleavingTally {
  acknowledged: number;
  refused: number;
}

const turn: TurnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  date: "2026-02-26",
  timezone: "Europe/Paris",
};
const options = { tokenizer: approximateTokenizer };
const assistant = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

/** The one append `kind` makes, tagged `tag` so the rollout shows whose it is. */
function perform(session: Session, kind: WriteKind, tag: string): Promise<unknown> {
  switch (kind) {
    case "turn":
      return session.beginTurn(turn, tag);
    case "record":
      return session.record([assistant(tag)]);
    case "rollback":
      return session.rollback(1);
    case "compact":
      return session.compact({
        replacement: [{ item: assistant(`summary ${tag}`), origin: { source: "model" } }],
      });
  }
}

/** How an acknowledged write shows in the rollout. */
function mark(kind: WriteKind, tag: string): string {
  switch (kind) {
    case "turn":
      return `user:${tag}`;
    case "record":
      return `model:${tag}`;
    case "rollback":
      return "rollback";
    case "compact":
      return `compact:${tag}`;
  }
}

/** The marks of a rollout as the store holds it, from its start (a fork's parent prefix included). */
async function readMarks(store: RolloutStore, sessionId: string): Promise<string[]> {
  const read = await store.read(sessionId, { from: "start" });
  const text = (item: unknown) => {
    const content = (item as { content?: { text?: string }[] }).content ?? [];
    return content.map((part) => part.text ?? "").join("");
  };
  return read.records.flatMap((record): string[] => {
    const payload = record.payload as Record<string, unknown>;
    if (record.type === "rollback") return ["rollback"];
    if (record.type === "compaction") {
      const history = (payload.replacementHistory as unknown[]).map(text);
      const summary = history.find((entry) => entry.startsWith("summary "));
      return [`compact:${summary?.slice("summary ".length)}`];
    }
    if (record.type !== "response_item") return [];
    const source = (payload.origin as { source: string }).source;
    return source === "user" || source === "model" ? [`${source}:${text(payload.item)}`] : [];
  });
}

interface Writer {
  session: Session;
  sessionId: string;
  /** How many acknowledged writes of its rollout this writer has seen. */
  seen: number;
}

interface Rollout {
  /** How many writes the store acknowledged, in order. */
  readonly marks: string[];
  /** The writes of the rollout itself, after its fork point. */
  own: number;
  readonly parent: { readonly sessionId: string; readonly sequence: number } | undefined;
}

async function attempt(call: () => Promise<unknown>) {
  try {
    await call();
    return { ok: true as const };
  } catch (error) {
    return { ok: false as const, error };
  }
}

/**
 * Runs `schedule` through the public path (`createSession`, `resumeSession`, `forkSession`,
 * `beginTurn`, `record`, `rollback`, `compact`) on `store`, beside a reference where each
 * acknowledged write is made by one single writer per rollout, and checks one writer per
 * session: a write lands exactly when its writer has seen every acknowledged write of its
 * rollout (of racing writers, exactly one lands); a refused one is a `RolloutConflictError`
 * that changes neither the store nor the writer's history; each acknowledged writer's history
 * equals the reference's; and at the end each rollout holds exactly the acknowledged writes in
 * order (none missing, none merged from a refused writer) and resumes to the reference history.
 */
export async function interleaveWriters(
  store: RolloutStore,
  schedule: WriterSchedule,
): Promise<InterleavingTally> {
  const tally: InterleavingTally = { acknowledged: 0, refused: 0 };
  const reference = createMemoryRolloutStore();
  const truth = new Map<string, Session>();
  const rollouts = new Map<string, Rollout>();

  const first = createSession({ store, sessionId: "s", ...options });
  await first.beginTurn(turn, "first");
  const firstTruth = createSession({ store: reference, sessionId: "s", ...options });
  await firstTruth.beginTurn(turn, "first");
  truth.set("s", firstTruth);
  rollouts.set("s", { marks: ["user:first"], own: 1, parent: undefined });
  const writers: Writer[] = [{ session: first, sessionId: "s", seen: 1 }];
  while (writers.length < schedule.writers)
    writers.push({
      session: await resumeSession(store, { sessionId: "s", ...options }),
      sessionId: "s",
      seen: 1,
    });
  const rolloutOf = (writer: Writer): Rollout => {
    const rollout = rollouts.get(writer.sessionId);
    if (rollout === undefined) throw new Error(`no rollout ${writer.sessionId}`);
    return rollout;
  };
  const truthOf = (sessionId: string): Session => {
    const session = truth.get(sessionId);
    if (session === undefined) throw new Error(`no reference for ${sessionId}`);
    return session;
  };

  const acknowledge = async (writer: Writer, kind: WriteKind, tag: string) => {
    const rollout = rolloutOf(writer);
    rollout.marks.push(mark(kind, tag));
    rollout.own += 1;
    writer.seen = rollout.marks.length;
    tally.acknowledged += 1;
    const single = truthOf(writer.sessionId);
    await perform(single, kind, tag);
    expect(writer.session.history()).toEqual(single.history());
  };

  const refused = async (writer: Writer, error: unknown, before: Writer["session"]["history"]) => {
    expect(RolloutConflictError.isInstance(error), String(error)).toBe(true);
    const { expected, actual } = error as RolloutConflictError;
    expect(expected).toBeLessThan(actual);
    expect(writer.session.history()).toEqual(before());
    tally.refused += 1;
  };

  for (const [index, step] of schedule.steps.entries()) {
    if (step.kind === "race") {
      const racing = [...new Set(step.writers.map((writer) => writer % writers.length))].flatMap(
        (at) => (writers[at] === undefined ? [] : [{ at, writer: writers[at] }]),
      );
      const histories = racing.map(({ writer }) => writer.session.history());
      const outcomes = await Promise.all(
        racing.map(({ at, writer }) =>
          attempt(() => perform(writer.session, "record", `race-${index}-${at}`)),
        ),
      );
      for (const sessionId of new Set(racing.map(({ writer }) => writer.sessionId))) {
        const current = racing.flatMap((entry, place) =>
          entry.writer.sessionId === sessionId ? [place] : [],
        );
        const rollout = rolloutOf(racing[current[0] ?? 0]?.writer as Writer);
        const eligible = current.filter(
          (place) => racing[place]?.writer.seen === rollout.marks.length,
        );
        const winners = current.filter((place) => outcomes[place]?.ok === true);
        expect(winners.length).toBe(eligible.length > 0 ? 1 : 0);
        for (const place of winners) {
          const entry = racing[place];
          expect(eligible).toContain(place);
          if (entry !== undefined)
            await acknowledge(entry.writer, "record", `race-${index}-${entry.at}`);
        }
        for (const place of current) {
          const outcome = outcomes[place];
          const entry = racing[place];
          if (outcome === undefined || outcome.ok || entry === undefined) continue;
          await refused(entry.writer, outcome.error, () => histories[place] ?? []);
        }
      }
      continue;
    }
    const at = step.writer % writers.length;
    const writer = writers[at];
    if (writer === undefined) continue;
    const rollout = rolloutOf(writer);
    if (step.kind === "resume") {
      writer.session = await resumeSession(store, { sessionId: writer.sessionId, ...options });
      writer.seen = rollout.marks.length;
      expect(writer.session.history()).toEqual(truthOf(writer.sessionId).history());
      continue;
    }
    if (step.kind === "fork") {
      const forkId = `f${step.fork}`;
      const existing = rollouts.get(forkId);
      const sequence = (await store.info(writer.sessionId))?.nextSequence ?? -1;
      const forked = await forkSession(store, {
        sessionId: writer.sessionId,
        forkId,
        ...options,
      }).then(
        (session) => ({ ok: true as const, session }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      // A fork over a rollout that exists is refused, unless it repeats the fork that made it
      // and nothing has been written there since.
      const retry =
        existing !== undefined &&
        existing.own === 0 &&
        existing.parent?.sessionId === writer.sessionId &&
        existing.parent.sequence === sequence;
      expect(forked.ok).toBe(existing === undefined || retry);
      if (!forked.ok) {
        expect(RolloutConflictError.isInstance(forked.error), String(forked.error)).toBe(true);
        tally.refused += 1;
        continue;
      }
      if (existing === undefined) {
        rollouts.set(forkId, {
          marks: [...rollout.marks],
          own: 0,
          parent: { sessionId: writer.sessionId, sequence },
        });
        truth.set(
          forkId,
          await forkSession(reference, { sessionId: writer.sessionId, forkId, ...options }),
        );
      }
      writer.session = forked.session;
      writer.sessionId = forkId;
      writer.seen = rolloutOf(writer).marks.length;
      expect(writer.session.history()).toEqual(truthOf(forkId).history());
      continue;
    }
    const tag = `${step.kind}-${index}-${at}`;
    const current = writer.seen === rollout.marks.length;
    const before = writer.session.history();
    const position = (await store.info(writer.sessionId))?.nextSequence;
    const outcome = await attempt(() => perform(writer.session, step.kind, tag));
    expect(outcome.ok, outcome.ok ? tag : String(outcome.error)).toBe(current);
    if (outcome.ok) await acknowledge(writer, step.kind, tag);
    else {
      await refused(writer, outcome.error, () => before);
      expect((await store.info(writer.sessionId))?.nextSequence).toBe(position);
      expect((outcome.error as RolloutConflictError).actual).toBe(position);
    }
  }

  for (const [sessionId, rollout] of rollouts) {
    expect(await readMarks(store, sessionId)).toEqual(rollout.marks);
    const resumed = await resumeSession(store, { sessionId, ...options });
    expect(resumed.history()).toEqual(truthOf(sessionId).history());
  }
  return tally;
}
