import type { JsonValue, MessageItem } from "@ctx/protocol";
import type { z } from "zod";
import type { BuildParams, Section, SectionReference, SectionScope } from "./section.js";

declare const kindBrand: unique symbol;
declare const fragmentBrand: unique symbol;

/**
 * One piece of model-visible context: a kind and the data it was created from, already rendered.
 * Only {@link FragmentKind.create} makes fragments, so every context message in a history can be
 * traced to a kind and recognised by that kind again.
 */
export interface Fragment<Data = unknown> {
  readonly [fragmentBrand]: true;
  /** The kind that made this fragment. */
  readonly kind: FragmentKind<Data>;
  /** The data the fragment was rendered from. */
  readonly data: Data;
  /** The start marker, the body and the end marker with nothing between them; the body alone for an unmarked kind. */
  render(): string;
  /** One message of the kind's role holding one `input_text` with {@link render}'s text. */
  toMessage(): MessageItem;
}

/** The role a fragment speaks as. `system` is never used for injected context. */
export type FragmentRole = "developer" | "user" | "assistant";

/** The exact strings that open and close a marked fragment. They are protocol: never change them. */
export interface Markers {
  readonly start: string;
  readonly end: string;
}

/** What a body function may use besides its data. */
export interface BodyHelpers {
  /**
   * Neutralises the kind's guarded markers inside text the kind does not control (a file's
   * contents, a command's output), so that text can neither end the fragment early nor carry a
   * forged fragment. Text without marker sequences comes back unchanged.
   * @throws {FragmentError} when the kind's markers cannot be guarded; declare `guards`.
   */
  untrusted(text: string): string;
}

/** What a parse function may use besides the body. */
export interface ParseHelpers {
  /** The inverse of {@link BodyHelpers.untrusted}. */
  restore(text: string): string;
}

/**
 * Everything that defines a fragment kind. Only `type`, `role`, `markers` and `body` are required.
 * @typeParam Data - what one fragment of this kind is rendered from.
 * @typeParam State - the turn state `build` reads: its section's slot.
 * @typeParam Snapshot - the JSON the section keeps of what the model was shown.
 */
export interface FragmentDefinition<Data, State = never, Snapshot extends JsonValue = never> {
  /** A stable identifier, unique in a registry: lowercase letters, digits, `_`, `.` and `-`. */
  readonly type: string;
  /** The role of the message the fragment travels in. */
  readonly role: FragmentRole;
  /**
   * The start and end markers, or `null` for a kind that gives up being recognised later (a
   * one-shot notice): its fragments render their body alone and no history reader can tell them
   * from other text of their role.
   */
  readonly markers: Markers | null;
  /** The text between the markers. It owns all white space: nothing is added around it. */
  readonly body: (data: Data, helpers: BodyHelpers) => string;
  /** Validates the data given to `create`; use it wherever data comes from outside. */
  readonly schema?: z.ZodType<Data>;
  /** Whether the fragment must travel in a message of its own, never merged with others. */
  readonly separate?: boolean;
  /**
   * A custom recogniser, only for kinds whose recognition is genuinely not the marker rule. It
   * must accept every text the kind renders, and should look at the ends of the text only. On a
   * marked kind it is consulted only for texts that begin with the start marker (after white
   * space, in any ASCII case): the start marker stays the kind's identity.
   */
  readonly matches?: (text: string) => boolean;
  /** Reads the data back from a body; must be the inverse of `body`. */
  readonly parse?: (body: string, helpers: ParseHelpers) => Data | undefined;
  /** The section a turn-state kind belongs to; required with `build`. */
  readonly section?: Section<State, Snapshot>;
  /**
   * The hook of a turn-state kind: given its section's state this turn and what the model was
   * last shown of the section (absent, unknown, or a known snapshot), the data to inject, or
   * `undefined` when the model needs no update. Initial context and later updates both come
   * from it.
   */
  readonly build?: (
    state: State,
    reference: SectionReference<Snapshot>,
    params: BuildParams,
  ) => Data | undefined;
  /** The largest render, in UTF-8 bytes, that makes sense for this kind; larger ones are reported. */
  readonly maxBytes?: number;
  /**
   * The markers `untrusted` neutralises. Defaults to the kind's own markers; list more (for
   * instance every marker of a registry) to keep forged fragments of other kinds out too.
   */
  readonly guards?: readonly string[];
  /** Sample data, used to check a registry for kinds that recognise each other's output. */
  readonly examples?: readonly NoInfer<Data>[];
  /** One sentence on what the fragment tells the model, for documentation and tooling. */
  readonly description?: string;
  /**
   * Whether a fragment of this kind that was recorded as context beside the turn state (a
   * skill's body, say) is put back into the history after a compaction, within the session's
   * budget for such context; `false` when omitted: it is dropped with the rest of the history,
   * as the reference drops every injected message. A turn-state kind (one with a `section`) is
   * sent again from the turn state instead, so this flag never applies to it.
   */
  readonly survivesCompaction?: boolean;
}

