/**
 * The system's time zone as the system names it: the runtime's IANA name, except that the
 * runtime's `UTC` (which it reports for a system set to `Etc/UTC`) is given as `Etc/UTC`.
 */
export function systemTimeZone(
  resolved = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  return resolved === undefined || resolved === "" || resolved === "UTC" ? "Etc/UTC" : resolved;
}
