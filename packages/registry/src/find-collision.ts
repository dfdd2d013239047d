import type { FragmentKind } from "@ctx/fragments";
import { startsWithAsciiCaseInsensitive } from "@ctx/text";
import type { LegacyFragment } from "./legacy-fragment.js";

/** Two entries of a registry that cannot live together, and why. */
export interface Collision {
  readonly types: readonly string[];
  readonly reason: string;
}

type Recogniser = Pick<LegacyFragment, "type" | "role" | "matches">;

/**
 * The first conflict among `kinds` and `legacy`, or `undefined`: a type used twice; two kinds of
 * one role whose markers could recognise each other's output; a marked kind that does not
 * recognise its own example; an example that another kind or legacy recogniser also recognises.
 * Kinds with custom recognisers are checked through their examples only. The examples of the
 * entries in `vetted`, known to live together (the standard catalogue, whose tests check it), are
 * rendered only to try them on the entries outside it.
 */
export function findCollision(
  kinds: readonly FragmentKind[],
  legacy: readonly LegacyFragment[],
  vetted: ReadonlySet<object> = new Set(),
): Collision | undefined {
  return (
    findDuplicateType([...kinds, ...legacy]) ??
    findSectionConflict(kinds) ??
    findMarkerOverlap(kinds) ??
    findExampleConflict(kinds, [...kinds, ...legacy], vetted)
  );
}

function findDuplicateType(entries: readonly { readonly type: string }[]): Collision | undefined {
  const seen = new Set<string>();
  for (const { type } of entries) {
    if (seen.has(type))
      return { types: [type, type], reason: `the type "${type}" is registered twice` };
    seen.add(type);
  }
  return undefined;
}

/** Kinds may share a section only by sharing its declaration; two declarations may not share an id. */
function findSectionConflict(kinds: readonly FragmentKind[]): Collision | undefined {
  const seen = new Map<string, { readonly type: string; readonly declaration: object }>();
  for (const kind of kinds) {
    if (kind.section === undefined) continue;
    const first = seen.get(kind.section.id);
    if (first === undefined) {
      seen.set(kind.section.id, { type: kind.type, declaration: kind.section.declaration });
    } else if (first.declaration !== kind.section.declaration) {
      return {
        types: [first.type, kind.type],
        reason: `the kinds "${first.type}" and "${kind.type}" declare two different sections with the id "${kind.section.id}"`,
      };
    }
  }
  return undefined;
}

function findMarkerOverlap(kinds: readonly FragmentKind[]): Collision | undefined {
  const marked = kinds.filter((kind) => kind.recognition === "markers");
  for (const [index, first] of marked.entries()) {
    for (const second of marked.slice(index + 1)) {
      if (first.role !== second.role || first.markers === null || second.markers === null) continue;
      const starts = prefixRelated(first.markers.start, second.markers.start);
      const ends = suffixRelated(first.markers.end, second.markers.end);
      if (starts && ends) {
        return {
          types: [first.type, second.type],
          reason: `the ${first.role} kinds "${first.type}" and "${second.type}" have markers that recognise each other's output`,
        };
      }
    }
  }
  return undefined;
}

function findExampleConflict(
  kinds: readonly FragmentKind[],
  recognisers: readonly Recogniser[],
  vetted: ReadonlySet<object>,
): Collision | undefined {
  const unvetted = recognisers.filter((recogniser) => !vetted.has(recogniser));
  for (const kind of kinds) {
    const known = vetted.has(kind);
    const others = known ? unvetted : recognisers;
    if (known && others.length === 0) continue;
    for (const example of kind.examples) {
      const text = kind.create(example).render();
      if (!known && kind.recognition !== "none" && !kind.matches(text)) {
        return {
          types: [kind.type],
          reason: `the kind "${kind.type}" does not recognise its own example ${JSON.stringify(text.slice(0, 80))}`,
        };
      }
      const other = others.find(
        (candidate) =>
          candidate !== kind && candidate.role === kind.role && candidate.matches(text),
      );
      if (other !== undefined) {
        return {
          types: [kind.type, other.type],
          reason: `"${other.type}" recognises the output of "${kind.type}" (${JSON.stringify(text.slice(0, 80))})`,
        };
      }
    }
  }
  return undefined;
}

/** Whether one marker starts the other, ASCII case aside. */
function prefixRelated(first: string, second: string): boolean {
  const [shorter, longer] = first.length <= second.length ? [first, second] : [second, first];
  return startsWithAsciiCaseInsensitive(longer, 0, shorter);
}

/** Whether one marker ends the other, ASCII case aside. */
function suffixRelated(first: string, second: string): boolean {
  const [shorter, longer] = first.length <= second.length ? [first, second] : [second, first];
  return startsWithAsciiCaseInsensitive(longer, longer.length - shorter.length, shorter);
}
