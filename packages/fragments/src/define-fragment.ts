import type { JsonValue } from "@ctx/protocol";
import { describeSchemaIssues, toSchemaIssues } from "@ctx/protocol/internal";
import { type ArgumentChecker, trimmedEnd, trimmedStart } from "@ctx/text";
import { check, kindChecker } from "./check-argument.js";
import { createFragment } from "./fragment.js";
import { FragmentError } from "./fragment-error.js";
import type {
  Fragment,
  FragmentDefinition,
  FragmentKind,
  KindSection,
  Markers,
} from "./fragment-kind.js";
import { bodyBetween } from "./marked-body.js";
import { createMarkerGuard, type MarkerGuard } from "./marker-guard.js";
import { marksText } from "./match-marked-text.js";
import type { BuildParams, Section, SectionReference } from "./section.js";
import { markerAtStart } from "./starts-with-marker.js";

const typePattern = /^[a-z][a-z0-9_.-]*$/;

/**
 * Defines a fragment kind. The definition is checked once, here; the kind it returns is frozen.
 *
 * @throws {FragmentError} when the definition is not an object or one of its fields has the wrong
 * type (the error's `argument` names it, such as `definition.role`), when the type is not a
 * lowercase identifier, a marker is empty, the explicitly declared `guards` cannot be guarded,
 * or only one of `section` and `build` is given. The kind's `matches` and `parse` throw it too
 * when given something other than a string.
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
export function defineFragment<Data, State = never, Snapshot extends JsonValue = never>(
  definition: FragmentDefinition<Data, State, Snapshot>,
): FragmentKind<Data> {
  checkDefinition(definition);
  const { type, markers } = definition;
  if (!typePattern.test(type)) {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      "the type must start with a lowercase letter and hold only lowercase letters, digits, '_', '.' and '-'",
    );
  }
  if (markers !== null) checkMarkers(type, markers);
  if ((definition.section === undefined) !== (definition.build === undefined)) {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      "a turn-state kind declares section and build together",
    );
  }
  if (
    definition.maxBytes !== undefined &&
    !(typeof definition.maxBytes === "number" && definition.maxBytes > 0)
  ) {
    throw FragmentError.forKind("invalid-definition", type, "maxBytes must be a positive number");
  }
  const guarding = createMarkerGuard(
    definition.guards ?? (markers === null ? [] : [markers.start, markers.end]),
  );
  if (guarding.problem !== undefined && definition.guards !== undefined) {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      `cannot guard untrusted text: ${guarding.problem}`,
    );
  }
  const guard = (): MarkerGuard => {
    if (guarding.guard !== undefined) return guarding.guard;
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      `cannot guard untrusted text: ${guarding.problem}; declare the markers to guard in "guards"`,
    );
  };
  const helpers = { untrusted: (text: string) => guard().neutralize(text) };
  const parseHelpers = { restore: (text: string) => guard().restore(text) };
  const recognise = recogniser(definition.matches, markers);
  const checkKind: ArgumentChecker = kindChecker(type);
  const matches = (text: string): boolean => {
    checkKind.string("text", text);
    return recognise(text);
  };

  const create = (data: Data): Fragment<Data> => {
    const checked = definition.schema === undefined ? data : validate(type, definition, data);
    return createFragment(kind, checked, render(definition, checked, helpers));
  };
  const { section, build } = definition;
  const kind: FragmentKind<Data> = {
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
    survivesCompaction: definition.survivesCompaction ?? false,
    create,
    matches,
    parse(text: string): Data | undefined {
      checkKind.string("text", text);
      if (definition.parse === undefined || !recognise(text)) return undefined;
      const body = markers === null ? text : bodyBetween(text, markers.start, markers.end);
      return body === undefined ? undefined : definition.parse(body, parseHelpers);
    },
    section:
      section === undefined || build === undefined
        ? undefined
        : kindSection(type, section, (state, reference, params) => {
            const data = build(state, reference, params);
            return data === undefined ? undefined : create(data);
          }),
  } as FragmentKind<Data>;
  return Object.freeze(kind);
}

const roles: readonly unknown[] = ["developer", "user", "assistant"];

/** Checks the type of every field a definition may have, naming the first one that is wrong. */
function checkDefinition(definition: unknown): void {
  check.object("definition", definition);
  const type = definition.type;
  check.string("definition.type", type);
  const checkKind: ArgumentChecker = kindChecker(type);
  checkKind.condition(
    "definition.role",
    definition.role,
    roles.includes(definition.role),
    '"developer", "user" or "assistant"',
  );
  const { markers } = definition;
  if (markers !== null) {
    checkKind.object("definition.markers", markers);
    checkKind.string("definition.markers.start", markers.start);
    checkKind.string("definition.markers.end", markers.end);
  }
  checkKind.function("definition.body", definition.body);
  for (const hook of ["matches", "parse", "build"] as const) {
    checkKind.optionalFunction(`definition.${hook}`, definition[hook]);
  }
  if (definition.section !== undefined) checkKind.object("definition.section", definition.section);
  const { schema, guards, examples } = definition;
  checkKind.condition(
    "definition.schema",
    schema,
    schema === undefined ||
      (typeof schema === "object" &&
        schema !== null &&
        typeof Reflect.get(schema, "safeParse") === "function"),
    "a zod schema",
  );
  checkKind.condition(
    "definition.guards",
    guards,
    guards === undefined ||
      (Array.isArray(guards) && guards.every((guard) => typeof guard === "string")),
    "an array of strings",
  );
  if (examples !== undefined) checkKind.array("definition.examples", examples);
  checkKind.condition(
    "definition.separate",
    definition.separate,
    definition.separate === undefined || typeof definition.separate === "boolean",
    "a boolean",
  );
  checkKind.condition(
    "definition.survivesCompaction",
    definition.survivesCompaction,
    definition.survivesCompaction === undefined ||
      typeof definition.survivesCompaction === "boolean",
    "a boolean",
  );
  if (definition.description !== undefined) {
    checkKind.string("definition.description", definition.description);
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
  if (custom === undefined) return (text) => marksText(text, markers.start, markers.end);
  return (text) => markerAtStart(text, markers.start) && custom(text);
}

/** The section as the session sees it; every type parameter stays inside this closure. */
function kindSection<State, Snapshot extends JsonValue>(
  type: string,
  section: Section<State, Snapshot>,
  build: (
    state: State,
    reference: SectionReference<Snapshot>,
    params: BuildParams,
  ) => Fragment | undefined,
): KindSection {
  const { snapshot: snapshotSchema, snapshotOf } = section;
  const typedReference = (reference: SectionReference<JsonValue>): SectionReference<Snapshot> => {
    if (reference.status === "absent") return { status: "absent" };
    if (reference.status === "unknown" || snapshotSchema === undefined)
      return { status: "unknown" };
    const parsed = snapshotSchema.safeParse(reference.snapshot);
    return parsed.success ? { status: "known", snapshot: parsed.data } : { status: "unknown" };
  };
  return Object.freeze({
    id: section.id,
    scope: section.scope,
    legacy: section.legacy,
    retained: section.retained,
    survivesReset: section.survivesReset,
    snapshots: snapshotOf !== undefined,
    declaration: section,
    evaluate: (slot: unknown, reference: SectionReference<JsonValue>, params: BuildParams) => {
      const parsed = section.state.safeParse(slot);
      if (!parsed.success) {
        const issues = toSchemaIssues(parsed.error);
        throw FragmentError.forKind(
          "invalid-data",
          type,
          `invalid turn state "${section.id}": ${describeSchemaIssues(issues)}`,
          issues,
        );
      }
      return {
        snapshot: snapshotOf?.(parsed.data),
        fragment: build(parsed.data, typedReference(reference), params),
      };
    },
  });
}

/** Rejects markers the match rule could never find: it trims white space before comparing. */
function checkMarkers(type: string, { start, end }: Markers): void {
  if (start === "" || end === "") {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      "both markers must be non-empty; use null for an unmarked kind",
    );
  }
  if (trimmedStart(start) !== 0) {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      "the start marker must not begin with white space",
    );
  }
  if (trimmedEnd(end) !== end.length) {
    throw FragmentError.forKind(
      "invalid-definition",
      type,
      "the end marker must not end with white space",
    );
  }
}

function validate<Data>(
  type: string,
  definition: Pick<FragmentDefinition<Data>, "schema">,
  data: Data,
): Data {
  const result = definition.schema?.safeParse(data);
  if (result === undefined || result.success) return result?.data ?? data;
  const issues = toSchemaIssues(result.error, data);
  throw FragmentError.forKind(
    "invalid-data",
    type,
    `invalid data: ${describeSchemaIssues(issues)}`,
    issues,
  );
}

function render<Data>(
  definition: Pick<FragmentDefinition<Data>, "body" | "markers">,
  data: Data,
  helpers: { untrusted(text: string): string },
): string {
  const body = definition.body(data, helpers);
  const { markers } = definition;
  return markers === null ? body : `${markers.start}${body}${markers.end}`;
}
