import type { FragmentKind, FragmentRole } from "@ctx/fragments";
import { startsWithMarker } from "@ctx/fragments";
import type { ResponseItem, Role } from "@ctx/protocol";
import { check } from "./check-argument.js";
import { checkResponseItem, checkRole } from "./check-shapes.js";
import { findCollision } from "./find-collision.js";
import { createFirstCharacterIndex } from "./first-character-index.js";
import type { LegacyFragment } from "./legacy-fragment.js";
import type { Classification, Registry } from "./registry.js";
import { RegistryError } from "./registry-error.js";

/** A kind or legacy recogniser, with the start its texts must have and what classify answers. */
interface Candidate {
  readonly prefix: string | undefined;
  readonly matches: (text: string) => boolean;
  readonly result: Classification;
}

/**
 * The registry of `ordered` kinds and `legacy` recognisers, whose arguments are already checked:
 * what `createRegistry` and `createStandardRegistry` build. The examples of the `vetted`
 * entries are not tried on each other (see `findCollision`).
 * @throws {RegistryError} naming both entries when two of them collide.
 */
export function assembleRegistry(
  ordered: readonly FragmentKind[],
  legacy: readonly LegacyFragment[],
  vetted: ReadonlySet<object> = new Set(),
): Registry {
  const collision = findCollision(ordered, legacy, vetted);
  if (collision !== undefined) {
    throw new RegistryError("conflicting-kinds", collision.reason, { types: collision.types });
  }

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

  const classifyText = (role: Role, text: string): Classification | undefined => {
    const candidates = candidatesByRole.get(role as FragmentRole)?.(text) ?? [];
    return candidates.find((candidate) => candidate.matches(text))?.result;
  };
  const classify = (role: Role, text: string): Classification | undefined => {
    checkRole("role", role);
    check.string("text", text);
    return classifyText(role, text);
  };

  return Object.freeze({
    kinds: ordered,
    legacy,
    markers: Object.freeze(markers),
    get: (type: string) => {
      check.string("type", type);
      return byType.get(type);
    },
    classify,
    isContextualUserMessage: (item: ResponseItem) =>
      checkItem(item) &&
      item.type === "message" &&
      item.role === "user" &&
      item.content.some(
        (content) =>
          content.type === "input_text" && isInjected(classifyText("user", content.text)),
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
