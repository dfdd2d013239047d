import { parse } from "smol-toml";
import { CodexConfigError } from "./codex-config-error.js";

/** One `-c key=value` override: the key's parts and the value. */
export interface ConfigOverride {
  /** The dotted key split at each `.` (`sandbox_workspace_write.network_access`). */
  readonly path: readonly string[];
  readonly value: unknown;
  /** The override as given. */
  readonly text: string;
}

/**
 * One `-c key=value` as Codex 0.171 reads it: split at the first `=`, both sides trimmed, the
 * key split at each `.`; the value read as a TOML value (`true`, `5`, `"text"`, `["a"]`,
 * `{ a = 1 }`), and where that fails taken as a string, without the quotes around it.
 *
 * @throws {CodexConfigError} `invalid-override` when there is no `=` or no key.
 */
export function parseOverride(text: string): ConfigOverride {
  const equals = text.indexOf("=");
  if (equals < 0) {
    throw new CodexConfigError("invalid-override", `the override ${text} has no "=" (key=value)`);
  }
  const key = text.slice(0, equals).trim();
  const raw = text.slice(equals + 1).trim();
  if (key === "") {
    throw new CodexConfigError("invalid-override", `the override ${text} has no key before "="`);
  }
  return { path: key.split("."), value: tomlValue(raw), text };
}

function tomlValue(raw: string): unknown {
  try {
    return parse(`value = ${raw}`).value;
  } catch {
    return raw.replace(/^["']+|["']+$/g, "");
  }
}
