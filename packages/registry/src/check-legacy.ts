import { check } from "./check-argument.js";
import { roles } from "./check-shapes.js";
import type { LegacyFragment } from "./legacy-fragment.js";

/** Throws a `RegistryError` naming `argument` unless `value` looks like a legacy recogniser. */
export function checkLegacy(argument: string, value: unknown): asserts value is LegacyFragment {
  check.object(argument, value);
  check.condition(
    argument,
    value,
    typeof value.type === "string" &&
      roles.includes(value.role) &&
      typeof value.matches === "function" &&
      typeof value.userWords === "boolean" &&
      (value.prefix === undefined || typeof value.prefix === "string"),
    "a recogniser made by defineLegacyFragment",
  );
}
