import { resolve } from "node:path";
import type { JsonValue } from "@ctx/protocol";
import { CliError } from "./cli-error.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { approvalPolicies, personalities, sandboxModes } from "./setting-choices.js";

/** One setting given on the command line as `KEY=VALUE`, checked. */
export type SettingsOverride =
  | {
      readonly key: "model" | "personality" | "sandbox" | "approval" | "cwd";
      readonly value: string;
    }
  | { readonly key: "network"; readonly value: boolean };

/** The keys `--from` and `--to` take, with the values each accepts, for help and errors. */
export const overrideKeys: Readonly<Record<SettingsOverride["key"], string>> = {
  model: "a model slug",
  personality: personalities.join(", "),
  sandbox: sandboxModes.join(", "),
  approval: approvalPolicies.join(", "),
  network: "on, off",
  cwd: "a folder, relative to the current one",
};

function isOverrideKey(key: string): key is SettingsOverride["key"] {
  return Object.hasOwn(overrideKeys, key);
}

/**
 * Parses `text`, the value of `flag` (`--from` or `--to`), as `KEY=VALUE`; a `cwd` resolves
 * against `cwd`.
 *
 * @throws {CliError} `usage` naming the flag and the value when the text is not `KEY=VALUE`, the
 * key is unknown, or the value is not one the key takes.
 */
export function parseSettingsOverride(text: string, flag: string, cwd: string): SettingsOverride {
  const where = `${flag} ${text}`;
  const equals = text.indexOf("=");
  if (equals <= 0) {
    throw new CliError("usage", `${where}: expected KEY=VALUE, such as sandbox=read-only`);
  }
  const key = text.slice(0, equals);
  const value = text.slice(equals + 1);
  if (!isOverrideKey(key)) {
    throw new CliError(
      "usage",
      `${where}: unknown key ${JSON.stringify(key)} (known: ${Object.keys(overrideKeys).join(", ")})`,
    );
  }
  const refuse = () => new CliError("usage", `${where}: ${key} takes ${overrideKeys[key]}`);
  switch (key) {
    case "model":
      if (value.trim() === "") throw refuse();
      return { key, value };
    case "personality":
    case "sandbox":
    case "approval": {
      const choices: readonly string[] =
        key === "personality" ? personalities : key === "sandbox" ? sandboxModes : approvalPolicies;
      if (!choices.includes(value)) throw refuse();
      return { key, value };
    }
    case "network":
      if (value !== "on" && value !== "off") throw refuse();
      return { key, value: value === "on" };
    case "cwd":
      if (value === "") throw refuse();
      return { key, value: resolve(cwd, value) };
  }
}

/**
 * `settings` (the fields of a turn context) with `override` laid over them: `model` and
 * `personality` as they are, `sandbox`, `approval` and `network` into `permissions` (its other
 * fields kept), `cwd` as the first environment's working directory.
 */
export function applySettingsOverride(
  settings: JsonObject,
  override: SettingsOverride,
): JsonObject {
  const permissions = isJsonObject(settings.permissions) ? settings.permissions : {};
  switch (override.key) {
    case "model":
    case "personality":
      return { ...settings, [override.key]: override.value };
    case "sandbox":
      return { ...settings, permissions: { ...permissions, sandboxMode: override.value } };
    case "approval":
      return { ...settings, permissions: { ...permissions, approvalPolicy: override.value } };
    case "network":
      return { ...settings, permissions: { ...permissions, networkAccess: override.value } };
    case "cwd": {
      const environments: readonly JsonValue[] = Array.isArray(settings.environments)
        ? settings.environments
        : [];
      const [first, ...rest] = environments;
      const moved = isJsonObject(first)
        ? { ...first, cwd: override.value }
        : { id: "local", cwd: override.value };
      return { ...settings, environments: [moved, ...rest] };
    }
  }
}
