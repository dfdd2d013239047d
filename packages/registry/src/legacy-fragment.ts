import {
  type FragmentRole,
  type Markers,
  matchesMarkedText,
  startsWithMarker,
} from "@ctx/fragments";

/**
 * A recogniser for a wrapper that older agents wrote into histories and nothing produces any
 * more. It exists only so those histories still classify correctly; it never renders.
 */
export interface LegacyFragment {
  /** A stable identifier, distinct from every kind's type. */
  readonly type: string;
  /** The role of the messages it appears in. */
  readonly role: FragmentRole;
  /** The start marker developer-side prefix detection uses, when the wrapper has one. */
  readonly prefix: string | undefined;
  /** Whether `text` is this wrapper. */
  matches(text: string): boolean;
}

/** How a legacy wrapper is recognised: by both markers, by the start marker alone, or by a function. */
export type LegacyFragmentDefinition = {
  readonly type: string;
  readonly role: FragmentRole;
} & (
  | { readonly markers: Markers; readonly prefixOnly?: boolean }
  | { readonly matches: (text: string) => boolean }
);

/**
 * Defines a legacy recogniser for {@link createRegistry}'s `legacy` option.
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
  if ("matches" in definition) {
    return Object.freeze({
      type: definition.type,
      role: definition.role,
      prefix: undefined,
      matches: definition.matches,
    });
  }
  const { start, end } = definition.markers;
  const matches = definition.prefixOnly
    ? (text: string) => startsWithMarker(text, start)
    : (text: string) => matchesMarkedText(text, start, end);
  return Object.freeze({ type: definition.type, role: definition.role, prefix: start, matches });
}
