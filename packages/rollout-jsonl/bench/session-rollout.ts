// Builds the resume bench's rollout: what a real session writes, at any size, cheaply.
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { createMemoryFileSystem, discoverAgentsMd } from "@ctx/agents-md";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import { createModelCatalog, defaultModelCatalog } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore, type RolloutRecord } from "@ctx/rollout";
import {
  approximateTokenizer,
  createSession,
  type Origin,
  readCodexRollout,
  type TurnContext,
} from "@ctx/session";
import { encodeBatch, encodeHeaderLine } from "../src/jsonl-line.js";

/** One real turn: what the user typed, then the model's and tools' items, in order. */
interface RealTurn {
  readonly userText: string;
  readonly items: readonly { readonly item: ResponseItem; readonly origin: Origin }[];
}

/** The turns of the recorded Codex sessions in `@ctx/fixtures`; injected context is left out. */
function realTurns(): RealTurn[] {
  const registry = createStandardRegistry();
  const turns: { userText: string; items: RealTurn["items"][number][] }[] = [];
  for (const name of codexRolloutNames) {
    const { entries } = readCodexRollout(readFileSync(codexRolloutPath(name), "utf8"), registry);
    for (const { item, origin } of entries) {
      if (origin.source === "user" && item.type === "message") {
        const userText = item.content.map((part) => ("text" in part ? part.text : "")).join("");
        turns.push({ userText, items: [] });
      } else if (origin.source === "model" || origin.source === "tool") {
        turns.at(-1)?.items.push({ item, origin });
      }
    }
  }
  return turns.filter((turn) => turn.userText.trim() !== "" && turn.items.length > 0);
}

/** What {@link writeSessionRollout} wrote. */
export interface SessionRollout {
  readonly sessionId: string;
  readonly bytes: number;
  readonly records: number;
  /** Bytes from the latest checkpoint (included) to the end. */
  readonly bytesFromCheckpoint: number;
  readonly recordsFromCheckpoint: number;
  /** What the records are made of, for the bench's output. */
  readonly material: string;
}

/**
 * Writes, in `directory`, the JSONL rollout of a real session of about `size` bytes whose latest
 * checkpoint is followed by about `tail` bytes. A session runs real turns (the recorded Codex
 * sessions' turns, this repository's AGENTS.md) in memory, compacts with `compact()`, and runs
 * real turns again until `tail` bytes follow the checkpoint; the file holds that session's
 * records as it wrote them, with its turns before the compaction repeated, verbatim, until the
 * log is `size` bytes: the part a resume reads is exactly what the session wrote.
 */
export async function writeSessionRollout(
  directory: string,
  size: number,
  tail: number,
): Promise<SessionRollout> {
  const turns = realTurns();
  const model = defaultModelCatalog.get("ctx-coder");
  const catalog = createModelCatalog([
    { ...model, slug: "bench", contextWindow: 100_000_000, autoCompactTokenLimit: 90_000_000 },
  ]);
  const agentsMdText = readFileSync(new URL("../../../AGENTS.md", import.meta.url), "utf8");
  const agentsMd = await discoverAgentsMd({
    cwd: "/repo",
    fs: createMemoryFileSystem({ "/repo/AGENTS.md": agentsMdText }),
  });
  const context: TurnContext = {
    model: "bench",
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    permissions: { sandboxMode: "workspace-write", approvalPolicy: "on-request" },
    agentsMd,
  };
  const store = createMemoryRolloutStore();
  const session = createSession({
    store,
    catalog,
    tokenizer: approximateTokenizer,
    // A summary that names what it summarised, as a model's would, without a model.
    summarizer: async (request) => `Summary of ${request.input.length - 1} items.`,
  });
  let played = 0;
  const playTurn = async () => {
    const turn = turns[played % turns.length];
    played += 1;
    if (turn === undefined) throw new Error("the fixtures hold no turn");
    await session.beginTurn(context, turn.userText);
    for (const { item, origin } of turn.items) await session.record([item], origin);
  };
  const before = Math.min(turns.length, 40);
  for (let turn = 0; turn < before; turn += 1) await playTurn();
  await session.compact();
  const lineBytes = (records: readonly RolloutRecord[]) =>
    records.reduce((total, record) => total + Buffer.byteLength(JSON.stringify(record)) + 80, 0);
  let fromCheckpoint = (await store.read(session.id)).records;
  while (lineBytes(fromCheckpoint) < tail) {
    await playTurn();
    fromCheckpoint = (await store.read(session.id)).records;
  }
  const all = (await store.read(session.id, { from: "start" })).records;
  const info = await store.info(session.id);
  if (info === undefined) throw new Error("the session wrote no rollout");
  const checkpointAt = all.length - fromCheckpoint.length;
  const byTurn = (records: readonly RolloutRecord[]) => {
    const batches: RolloutRecord[][] = [];
    for (const record of records) {
      if (record.type === "turn" || batches.length === 0) batches.push([]);
      batches.at(-1)?.push(record);
    }
    return batches;
  };
  const plain = ({ type, payload, checkpoint }: RolloutRecord) =>
    checkpoint === true ? { type, payload, checkpoint } : { type, payload };
  const prefix = byTurn(all.slice(0, checkpointAt));
  const repeated = prefix.slice(1);
  const tailBatches = byTurn(fromCheckpoint);

  const handle = await open(join(directory, `${session.id}.jsonl`), "w");
  let position = 0;
  let sequence = 0;
  // Lines gather into writes of about 8 MB: one write per batch made a 1 GB log take minutes.
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    await handle.write(pending.join(""));
    pending = [];
    pendingBytes = 0;
  };
  const put = async (text: string) => {
    const bytes = Buffer.byteLength(text);
    pending.push(text);
    pendingBytes += bytes;
    position += bytes;
    if (pendingBytes >= 8 * 2 ** 20) await flush();
  };
  const putBatch = async (records: readonly RolloutRecord[]) => {
    await put(encodeBatch(records.map(plain), sequence, `batch-${sequence}`, info.updatedAt));
    sequence += records.length;
  };
  await put(
    encodeHeaderLine({
      rollout: 1,
      id: session.id,
      createdAt: info.createdAt,
      ...(info.cwd === undefined ? {} : { cwd: info.cwd }),
      meta: info.meta,
    }),
  );
  for (const batch of prefix) await putBatch(batch);
  const tailSize = lineBytes(fromCheckpoint);
  for (let index = 0; position < size - tailSize && repeated.length > 0; index += 1)
    await putBatch(repeated[index % repeated.length] ?? []);
  const checkpointPosition = position;
  const checkpointSequence = sequence;
  for (const batch of tailBatches) await putBatch(batch);
  await flush();
  await handle.sync();
  await handle.close();
  return {
    sessionId: session.id,
    bytes: position,
    records: sequence,
    bytesFromCheckpoint: position - checkpointPosition,
    recordsFromCheckpoint: sequence - checkpointSequence,
    material: `a session's own records: ${before} real turns (of ${turns.length} in the recorded Codex sessions), compact(), then ${played - before} more; its ${prefix.length} turns before the compaction repeated to fill the log`,
  };
}
