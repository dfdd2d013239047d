import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol";
import { trimmedEnd, trimmedStart } from "@ctx/text";
import { checkObject, checkOptionalFunction, checkString } from "./check-argument.js";
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
 * @throws {FragmentError} when the definition is not an object or one of its fields has the wrong
 * type (the error's `argument` names it, such as `definition.role`), when the type is not a
 * lowercase identifier, a marker is empty, or the explicitly declared `guards` cannot be guarded.
 * The kind's `matches` and `parse` throw it too when given something other than a string.
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
  checkDefinition(definition);
  const { type, markers } = definition;
  if (!typePattern.test(type)) {
    throw new FragmentError(
      type,
      "the type must start with a lowercase letter and hold only lowercase letters, digits, '_', '.' and '-'",
    );
  }
  if (markers !== null) checkMarkers(type, markers);
  if (
    definition.maxBytes !== undefined &&
    !(typeof definition.maxBytes === "number" && definition.maxBytes > 0)
  ) {
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
  const recognise = recogniser(definition.matches, markers);
  const matches = (text: string): boolean => {
    checkString("text", text, type);
    return recognise(text);
  };

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
      checkString("text", text, type);
      if (definition.parse === undefined || !recognise(text)) return undefined;
      const body = markers === null ? text : markedBody(text, markers.start, markers.end);
      return body === undefined ? undefined : definition.parse(body, parseHelpers);
    },
    ...(definition.build === undefined ? {} : { build: definition.build }),
  } as FragmentKind<Data, Context, Params>;
  return Object.freeze(kind);
}

const roles: readonly unknown[] = ["developer", "user", "assistant"];

/** Checks the type of every field a definition may have, naming the first one that is wrong. */
function checkDefinition(definition: unknown): void {
  checkObject("definition", definition);
  const type = definition.type;
  checkString("definition.type", type);
  if (!roles.includes(definition.role)) {
    throw FragmentError.forArgument(
      "definition.role",
      '"developer", "user" or "assistant"',
      definition.role,
      type,
    );
  }
  const { markers } = definition;
  if (markers !== null) {
    checkObject("definition.markers", markers, type);
    checkString("definition.markers.start", markers.start, type);
    checkString("definition.markers.end", markers.end, type);
  }
  if (typeof definition.body !== "function") {
    throw FragmentError.forArgument("definition.body", "a function", definition.body, type);
  }
  for (const hook of ["matches", "parse", "build"] as const) {
    checkOptionalFunction(`definition.${hook}`, definition[hook], type);
  }
  const { schema, guards, examples } = definition;
  if (
    schema !== undefined &&
    (typeof schema !== "object" ||
      schema === null ||
      typeof Reflect.get(schema, "safeParse") !== "function")
  ) {
    throw FragmentError.forArgument("definition.schema", "a zod schema", schema, type);
  }
  if (
    guards !== undefined &&
    !(Array.isArray(guards) && guards.every((guard) => typeof guard === "string"))
  ) {
    throw FragmentError.forArgument("definition.guards", "an array of strings", guards, type);
  }
  if (examples !== undefined && !Array.isArray(examples)) {
    throw FragmentError.forArgument("definition.examples", "an array", examples, type);
  }
  if (definition.separate !== undefined && typeof definition.separate !== "boolean") {
    throw FragmentError.forArgument("definition.separate", "a boolean", definition.separate, type);
  }
  if (definition.description !== undefined) {
    checkString("definition.description", definition.description, type);
  }
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
