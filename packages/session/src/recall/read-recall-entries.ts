import type { RecordSearch, RolloutStore, StoredRecord } from "@ctx/rollout";
import { searchRollout } from "@ctx/rollout";
import { sessionRecordSchema } from "../log/session-records.js";
import { SessionError } from "../session-error.js";
import { type RecalledItem, recalledText } from "./recalled-item.js";

type ParsedRecord = ReturnType<typeof sessionRecordSchema.parse>;
type Store = Pick<RolloutStore, "read" | "searchRecords">;

/** The filters of a checked recall query. */
interface RecallFilter {
  readonly turns?:
    | { readonly from?: number | undefined; readonly to?: number | undefined }
    | undefined;
  readonly text?: string | undefined;
  readonly tool?: string | undefined;
  readonly path?: string | undefined;
}

/** The records that number the turns. */
const markTypes = ["turn", "rollback"];

/** How many call ids one search of the store looks for. */
const callIdsPerSearch = 1000;

function parse(stored: StoredRecord): ParsedRecord {
  const parsed = sessionRecordSchema.safeParse({ type: stored.type, payload: stored.payload });
  if (!parsed.success) {
    throw new SessionError(
      "unreadable-rollout",
      `the rollout record at sequence ${stored.sequence} cannot be read`,
    );
  }
  return parsed.data;
}

/** The longest line of `text`: an item holding `text` holds it inside one of its strings. */
function longestLine(text: string | undefined): string {
  return (text ?? "")
    .split("\n")
    .reduce((long, line) => (line.length > long.length ? line : long), "");
}

/**
 * The sequences whose items the skeleton (the session's `turn` and `rollback` records, in order)
 * numbers inside `turns`: from the first to just past the last.
 */
function turnRange(
  skeleton: readonly { readonly sequence: number; readonly record: ParsedRecord }[],
  turns: NonNullable<RecallFilter["turns"]>,
): { readonly from: number; readonly below: number } | undefined {
  const inside = (turn: number) =>
    (turns.from === undefined || turn >= turns.from) &&
    (turns.to === undefined || turn <= turns.to);
  let turn = 0;
  let start = 0;
  let from: number | undefined;
  let below = 0;
  const close = (end: number) => {
    if (!inside(turn) || end <= start) return;
    from = Math.min(from ?? start, start);
    below = Math.max(below, end);
  };
  for (const { sequence, record } of skeleton) {
    close(sequence);
    if (record.type === "turn") turn += 1;
    else if (record.type === "rollback") turn = Math.max(0, turn - record.payload.userTurns);
    start = sequence + 1;
  }
  close(Number.MAX_SAFE_INTEGER);
  return from === undefined ? undefined : { from, below };
}

/**
 * The records that may answer `query`, found by the store: the session's `turn` and `rollback`
 * marks, every record the query can match, the calls of the outputs among them (for their
 * tool's name) and, for a tool, the outputs of its calls. Without turns, the marks come in the
 * query's own search; with turns, they come first, to find the turns' range.
 */
async function candidates(
  store: Store,
  sessionId: string,
  query: RecallFilter,
): Promise<StoredRecord[]> {
  const text = [longestLine(query.text), longestLine(query.path)].reduce((long, line) =>
    line.length > long.length ? line : long,
  );
  const piece = text.length > 0 ? text : query.tool;
  const items: RecordSearch = {
    types: ["response_item"],
    ...(piece === undefined ? {} : { texts: [piece] }),
  };
  let found: StoredRecord[];
  if (query.turns === undefined) {
    found = [...(await searchRollout(store, sessionId, { ...items, marks: markTypes })).records];
  } else {
    found = [...(await searchRollout(store, sessionId, { types: markTypes })).records];
    const skeleton = found.map((stored) => ({ sequence: stored.sequence, record: parse(stored) }));
    const range = turnRange(skeleton, query.turns);
    if (range === undefined) return found;
    found.push(...(await searchRollout(store, sessionId, { ...items, ...range })).records);
  }
  // Found by range alone, the records hold every call between an output and a call of its id
  // found before it: that call names its tool, and no other search is needed for it.
  const whole = piece === undefined;
  const called = new Set<string>();
  const callIds = new Set<string>();
  for (const stored of found) {
    const record = parse(stored);
    if (record.type !== "response_item") continue;
    const { item } = record.payload;
    if (item.type === "function_call" || item.type === "custom_tool_call") called.add(item.call_id);
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      if (!(whole && called.has(item.call_id))) callIds.add(item.call_id);
    } else if (
      (item.type === "function_call" || item.type === "custom_tool_call") &&
      query.tool !== undefined &&
      item.name === query.tool
    )
      callIds.add(item.call_id);
  }
  const ids = [...callIds];
  for (let start = 0; start < ids.length; start += callIdsPerSearch) {
    const texts = ids.slice(start, start + callIdsPerSearch);
    found.push(
      ...(await searchRollout(store, sessionId, { types: ["response_item"], texts })).records,
    );
  }
  return found;
}

/**
 * The session's items that may answer `query`, each with the turn it was recorded in (a `turn`
 * record opens each), less the turns rollbacks dropped: today's reading of the whole rollout,
 * done on the records the store finds for the query and its `turn` and `rollback` records, so
 * the items are those the whole read gives, in the same order, filtered the same way after.
 *
 * @throws {SessionError} `unreadable-rollout` for a record that cannot be read.
 */
export async function readRecallEntries(
  store: Store,
  sessionId: string,
  query: RecallFilter,
): Promise<RecalledItem[]> {
  const bySequence = new Map<number, ParsedRecord>();
  for (const stored of await candidates(store, sessionId, query))
    if (!bySequence.has(stored.sequence)) bySequence.set(stored.sequence, parse(stored));
  const entries: RecalledItem[] = [];
  const toolOfCall = new Map<string, string>();
  let turn = 0;
  for (const sequence of [...bySequence.keys()].sort((left, right) => left - right)) {
    const record = bySequence.get(sequence);
    if (record?.type === "turn") {
      turn += 1;
      continue;
    }
    if (record?.type === "rollback") {
      turn = Math.max(0, turn - record.payload.userTurns);
      while ((entries.at(-1)?.turn ?? 0) > turn) entries.pop();
      continue;
    }
    if (record?.type !== "response_item") continue;
    const { item, origin } = record.payload;
    let tool: string | undefined;
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      toolOfCall.set(item.call_id, item.name);
      tool = item.name;
    } else if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      tool = toolOfCall.get(item.call_id);
    }
    entries.push({
      turn,
      from: origin.source,
      type: item.type,
      ...(tool === undefined ? {} : { tool }),
      text: recalledText(item),
    });
  }
  return entries;
}
