import { errorCodeOf } from "../file-system-failure.js";

/** The error code `promise` is rejected with (`ENOENT`, `ELOOP`, …), or `null` when it resolves. */
export async function failureCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
  } catch (error) {
    return errorCodeOf(error);
  }
  return null;
}
