import { z } from "zod";
import { checkSchema } from "../check-argument.js";

/**
 * The system's time zone as the system names it: the runtime's IANA name, except that the
 * runtime's `UTC` (which it reports for a system set to `Etc/UTC`) is given as `Etc/UTC`.
 * `resolved` is a name read elsewhere (a `TZ` variable, say) to name the same way.
 *
 * @throws {SessionError} when `resolved` is given and is not a string.
 */
export function systemTimeZone(
  resolved: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const zone = checkSchema("resolved", resolved, z.string().optional());
  return zone === undefined || zone === "" || zone === "UTC" ? "Etc/UTC" : zone;
}
