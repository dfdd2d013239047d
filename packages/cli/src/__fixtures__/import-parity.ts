import { readFileSync } from "node:fs";
import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JsonValue } from "@ctx/protocol";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import type { HistoryEntry } from "@ctx/session";
import { importClaudeCodeTranscript, resumeSession } from "@ctx/session";
import { inspectRollout } from "../inspect-rollout.js";
import { isJsonObject } from "../json-object.js";
import type { InspectedItem } from "../rollout-inspection.js";

/** The UTF-8 bytes of `text`. */
export const bytes = (text: string) => Buffer.byteLength(text, "utf8");
const sources = { user: "user", injected: "context", model: "model", tool: "tool" } as const;

/**
 * The history the importer wrote, one unit per text the model reads (its author and bytes), per
 * call, per tool result and per block of thinking.
 */
function importedUnits(entries: readonly HistoryEntry[]): string[] {
  return entries.flatMap(({ item, origin }): string[] => {
    if (item.type === "function_call") return ["model call"];
    if (item.type === "function_call_output") return ["tool result"];
    if (item.type === "reasoning") return ["model thinking"];
    if (item.type !== "message" || typeof item.content === "string") return [`? ${item.type}`];
    return item.content.map((part) =>
      part.type === "input_image"
        ? `${origin.source} image`
        : `${origin.source} ${"text" in part ? bytes(part.text) : "?"}`,
    );
  });
}

/**
 * The lines of `path` holding a tool's result whose call the file does not hold (an excerpt cut
 * it off): the importer leaves such a result out, since it is never sent without its call.
 */
function unpairedResults(path: string): Set<number> {
  const records = readFileSync(path, "utf8")
    .split("\n")
    .map((line) => (line.trim() === "" ? undefined : (JSON.parse(line) as JsonValue)));
  const blocks = (record: JsonValue | undefined): JsonValue[] => {
    const message = isJsonObject(record) ? record.message : undefined;
    const content = isJsonObject(message) ? message.content : undefined;
    return Array.isArray(content) ? content : [];
  };
  const calls = new Set(
    records.flatMap((record) =>
      blocks(record).flatMap((block) =>
        isJsonObject(block) && block.type === "tool_use" ? [block.id] : [],
      ),
    ),
  );
  const lines = records.flatMap((record, index) =>
    blocks(record).some(
      (block) =>
        isJsonObject(block) && block.type === "tool_result" && !calls.has(block.tool_use_id),
    )
      ? [index + 1]
      : [],
  );
  return new Set(lines);
}

/** The same units of the items `ctx inspect` showed in the main history after `since`. */
function inspectedUnits(
  items: readonly InspectedItem[],
  since: number,
  unpaired: ReadonlySet<number>,
): string[] {
  const units: string[] = [];
  let previous: InspectedItem | undefined;
  for (const item of items) {
    const last = previous;
    previous = item;
    if (item.line <= since || (item.kind === "tool_result" && unpaired.has(item.line))) continue;
    // A tool's result is one item, whatever its parts and the reminders Claude Code appended.
    const sameResult = last?.line === item.line && last.kind === "tool_result";
    if (item.kind === "tool_result" || item.kind === "system_reminder") {
      if (sameResult) previous = last;
      if (!sameResult && item.kind === "tool_result") units.push("tool result");
      if (!sameResult && item.kind === "system_reminder") units.push(`context ${item.bytes}`);
      continue;
    }
    if (item.kind === "tool_use") units.push("model call");
    else if (item.kind === "thinking" || item.kind === "redacted_thinking") {
      units.push("model thinking");
    } else if (item.kind === "image") {
      units.push(`${item.category === "user" ? "user" : "context"} image`);
    } else if (item.kind === "compaction_summary") {
      // The importer keeps Claude Code's summary as the model's words; inspect shows it as what
      // Claude Code put in the person's turn. Neither makes it the person's.
      units.push(`model ${item.bytes}`);
    } else if (item.kind !== "image_data" && item.kind !== "thinking_signature") {
      const source = item.category === "other" ? "other" : sources[item.category];
      units.push(`${source} ${item.bytes}`);
    }
  }
  return units;
}

/** What `ctx inspect` and the importer each make of the transcript at `path`. */
export async function bothReadings(path: string) {
  const items: InspectedItem[] = [];
  const inspection = await inspectRollout(path, { onItem: (item) => void items.push(item) });
  const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-parity-")));
  const store = createJsonlRolloutStore(folder);
  const lines = readFileSync(path, "utf8").split("\n");
  const imported = await importClaudeCodeTranscript(lines, { store });
  const session = await resumeSession(store, { sessionId: imported.sessionId });
  const since = Math.max(
    0,
    ...inspection.events.filter((each) => each.type === "compaction").map((each) => each.line),
  );
  return {
    inspection,
    imported,
    inspected: inspectedUnits(items, since, unpairedResults(path)),
    history: importedUnits(session.history()),
  };
}

