// A child process for the JSONL store's cross-process tests, bundled once per test run.
//   race <directory> <sessionId> <writers> <perWriter> <label>: that many writers, each with
//     its own store, append one record at a time until each has written `perWriter`.
//   crash <directory> <sessionId>: appends batches forever, printing each acknowledged next
//     sequence, until it is killed.
//   list <directory>: prints the ids of the first page of the listing, and its warnings' codes.
import { createJsonlRolloutStore } from "../../jsonl-rollout-store.js";
import { RolloutConflictError } from "@ctx/rollout";
import { crashRecord } from "./crash-record.js";

const [mode, directory = "", sessionId = "", ...rest] = process.argv.slice(2);

async function race(writers: number, perWriter: number, label: string): Promise<void> {
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const store = createJsonlRolloutStore(directory, { lockTimeout: 60_000 });
      for (let written = 0; written < perWriter; ) {
        const info = await store.info(sessionId);
        try {
          await store.append({
            sessionId,
            expectedSequence: info?.nextSequence ?? 0,
            appendId: `${label}-${writer}-${written}`,
            records: [{ type: "response_item", payload: { text: `${label}-${writer}:${written}` } }],
          });
          written += 1;
        } catch (error) {
          if (!RolloutConflictError.isInstance(error)) throw error;
        }
      }
      await store.close();
    }),
  );
}

async function crash(): Promise<void> {
  const store = createJsonlRolloutStore(directory, { lockTimeout: 60_000 });
  let next = (await store.info(sessionId))?.nextSequence ?? 0;
  process.stdout.write("ready\n");
  for (;;) {
    const size = 1 + (next % 3);
    const records = Array.from({ length: size }, (_, offset) => crashRecord(next + offset));
    const result = await store.append({
      sessionId,
      expectedSequence: next,
      appendId: `crash-${next}`,
      records,
    });
    next = result.nextSequence;
    process.stdout.write(`${next}\n`);
  }
}

async function list(): Promise<void> {
  const store = createJsonlRolloutStore(directory);
  const page = await store.list();
  const warnings = (page.warnings ?? []).map((warning) => warning.code);
  process.stdout.write(
    `${JSON.stringify({ ids: page.sessions.map((session) => session.id), warnings })}\n`,
  );
  await store.close();
}

if (mode === "race") await race(Number(rest[0]), Number(rest[1]), rest[2] ?? "child");
else if (mode === "crash") await crash();
else if (mode === "list") await list();
else throw new Error(`unknown mode ${mode}`);
