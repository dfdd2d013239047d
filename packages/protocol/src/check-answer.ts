import type { z } from "zod";
import { AdapterError } from "./adapter-error.js";
import { argumentError } from "./argument-error.js";
import { parseWithSchema } from "./parse-with-schema.js";

/**
 * Parses a part of a provider's answer with `schema` and returns zod's output: how an adapter
 * reads an answer it does not trust, one item or block at a time, naming `where` it is.
 *
 * @throws {ProtocolError} coded `invalid-argument` when `provider` or `where` is not a string,
 * `index` is not a whole number or `schema` is not a zod schema.
 * @throws {AdapterError} coded `invalid-answer`, naming `where` and `provider`, with `index`,
 * when the value does not fit.
 * @example
 * ```ts
 * const call = checkAnswer("gemini", functionCallSchema, part, `candidates[0].parts[${index}]`, index);
 * ```
 */
export function checkAnswer<Schema extends z.ZodType>(
  provider: string,
  schema: Schema,
  value: unknown,
  where: string,
  index?: number,
): z.output<Schema> {
  if (typeof provider !== "string") throw argumentError("provider", "expected a string");
  if (typeof where !== "string") throw argumentError("where", "expected a string");
  if (index !== undefined && !(Number.isSafeInteger(index) && index >= 0)) {
    throw argumentError("index", "expected a whole number, 0 or more");
  }
  return parseWithSchema(
    schema,
    value,
    (problems) =>
      new AdapterError("invalid-answer", `${where} is not valid: ${problems}`, {
        provider,
        index,
      }),
  );
}
