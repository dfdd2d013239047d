import { systemTimeZone } from "@ctx/session";
import type { CliEnvironment } from "./terminal.js";

/** What a turn takes from the process the command runs in, when no flag says otherwise. */
export interface ProcessDefaults {
  /** The shell's name from `SHELL` (`zsh` for `/bin/zsh`), `bash` when unset. */
  readonly shell: string;
  /**
   * The IANA time zone `TZ` names, as the system would report it (`Etc/UTC` for `UTC`); absent
   * when `TZ` is unset or no time zone the runtime knows, so the system's own is used.
   */
  readonly timeZone?: string;
}

/**
 * The shell and time zone of `environment.env`, read there rather than from the running process so
 * the command describes the environment it was given.
 */
export function processDefaults(environment: CliEnvironment): ProcessDefaults {
  const shell = environment.env.SHELL?.split("/").at(-1) || "bash";
  const zone = environment.env.TZ;
  if (zone === undefined || zone === "") return { shell };
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions();
    return { shell, timeZone: systemTimeZone(resolved.timeZone) };
  } catch {
    return { shell };
  }
}
