import {
  type FragmentRole,
  type Markers,
  matchesMarkedText,
  startsWithMarker,
} from "@ctx/fragments";
import { check } from "./check-argument.js";
import { checkFragmentRole } from "./check-shapes.js";

/**
 * A recogniser for a wrapper that older agents wrote into histories and nothing produces any
 * more. It exists only so those histories still classify correctly; it never renders.
 */
export interface LegacyFragment {
  /** A stable identifier, distinct from every kind's type. */
  readonly type: string;
  /** The role of the messages it appears in. */
  readonly role: FragmentRole;
  /**
   * The start every text it recognises has (after white space, in any ASCII case), when there is
   * one; developer-side prefix detection uses it too.
   */
  readonly prefix: string | undefined;
  /**
   * Whether the text it recognises is a person's own words in a wrapper another program wrote
   * (an imported session's user message, an answer to the agent's questions): recognised, so a
   * history names it, but never injected context.
   */
  readonly userWords: boolean;
  /** Whether `text` is this wrapper. */
  matches(text: string): boolean;
}

/**
 * How a legacy wrapper is recognised: by both markers (the one match rule), or by a function
 * (which, given a `prefix`, is only asked about texts that begin with it).
 */
export type LegacyFragmentDefinition = {
  readonly type: string;
  readonly role: FragmentRole;
  /** Whether what it recognises is a person's own words (see {@link LegacyFragment.userWords}). */
  readonly userWords?: boolean;
} & (
  | { readonly markers: Markers }
  | { readonly matches: (text: string) => boolean; readonly prefix?: string }
);

/**
 * Defines a legacy recogniser for {@link createRegistry}'s `legacy` option. Its `matches` takes
 * a string.
 * @throws {RegistryError} naming the field when the definition is not one of the two shapes.
 * @example
 * ```ts
 * const userInstructions = defineLegacyFragment({
 *   type: "user_instructions",
 *   role: "user",
 *   markers: { start: "<user_instructions>", end: "</user_instructions>" },
 * });
 * ```
 */
export function defineLegacyFragment(definition: LegacyFragmentDefinition): LegacyFragment {
  check.object("definition", definition);
  check.string("definition.type", definition.type);
  checkFragmentRole("definition.role", definition.role);
  const userWords = definition.userWords ?? false;
  check.condition("definition.userWords", userWords, typeof userWords === "boolean", "a boolean");
  if ("matches" in definition) {
    const { prefix, matches } = definition;
    check.function("definition.matches", matches);
    if (prefix !== undefined) check.string("definition.prefix", prefix);
    return Object.freeze({
      type: definition.type,
      role: definition.role,
      prefix,
      userWords,
      matches: (text: string) => {
        check.string("text", text);
        return (prefix === undefined || startsWithMarker(text, prefix)) && matches(text);
      },
    });
  }
  check.object("definition.markers", definition.markers);
  const { start, end } = definition.markers;
  check.string("definition.markers.start", start);
  check.string("definition.markers.end", end);
  const matches = (text: string) => {
    check.string("text", text);
    return matchesMarkedText(text, start, end);
  };
  return Object.freeze({
    type: definition.type,
    role: definition.role,
    prefix: start,
    userWords,
    matches,
  });
}
