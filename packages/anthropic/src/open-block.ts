import { AdapterError } from "@ctx/protocol";
import { provider } from "./provider.js";

/** A content block between its start and its stop: its start, and each field's chunks. */
export interface OpenBlock {
  readonly start: Record<string, unknown>;
  readonly chunks: Record<"text" | "partial_json" | "thinking" | "signature", string[]>;
}

/** The field each delta type adds to. */
const deltaFields = {
  text_delta: "text",
  input_json_delta: "partial_json",
  thinking_delta: "thinking",
  signature_delta: "signature",
} as const;

/**
 * The block index, field and text of a well-formed text, JSON, thinking or signature delta;
 * `undefined` for anything else, which the schema then checks (and names when malformed).
 */
export function deltaChunk(
  event: object,
): { index: number; field: keyof OpenBlock["chunks"]; text: string } | undefined {
  const index: unknown = Reflect.get(event, "index");
  const delta: unknown = Reflect.get(event, "delta");
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0) return undefined;
  if (typeof delta !== "object" || delta === null) return undefined;
  const type: unknown = Reflect.get(delta, "type");
  if (typeof type !== "string" || !Object.hasOwn(deltaFields, type)) return undefined;
  const field = deltaFields[type as keyof typeof deltaFields];
  const text: unknown = Reflect.get(delta, field);
  return typeof text === "string" ? { index, field, text } : undefined;
}

/**
 * The open block `index`.
 * @throws {AdapterError} coded `invalid-answer`, naming `where`, when the block has not
 * started, or has stopped already (`stopped` holds it then).
 */
export function openBlock(
  open: Map<number, OpenBlock>,
  stopped: Map<number, unknown>,
  index: number,
  where: string,
): OpenBlock {
  const block = open.get(index);
  if (block === undefined) {
    throw new AdapterError(
      "invalid-answer",
      stopped.has(index)
        ? `the stream contradicts itself: ${where} names block ${index} after it stopped; nothing of it was kept`
        : `${where} names block ${index}, which has not started`,
      { provider, index },
    );
  }
  return block;
}

/** The block as the whole message would carry it: its start with each field's chunks joined. */
export function finishBlock(
  block: OpenBlock,
  where: string,
  index: number,
): Record<string, unknown> {
  const { start, chunks } = block;
  const finished: Record<string, unknown> = { ...start };
  for (const field of ["text", "thinking", "signature"] as const) {
    if (chunks[field].length > 0) finished[field] = stringOr(start[field]) + chunks[field].join("");
  }
  if (chunks.partial_json.length > 0) {
    const json = chunks.partial_json.join("");
    try {
      finished.input = JSON.parse(json);
    } catch (error) {
      throw new AdapterError("invalid-answer", `${where} has tool input that is not JSON`, {
        provider,
        index,
        cause: error,
      });
    }
  }
  return finished;
}

function stringOr(value: unknown): string {
  return typeof value === "string" ? value : "";
}