/** What a turn-state kind's section gives the session: its snapshot and the fragment to send. */
export interface SectionEvaluation {
  /** The section's snapshot this turn, or `undefined` when the section is not present. */
  readonly snapshot: JsonValue | undefined;
  /** The fragment to send, or `undefined` when the model needs no update. */
  readonly fragment: Fragment | undefined;
}

/**
 * A turn-state kind's section as the session sees it: plain flags, and `evaluate`, the one
 * typed path from a turn-state slot and a persisted snapshot to the kind's `build` hook.
 */
export interface KindSection {
  readonly id: string;
  readonly scope: SectionScope;
  readonly legacy: boolean;
  readonly retained: boolean;
  readonly survivesReset: boolean;
  /** Whether the section keeps snapshots; without, every reference is `absent`. */
  readonly snapshots: boolean;
  /** The declaration, shared by every kind of the section (compare with `===`). */
  readonly declaration: object;
  /**
   * Validates `slot` with the section's state schema and `reference`'s snapshot with its
   * snapshot schema (a snapshot that does not fit counts as `unknown`), then asks `build`.
   * @throws {FragmentError} when the slot does not fit the state schema, naming each path.
   */
  evaluate(
    slot: unknown,
    reference: SectionReference<JsonValue>,
    params: BuildParams,
  ): SectionEvaluation;
}

/**
 * A kind of fragment: how to render one from data and how to recognise its text later. Made by
 * {@link defineFragment}; render and recognition share this one definition.
 */
export interface FragmentKind<Data = unknown> {
  readonly [kindBrand]: true;
  readonly type: string;
  readonly role: FragmentRole;
  readonly markers: Markers | null;
  readonly separate: boolean;
  readonly maxBytes: number | undefined;
  readonly description: string | undefined;
  readonly examples: readonly Data[];
  /**
   * How the kind's text is recognised later: by the marker rule, by a custom recogniser, or not
   * at all (an unmarked kind that gave up recognition).
   */
  readonly recognition: "markers" | "custom" | "none";
  /** Whether {@link FragmentKind.parse} can read data back from this kind's text. */
  readonly parsable: boolean;
  /** See {@link FragmentDefinition.survivesCompaction}; `false` unless the definition says so. */
  readonly survivesCompaction: boolean;
  /**
   * Validates `data` (when the kind has a schema) and renders a fragment.
   * @throws {FragmentError} when the schema rejects the data; `issues` names each path.
   */
  create(data: Data): Fragment<Data>;
  /** Whether `text` is this kind's output: the custom recogniser, or the marker rule. */
  matches(text: string): boolean;
  /** The data of a text this kind rendered, or `undefined` if it does not match or cannot be read. */
  parse(text: string): Data | undefined;
  /** The section of a turn-state kind (one with `build`); `undefined` on other kinds. */
  readonly section: KindSection | undefined;
}
