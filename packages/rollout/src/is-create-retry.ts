import type { JsonValue } from "@ctx/protocol";
import type { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { RolloutError } from "./rollout-error.js";
import { createSessionRequestSchema } from "./rollout-schemas.js";
import type { SessionInfo } from "./rollout-store.js";

/** Whether two JSON values are equal, member for member (object keys in any order). */
function sameJson(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null)
    return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((value, index) => sameJson(value, right[index]));
  }
  const leftMembers = left as { readonly [key: string]: JsonValue };
  const rightMembers = right as { readonly [key: string]: JsonValue };
  const keys = Object.keys(leftMembers);
  if (keys.length !== Object.keys(rightMembers).length) return false;
  return keys.every(
    (key) => Object.hasOwn(rightMembers, key) && sameJson(leftMembers[key], rightMembers[key]),
  );
}

/**
 * Whether `request` repeats the create that made the session `taken` (same id, cwd, parent and
 * meta) and nothing has been appended to it since: a retry whose answer was lost, which every
 * store answers with the session instead of a conflict.
 *
 * @throws {RolloutError} `invalid-argument` when `taken` is not a session's info or `request`
 * not a create request.
 */
export function isCreateRetry(
  taken: SessionInfo,
  request: z.output<typeof createSessionRequestSchema>,
): boolean {
  if (
    typeof taken !== "object" ||
    taken === null ||
    typeof taken.id !== "string" ||
    typeof taken.nextSequence !== "number"
  )
    throw new RolloutError("invalid-argument", "taken: expected the info of a session");
  const parsed = checkSchema("request", request, createSessionRequestSchema);
  return (
    taken.id === parsed.id &&
    taken.cwd === parsed.cwd &&
    taken.parent?.sessionId === parsed.parent?.sessionId &&
    taken.parent?.sequence === parsed.parent?.sequence &&
    taken.nextSequence === (parsed.parent?.sequence ?? 0) &&
    sameJson(taken.meta, parsed.meta ?? null)
  );
}
