import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { RolloutError } from "@ctx/rollout";
import postgres from "postgres";
import { createPostgresRolloutStore } from "../create-postgres-rollout-store.js";
import { migrate } from "../migrate.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../../scripts/postgres-server.sh", import.meta.url));
const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** How long a run may go without reaching its next step before it is taken as wedged. */
const wedgedAfter = 60_000;

/** `promise`, or a rejection saying what never came once {@link wedgedAfter} ms pass. */
function within<T>(promise: Promise<T>, what: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wedged = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`wedged: ${what()} within ${wedgedAfter / 1000} s`)),
      wedgedAfter,
    );
  });
  return Promise.race([promise, wedged]).finally(() => clearTimeout(timer));
}

/** Waits for `condition`, failing as {@link within} does: a wedge fails the run, never hangs it. */
async function waitFor(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + wedgedAfter;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`wedged: ${what()} within ${wedgedAfter / 1000} s`);
    await pause(5);
  }
}

/** A server of a test's own (stopping the shared one would fail the other test files). */
export interface OwnServer {
  readonly url: string;
  /** Takes the server down: a fast shutdown, or a crash (`pg_ctl -m immediate`). */
  down(how: "stop" | "crash"): Promise<void>;
  /** Starts the server again after {@link OwnServer.down}. */
  up(): Promise<void>;
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

/** Starts a migrated server in a temporary folder of its own. */
export async function startOwnServer(): Promise<OwnServer> {
  const folder = await mkdtemp(join(tmpdir(), "ctx-postgres-restart-"));
  const url = (await run("bash", [script, "start", folder])).stdout.trim();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await migrate(sql);
  await sql.end();
  return {
    url,
    async down(how) {
      await run("bash", [script, how, folder]);
    },
    async up() {
      await run("bash", [script, "start", folder]);
    },
    async remove() {
      await run("bash", [script, "stop", folder]).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** How many appends {@link appendAcrossRestarts} makes, and how often the server goes down. */
export interface RestartPlan {
  readonly sessions: number;
  readonly batchesPerSession: number;
  readonly recordsPerBatch: number;
  readonly restarts: number;
  readonly how: "stop" | "crash";
}

/** What the writers saw, and what a resume read back. */
export interface RestartOutcome {
  /** Appends answered as written (first time or as a duplicate of a retry). */
  readonly acknowledged: number;
  /** Calls (creates and appends) that failed with `io-failed` and were made again. */
  readonly failures: number;
  /** Retries answered `duplicate: true`: committed before the answer was lost. */
  readonly duplicates: number;
  /** Per session, whether a resume read exactly its batches, in order, each once. */
  readonly intact: readonly boolean[];
}

/**
 * Every session's writer appends its batches through one store (so their appends share
 * flushes), sending a failed append again as it was until it is answered, while the server is
 * restarted `restarts` times, evenly through the run. Then every session is read back.
 *
 * Whether a writer meets the server down must not depend on the machine's speed: each writer
 * holds back one batch per restart, and a restart takes the server down, releases those
 * batches, waits until a writer has failed against the stopped server, and only then starts it
 * again. So the writers never finish before a restart, and each restart is seen.
 */
export async function appendAcrossRestarts(
  server: OwnServer,
  plan: RestartPlan,
): Promise<RestartOutcome> {
  const store = createPostgresRolloutStore({ url: server.url, maxConnections: 4 });
  let failures = 0;
  let acknowledged = 0;
  let duplicates = 0;
  const payload = (batch: number, index: number) => ({ batch, index });
  const gates = Array.from({ length: plan.restarts }, () => {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => {
      resolve = settle;
    });
    return { promise, resolve };
  });
  const firstHeld = plan.batchesPerSession - plan.restarts;
  /**
   * `call` made again after each retryable failure until it is answered: the only failure a
   * writer may see is `io-failed`, for a create as for an append (a create still waiting for a
   * connection when the server goes down fails so too, and its retry gets the session back).
   */
  const untilAnswered = async <Result>(call: () => Promise<Result>): Promise<Result> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!(RolloutError.isInstance(error) && error.code === "io-failed") || attempt > 600)
          throw error;
        failures += 1;
        await pause(50);
      }
    }
  };
  const writer = async (sessionId: string) => {
    await untilAnswered(() => store.create({ id: sessionId }));
    for (let batch = 0; batch < plan.batchesPerSession; batch += 1) {
      if (batch >= firstHeld) await gates[batch - firstHeld]?.promise;
      const request = {
        sessionId,
        expectedSequence: batch * plan.recordsPerBatch,
        appendId: `${sessionId}-${batch}`,
        records: Array.from({ length: plan.recordsPerBatch }, (_, index) => ({
          type: "response_item",
          payload: payload(batch, index),
        })),
      };
      // The same request goes again, as it was.
      const result = await untilAnswered(() => store.append(request));
      if (result.nextSequence !== (batch + 1) * plan.recordsPerBatch)
        throw new Error(`append ${request.appendId} answered ${result.nextSequence}`);
      acknowledged += 1;
      if (result.duplicate) duplicates += 1;
    }
  };
  const total = plan.sessions * plan.batchesPerSession;
  let settled = false;
  const writers = Promise.all(
    Array.from({ length: plan.sessions }, (_, index) => writer(`${plan.how}-${index}`)),
  ).finally(() => {
    settled = true;
  });
  // A writer's failure comes out of the awaits below, once; until one of them is reached (the
  // run waits for a restart meanwhile), it is not an unhandled rejection.
  writers.catch(() => undefined);
  try {
    for (let restart = 1; restart <= plan.restarts; restart += 1) {
      await waitFor(
        () => settled || acknowledged >= (total * restart) / (plan.restarts + 1),
        () => `${acknowledged} of ${total} appends acknowledged before restart ${restart}`,
      );
      // Writers that stopped this early failed: surface their error rather than a bare verdict.
      if (settled) await writers;
      if (settled) throw new Error("the writers finished before the server went down");
      const failed = failures;
      await server.down(plan.how);
      gates[restart - 1]?.resolve();
      await waitFor(
        () => settled || failures !== failed,
        () => `a failed append while the server was down (restart ${restart})`,
      );
      await server.up();
    }
    await within(writers, () => `all appends answered, ${acknowledged} of ${total} so far`);
  } finally {
    await within(writers, () => "the writers' end").catch(() => undefined);
    await within(store.close(), () => "the store's close");
  }
  const resumed = createPostgresRolloutStore({ url: server.url, maxConnections: 2 });
  try {
    const intact: boolean[] = [];
    for (let index = 0; index < plan.sessions; index += 1) {
      const read = await resumed.read(`${plan.how}-${index}`, { from: "start" });
      const expected = Array.from(
        { length: plan.batchesPerSession * plan.recordsPerBatch },
        (_, sequence) => ({
          sequence,
          payload: payload(
            Math.floor(sequence / plan.recordsPerBatch),
            sequence % plan.recordsPerBatch,
          ),
        }),
      );
      intact.push(
        JSON.stringify(read.records.map(({ sequence, payload }) => ({ sequence, payload }))) ===
          JSON.stringify(expected),
      );
    }
    return { acknowledged, failures, duplicates, intact };
  } finally {
    await resumed.close();
  }
}
