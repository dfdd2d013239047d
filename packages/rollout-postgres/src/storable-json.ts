import type { JsonValue } from "@ctx/protocol";

/** An escape JSON.stringify writes for a NUL character or a lone surrogate (after an even run of backslashes). */
const unstorableEscape = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|d[89a-f])/;

/** A JSON value as two columns: `jsonb` when PostgreSQL can hold it as such, else its text. */
export interface StorableJson {
  /** The JSON text to cast to `jsonb`, or `null` when jsonb cannot hold the value. */
  readonly json: string | null;
  /** The JSON text kept verbatim, for a value holding a NUL character or a lone surrogate. */
  readonly text: string | null;
}

/**
 * Serialises a JSON value for a `jsonb` column with a `text` fallback: jsonb refuses the NUL
 * character and lone surrogates, which tool output can hold, so such a value is kept as its
 * JSON text instead and comes back the same.
 */
export function toStorableJson(value: JsonValue): StorableJson {
  const json = JSON.stringify(value);
  return unstorableEscape.test(json) ? { json: null, text: json } : { json, text: null };
}

/** The value back from the two columns {@link toStorableJson} filled. */
export function fromStorableJson(json: unknown, text: string | null): JsonValue {
  return text === null ? (json as JsonValue) : (JSON.parse(text) as JsonValue);
}
