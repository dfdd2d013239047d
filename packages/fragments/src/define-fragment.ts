import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol";
import { trimmedEnd, trimmedStart } from "@ctx/text";
import { createFragment, type Fragment } from "./fragment.js";
import { FragmentError } from "./fragment-error.js";
import type { FragmentDefinition, FragmentKind, Markers } from "./fragment-kind.js";
import { markedBody } from "./marked-body.js";
import { createMarkerGuard, type MarkerGuard } from "./marker-guard.js";
import { matchesMarkedText } from "./match-marked-text.js";
import { startsWithMarker } from "./starts-with-marker.js";

const typePattern = /^[a-z][a-z0-9_.-]*$/;

/**
 * Defines a fragment kind. The definition is checked once, here; the kind it returns is frozen.
 *
 * @throws {FragmentError} when the type is not a lowercase identifier, a marker is empty, or the
 * explicitly declared `guards` cannot be guarded.
 * @example
 * ```ts
 * const reviewNote = defineFragment({
 *   type: "review_note",
 *   role: "developer",
 *   markers: { start: "<review_note>", end: "</review_note>" },
 *   body: (note: { text: string }, { untrusted }) => `\n${untrusted(note.text)}\n`,
 * });
 * reviewNote.create({ text: "Prefer small commits." }).render();
 * // "<review_note>\nPrefer small commits.\n</review_note>"
 * ```
 */
export function defineFragment<Data, Context = never, Params = never>(
  definition: FragmentDefinition<Data, Context, Params>,
): FragmentKind<Data, Context, Params> {
  const { type, markers } = definition;
  if (!typePattern.test(type)) {
    throw new FragmentError(
      type,
      "the type must start with a lowercase letter and hold only lowercase letters, digits, '_', '.' and '-'",
    );
  }
  if (markers !== null) checkMarkers(type, markers);
  if (definition.maxBytes !== undefined && !(definition.maxBytes > 0)) {
    throw new FragmentError(type, "maxBytes must be a positive number");
  }
  const guarding = createMarkerGuard(
    definition.guards ?? (markers === null ? [] : [markers.start, markers.end]),
  );
  if (guarding.problem !== undefined && definition.guards !== undefined) {
    throw new FragmentError(type, `cannot guard untrusted text: ${guarding.problem}`);
  }
  const guard = (): MarkerGuard => {
    if (guarding.guard !== undefined) return guarding.guard;
    throw new FragmentError(
      type,
      `cannot guard untrusted text: ${guarding.problem}; declare the markers to guard in "guards"`,
    );
  };
  const helpers = { untrusted: (text: string) => guard().neutralize(text) };
  const parseHelpers = { restore: (text: string) => guard().restore(text) };
  const matches = recogniser(definition.matches, markers);

  const kind: FragmentKind<Data, Context, Params> = {
    type,
    role: definition.role,
    markers: markers === null ? null : Object.freeze({ start: markers.start, end: markers.end }),
    separate: definition.separate ?? false,
    maxBytes: definition.maxBytes,
    description: definition.description,
    examples: Object.freeze([...(definition.examples ?? [])]),
    recognition:
      definition.matches !== undefined ? "custom" : markers === null ? "none" : "markers",
    parsable: definition.parse !== undefined,
    create(data: Data): Fragment<Data> {
      const checked = definition.schema === undefined ? data : validate(type, definition, data);
      return createFragment(kind, checked, render(definition, checked, helpers));
    },
    matches,
    parse(text: string): Data | undefined {
      if (definition.parse === undefined || !matches(text)) return undefined;
      const body = markers === null ? text : markedBody(text, markers.start, markers.end);
      return body === undefined ? undefined : definition.parse(body, parseHelpers);
    },
    ...(definition.build === undefined ? {} : { build: definition.build }),
  } as FragmentKind<Data, Context, Params>;
  return Object.freeze(kind);
}

/**
 * The kind's recogniser: the marker rule, or the custom one — which, on a marked kind, is only
 * asked about texts that begin with the start marker, so a registry can sort texts by their start.
 */
function recogniser(
  custom: ((text: string) => boolean) | undefined,
  markers: Markers | null,
): (text: string) => boolean {
  if (markers === null) return custom ?? (() => false);
  if (custom === undefined) return (text) => matchesMarkedText(text, markers.start, markers.end);
  return (text) => startsWithMarker(text, markers.start) && custom(text);
}

/** Rejects markers the match rule could never find: it trims white space before comparing. */
function checkMarkers(type: string, { start, end }: Markers): void {
  if (start === "" || end === "") {
    throw new FragmentError(type, "both markers must be non-empty; use null for an unmarked kind");
  }
  if (trimmedStart(start) !== 0) {
    throw new FragmentError(type, "the start marker must not begin with white space");
  }
  if (trimmedEnd(end) !== end.length) {
    throw new FragmentError(type, "the end marker must not end with white space");
  }
}

function validate<Data>(
  type: string,
  definition: FragmentDefinition<Data, never, never>,
  data: Data,
): Data {
  const result = definition.schema?.safeParse(data);
  if (result === undefined || result.success) return result?.data ?? data;
  const issues = toSchemaIssues(result.error, data);
  throw new FragmentError(type, `invalid data: ${describeSchemaIssues(issues)}`, issues);
}

function render<Data>(
  definition: FragmentDefinition<Data, never, never>,
  data: Data,
  helpers: { untrusted(text: string): string },
): string {
  const body = definition.body(data, helpers);
  const { markers } = definition;
  return markers === null ? body : `${markers.start}${body}${markers.end}`;
}
