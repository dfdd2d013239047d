import type { JsonValue } from "@ctx/protocol";
import type { ClaudeCodeJson, ClaudeCodeRecord } from "./claude-code-record.js";

function isRecord(json: JsonValue | undefined): json is ClaudeCodeJson {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

/**
 * How a Claude Code record links up: its `uuid`, and the parent it goes back to (`rewindsTo`;
 * `null` for the start) when it is the person writing again from an earlier point — a message of
 * theirs whose parent is not `last`, the record just before it. A tool's result hangs off its own
 * call whatever came between (parallel calls), so only the person's words tell a rewind.
 */
export function linksOf(
  record: ClaudeCodeRecord,
  json: JsonValue | undefined,
  last: string | undefined,
): { uuid: string | undefined; rewindsTo: string | null | undefined } {
  if (!isRecord(json)) return { uuid: undefined, rewindsTo: undefined };
  const { uuid, parentUuid } = json;
  const parent = typeof parentUuid === "string" || parentUuid === null ? parentUuid : undefined;
  const rewind =
    record.type === "user" &&
    parent !== undefined &&
    last !== undefined &&
    parent !== last &&
    record.blocks.some((block) => block.type === "text" && block.author === "user");
  return {
    uuid: typeof uuid === "string" ? uuid : undefined,
    rewindsTo: rewind ? parent : undefined,
  };
}
