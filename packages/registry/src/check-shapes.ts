import type { FragmentRole } from "@ctx/fragments";
import type { Role } from "@ctx/protocol";
import { check } from "./check-argument.js";

/** The roles of a message, which the checks below and `checkLegacy` accept. */
export const roles: readonly unknown[] = ["developer", "user", "assistant", "system"];

/** Throws a `RegistryError` naming `argument` unless `value` is a role. */
export function checkRole(argument: string, value: unknown): asserts value is Role {
  check.condition(
    argument,
    value,
    roles.includes(value),
    '"developer", "user", "assistant" or "system"',
  );
}

/** Throws a `RegistryError` naming `argument` unless `value` is a role a fragment can have. */
export function checkFragmentRole(argument: string, value: unknown): asserts value is FragmentRole {
  check.condition(
    argument,
    value,
    value !== "system" && roles.includes(value),
    '"developer", "user" or "assistant"',
  );
}

/** Throws a `RegistryError` naming the entry unless `value` is an array of kinds. */
export function checkKinds(argument: string, value: unknown): void {
  check.array(argument, value);
  for (const [index, kind] of value.entries()) checkKind(`${argument}[${index}]`, kind);
}

function checkKind(argument: string, value: unknown): void {
  check.object(argument, value);
  check.condition(
    argument,
    value,
    typeof value.type === "string" &&
      roles.includes(value.role) &&
      typeof value.create === "function" &&
      typeof value.matches === "function" &&
      typeof value.parse === "function" &&
      Array.isArray(value.examples),
    "a fragment kind made by defineFragment",
  );
}

/**
 * Throws a `RegistryError` naming the wrong part unless `value` is shaped like a response
 * item: an object with a string `type`, and for a message an array of content objects whose
 * `input_text` entries hold a string `text`.
 */
export function checkResponseItem(argument: string, value: unknown): void {
  check.object(argument, value);
  check.string(`${argument}.type`, value.type);
  if (value.type !== "message") return;
  check.array(`${argument}.content`, value.content);
  value.content.forEach((content, index) => {
    const where = `${argument}.content[${index}]`;
    check.object(where, content);
    if (content.type === "input_text") check.string(`${where}.text`, content.text);
  });
}
