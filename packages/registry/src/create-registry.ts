import { type FragmentKind, type FragmentRole, startsWithMarker } from "@ctx/fragments";
import type { ResponseItem, Role } from "@ctx/protocol";
import {
  checkArray,
  checkKinds,
  checkLegacy,
  checkObject,
  checkResponseItem,
  checkRole,
  checkString,
} from "./check-argument.js";
import { findCollision } from "./find-collision.js";
import { createFirstCharacterIndex } from "./first-character-index.js";
import type { LegacyFragment } from "./legacy-fragment.js";
import { RegistryError } from "./registry-error.js";

/** What {@link Registry.classify} found a text to be: a current kind's output, or a legacy wrapper. */
export type Classification =
  | {
      readonly legacy: false;
      readonly type: string;
      readonly kind: FragmentKind;
    }
  | { readonly legacy: true; readonly type: string; readonly recogniser: LegacyFragment };

/** A kind or legacy recogniser, with the start its texts must have and what classify answers. */
interface Candidate {
  readonly prefix: string | undefined;
  readonly matches: (text: string) => boolean;
  readonly result: Classification;
}

/** Options of {@link createRegistry}. */
export interface RegistryOptions {
  /** Recognisers for wrappers older agents wrote; used for detection only, after the kinds. */
  readonly legacy?: readonly LegacyFragment[];
}

/**
 * The one ordered list of fragment kinds. Its order is the order fragments appear in a turn's
 * context; it alone decides whether a text in history is injected context.
 */
export interface Registry {
  /** Every kind, in registry order. */
  readonly kinds: readonly FragmentKind[];
  /** The legacy recognisers, in the order given. */
  readonly legacy: readonly LegacyFragment[];
  /** Every start and end marker of the registered kinds, without repeats, in registry order. */
  readonly markers: readonly string[];
  /** The kind registered under `type`. */
  get(type: string): FragmentKind | undefined;
  /** Which kind (or legacy wrapper) of `role` the text is, in registry order, or `undefined`. */
  classify(role: Role, text: string): Classification | undefined;
  /**
   * Whether `item` is a user message with at least one text a user-role kind recognises (a
   * recogniser of a person's own words in a wrapper does not count: that message is the user's).
   */
  isContextualUserMessage(item: ResponseItem): boolean;
  /**
   * Whether `item` is a developer message with at least one text that begins with a
   * developer-role kind's start marker (the reference's prefix rule: the end is not checked).
   */
  isContextualDeveloperMessage(item: ResponseItem): boolean;
}

/**
 * Builds a frozen registry from `kinds`, in the order given. Nothing registers itself on import:
 * a team adds its own kinds by passing them here.
 *
 * @throws {RegistryError} naming both kinds when a type is used twice, when two kinds declare
 * different sections under one id, when two kinds of one role
 * have markers that recognise each other's output, or when a kind's example is recognised by
 * another kind or a legacy wrapper; naming the argument when `kinds` is not an array of kinds or
 * `options` not an options object. The registry's methods throw it too for a wrong argument.
 * @example
 * ```ts
 * const registry = createRegistry([agentsMdInstructions, environmentContext], {
 *   legacy: legacyFragments,
 * });
 * registry.classify("user", "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>")?.type;
 * // "environment_context"
 * ```
 */
export function createRegistry(
  kinds: readonly FragmentKind[],
  options: RegistryOptions = {},
): Registry {
  checkKinds("kinds", kinds);
  checkObject("options", options as unknown);
  if (options.legacy !== undefined) {
    const given: unknown = options.legacy;
    checkArray("options.legacy", given);
    for (const [index, entry] of given.entries()) checkLegacy(`options.legacy[${index}]`, entry);
  }
  const legacy = Object.freeze([...(options.legacy ?? [])]);
  const ordered = Object.freeze([...kinds]);
  const collision = findCollision(ordered, legacy);
  if (collision !== undefined) throw new RegistryError(collision.reason, collision.types);

  const byType = new Map(ordered.map((kind) => [kind.type, kind]));
  const candidatesByRole = new Map(
    (["developer", "user", "assistant"] as const).map((role) => [
      role,
      createFirstCharacterIndex<Candidate>([
        ...ordered
          .filter((kind) => kind.role === role && kind.recognition !== "none")
          .map((kind) => ({
            prefix: kind.markers?.start,
            matches: kind.matches,
            result: { legacy: false as const, type: kind.type, kind },
          })),
        ...legacy
          .filter((entry) => entry.role === role)
          .map((entry) => ({
            prefix: entry.prefix,
            matches: entry.matches,
            result: { legacy: true as const, type: entry.type, recogniser: entry },
          })),
      ]),
    ]),
  );
  const developerPrefixes = createFirstCharacterIndex(
    [
      ...ordered.filter((kind) => kind.role === "developer").map((kind) => kind.markers?.start),
      ...legacy.filter((entry) => entry.role === "developer").map((entry) => entry.prefix),
    ]
      .filter((prefix): prefix is string => prefix !== undefined)
      .map((prefix) => ({ prefix })),
  );
  const markers = [
    ...new Set(
      ordered.flatMap((kind) =>
        kind.markers === null ? [] : [kind.markers.start, kind.markers.end],
      ),
    ),
  ];

  const classify = (role: Role, text: string): Classification | undefined => {
    checkRole("role", role);
    checkString("text", text);
    const candidates = candidatesByRole.get(role as FragmentRole)?.(text) ?? [];
    return candidates.find((candidate) => candidate.matches(text))?.result;
  };

  return Object.freeze({
    kinds: ordered,
    legacy,
    markers: Object.freeze(markers),
    get: (type: string) => {
      checkString("type", type);
      return byType.get(type);
    },
    classify,
    isContextualUserMessage: (item: ResponseItem) =>
      checkItem(item) &&
      item.type === "message" &&
      item.role === "user" &&
      item.content.some(
        (content) => content.type === "input_text" && isInjected(classify("user", content.text)),
      ),
    isContextualDeveloperMessage: (item: ResponseItem) =>
      checkItem(item) &&
      item.type === "message" &&
      item.role === "developer" &&
      item.content.some(
        (content) =>
          content.type === "input_text" &&
          developerPrefixes(content.text).some(
            (entry) => entry.prefix !== undefined && startsWithMarker(content.text, entry.prefix),
          ),
      ),
  });
}

/** Whether a classification is injected context, not a person's words in a known wrapper. */
function isInjected(found: Classification | undefined): boolean {
  return found !== undefined && !(found.legacy && found.recogniser.userWords);
}

/** Checks a method's `item` argument; true, so it can lead a condition. */
function checkItem(item: unknown): true {
  checkResponseItem("item", item);
  return true;
}
