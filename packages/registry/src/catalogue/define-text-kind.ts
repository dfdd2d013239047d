import {
  type BuildParams,
  defineFragment,
  type FragmentKind,
  type FragmentRole,
  type Markers,
  type Section,
  type SectionReference,
} from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers } from "./markers.js";

/** How a kind whose data is one configured text lays that text out. */
export interface TextKindDefinition<
  Field extends string,
  State = never,
  Snapshot extends JsonValue = never,
> {
  readonly type: string;
  readonly role: FragmentRole;
  readonly markers: Markers | null;
  /** The name of the data's one field. */
  readonly field: Field;
  /** Which texts the field accepts; by default any non-empty text. */
  readonly schema?: z.ZodType<string>;
  /** Our fixed wording before the text and after it, inside the markers. */
  readonly before?: string;
  readonly after?: string;
  /**
   * Send the text exactly as given, without neutralising the markers in it: for an unmarked
   * kind whose text is the user's own words (configured developer instructions), which a
   * rewrite would change; `build` then warns where the text would pass for another kind.
   */
  readonly verbatim?: boolean;
  readonly separate?: boolean;
  /** A custom recogniser, for kinds that share their markers with others. */
  readonly matches?: (text: string) => boolean;
  readonly description: string;
  readonly example: string;
  /** The section of a turn-state kind; with `build`, as in `defineFragment`. */
  readonly section?: Section<State, Snapshot>;
  readonly build?: (
    state: State,
    reference: SectionReference<Snapshot>,
    params: BuildParams,
  ) => Record<Field, string> | undefined;
}

/**
 * Defines a kind whose data is one text from outside (configured instructions, a hook's
 * context): rendered between our fixed `before` and `after`, through the marker guard, and — for
 * a marked kind — read back by `parse` when what lies between is a text the field accepts.
 */
export function defineTextKind<
  Field extends string,
  State = never,
  Snapshot extends JsonValue = never,
>(definition: TextKindDefinition<Field, State, Snapshot>): FragmentKind<Record<Field, string>> {
  const { field, before = "", after = "", markers } = definition;
  const text = definition.schema ?? lazySchema(() => z.string().min(1));
  const schema = lazySchema(() => z.object({ [field]: text } as Record<Field, z.ZodType<string>>));
  return defineFragment<Record<Field, string>, State, Snapshot>({
    type: definition.type,
    role: definition.role,
    markers,
    guards: guardedMarkers,
    schema: schema as unknown as z.ZodType<Record<Field, string>>,
    description: definition.description,
    examples: [{ [field]: definition.example } as Record<Field, string>],
    ...(definition.separate === undefined ? {} : { separate: definition.separate }),
    ...(definition.matches === undefined ? {} : { matches: definition.matches }),
    ...(definition.section === undefined ? {} : { section: definition.section }),
    ...(definition.build === undefined ? {} : { build: definition.build }),
    body: (data, { untrusted }) =>
      `${before}${definition.verbatim === true && markers === null ? data[field] : untrusted(data[field])}${after}`,
    ...(markers === null
      ? {}
      : {
          parse: (body, { restore }) => {
            if (!body.startsWith(before) || !body.endsWith(after)) return undefined;
            if (body.length < before.length + after.length) return undefined;
            const value = restore(body.slice(before.length, body.length - after.length));
            return text.safeParse(value).success
              ? ({ [field]: value } as Record<Field, string>)
              : undefined;
          },
        }),
  });
}
