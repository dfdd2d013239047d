import { createMemoryRolloutStore, RolloutConflictError, type RolloutStore } from "@ctx/rollout";
import { createSession, forkSession, resumeSession, type Session } from "@ctx/session";
import { expect } from "vitest";
import { readMarks } from "./rollout-marks.js";
import type { WriteKind, WriterSchedule } from "./writer-schedule.js";
import { markOf, performWrite, writerOptions, writerTurn } from "./writer-write.js";

/** What a schedule came to: writes the store acknowledged, and writes refused with a conflict. */
export interface InterleavingTally {
  acknowledged: number;
  refused: number;
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

  const first = createSession({ store, sessionId: "s", ...writerOptions });
  await first.beginTurn(writerTurn, "first");
  const firstTruth = createSession({ store: reference, sessionId: "s", ...writerOptions });
  await firstTruth.beginTurn(writerTurn, "first");
  truth.set("s", firstTruth);
  rollouts.set("s", { marks: ["user:first"], own: 1, parent: undefined });
  const writers: Writer[] = [{ session: first, sessionId: "s", seen: 1 }];
  while (writers.length < schedule.writers)
    writers.push({
      session: await resumeSession(store, { sessionId: "s", ...writerOptions }),
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
    rollout.marks.push(markOf(kind, tag));
    rollout.own += 1;
    writer.seen = rollout.marks.length;
    tally.acknowledged += 1;
    const single = truthOf(writer.sessionId);
    await performWrite(single, kind, tag);
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
          attempt(() => performWrite(writer.session, "record", `race-${index}-${at}`)),
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
      writer.session = await resumeSession(store, {
        sessionId: writer.sessionId,
        ...writerOptions,
      });
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
        ...writerOptions,
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
          await forkSession(reference, { sessionId: writer.sessionId, forkId, ...writerOptions }),
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
    const outcome = await attempt(() => performWrite(writer.session, step.kind, tag));
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
    const resumed = await resumeSession(store, { sessionId, ...writerOptions });
    expect(resumed.history()).toEqual(truthOf(sessionId).history());
  }
  return tally;
}
