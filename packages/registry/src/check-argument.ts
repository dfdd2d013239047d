import type { FragmentRole } from "@ctx/fragments";
import type { Role } from "@ctx/protocol";
import type { LegacyFragment } from "./legacy-fragment.js";
import { RegistryError } from "./registry-error.js";

const roles: readonly unknown[] = ["developer", "user", "assistant", "system"];

/** Throws a {@link RegistryError} naming `argument` unless `value` is a string. */
export function checkString(argument: string, value: unknown): asserts value is string {
  if (typeof value !== "string") throw RegistryError.forArgument(argument, "a string", value);
}

/** Throws a {@link RegistryError} naming `argument` unless `value` is a role. */
export function checkRole(argument: string, value: unknown): asserts value is Role {
  if (!roles.includes(value)) {
    throw RegistryError.forArgument(
      argument,
      '"developer", "user", "assistant" or "system"',
      value,
    );
  }
}

/** Throws a {@link RegistryError} naming `argument` unless `value` is a role a fragment can have. */
export function checkFragmentRole(argument: string, value: unknown): asserts value is FragmentRole {
  if (value === "system" || !roles.includes(value)) {
    throw RegistryError.forArgument(argument, '"developer", "user" or "assistant"', value);
  }
}

/** Throws a {@link RegistryError} naming `argument` unless `value` is a plain object. */
export function checkObject(
  argument: string,
  value: unknown,
): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw RegistryError.forArgument(argument, "an object", value);
  }
}

/** Throws a {@link RegistryError} naming `argument` unless `value` is an array. */
export function checkArray(argument: string, value: unknown): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) throw RegistryError.forArgument(argument, "an array", value);
}

/** Throws a {@link RegistryError} naming the entry unless `value` is an array of kinds. */
export function checkKinds(argument: string, value: unknown): void {
  checkArray(argument, value);
  for (const [index, kind] of value.entries()) checkKind(`${argument}[${index}]`, kind);
}

function checkKind(argument: string, value: unknown): void {
  checkObject(argument, value);
  if (
    typeof value.type !== "string" ||
    !roles.includes(value.role) ||
    typeof value.create !== "function" ||
    typeof value.matches !== "function" ||
    typeof value.parse !== "function" ||
    !Array.isArray(value.examples)
  ) {
    throw RegistryError.forArgument(argument, "a fragment kind made by defineFragment", value);
  }
}

/** Throws a {@link RegistryError} naming `argument` unless `value` looks like a legacy recogniser. */
export function checkLegacy(argument: string, value: unknown): asserts value is LegacyFragment {
  checkObject(argument, value);
  if (
    typeof value.type !== "string" ||
    !roles.includes(value.role) ||
    typeof value.matches !== "function" ||
    typeof value.userWords !== "boolean" ||
    (value.prefix !== undefined && typeof value.prefix !== "string")
  ) {
    throw RegistryError.forArgument(argument, "a recogniser made by defineLegacyFragment", value);
  }
}

/**
 * Throws a {@link RegistryError} naming the wrong part unless `value` is shaped like a response
 * item: an object with a string `type`, and for a message an array of content objects whose
 * `input_text` entries hold a string `text`.
 */
export function checkResponseItem(argument: string, value: unknown): void {
  checkObject(argument, value);
  checkString(`${argument}.type`, value.type);
  if (value.type !== "message") return;
  checkArray(`${argument}.content`, value.content);
  value.content.forEach((content, index) => {
    const where = `${argument}.content[${index}]`;
    checkObject(where, content);
    if (content.type === "input_text") checkString(`${where}.text`, content.text);
  });
}
