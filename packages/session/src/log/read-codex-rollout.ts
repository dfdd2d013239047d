import { safeParseResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { registrySchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { classifyHistory } from "../history/classify-history.js";
import type { HistoryEntry } from "../history/origin.js";
import { codexOrigin, userMessageKey } from "./codex-origin.js";
import { parseCodexRolloutLine } from "./parse-codex-rollout-line.js";
import { createTypedMessageMatcher } from "./typed-message-matcher.js";

/**
 * The history of a rollout Codex wrote (JSONL), with origins. Codex logs what the user typed as
 * `event_msg` `user_message` records: when the rollout has them, they are the provenance — the
 * user message each one names is the user's, and every other user message is injected context,
 * whatever its text looks like ({@link createTypedMessageMatcher} pairs them). Without them,
 * origins are read from markers ({@link classifyHistory}). Lines that are not JSON records, and items of types this library
 * does not model, are skipped and counted in one warning.
 *
 * @throws {SessionError} naming `text` or `registry` when it is not what its type says.
 * @example
 * ```ts
 * const { entries } = readCodexRollout(readFileSync(path, "utf8"), registry);
 * const session = createSession({ history: entries });
 * ```
 */
export function readCodexRollout(
  text: string,
  registry: Registry,
): { entries: HistoryEntry[]; warnings: CtxWarning[] } {
  checkSchema("text", text, z.string());
  checkSchema("registry", registry, registrySchema);
  const items: HistoryEntry["item"][] = [];
  const matcher = createTypedMessageMatcher<number>(Number.POSITIVE_INFINITY);
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const record = parseCodexRolloutLine(parseJson(line));
    if (record === undefined) {
      skipped += 1;
      continue;
    }
    if (record.type === "user_message") {
      matcher.typed(record.message);
    } else if (record.type === "response_item") {
      const parsed = safeParseResponseItem(record.item);
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      const { item } = parsed;
      const key = userMessageKey(item);
      if (key !== undefined) matcher.message(key, items.length);
      items.push(item);
    }
  }
  const typed = new Set(
    matcher
      .settle()
      .filter((message) => message.typed)
      .map((message) => message.value),
  );
  const origins = classifyHistory(items, registry);
  const entries = items.map(
    (item, index): HistoryEntry => ({
      item,
      origin: codexOrigin(
        item,
        origins[index] ?? { source: "model" },
        matcher.sawTyped,
        typed.has(index),
      ),
    }),
  );
  const warnings: CtxWarning[] =
    skipped === 0
      ? []
      : [
          {
            code: "codex-rollout-lines-skipped",
            message: `${skipped} line(s) of the Codex rollout could not be read as history and were skipped`,
          },
        ];
  return { entries, warnings };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
