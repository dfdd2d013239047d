import type { JsonValue } from "@ctx/protocol";
import type { ArgumentChecker, CtxWarning } from "@ctx/text";
import type { z } from "zod";
import { check, kindChecker } from "./check-argument.js";
import { FragmentError } from "./fragment-error.js";

/**
 * What the model was last shown of a section, as the session knows it:
 * - `absent`: nothing (a first turn, a new section, or a baseline lost to rollback);
 * - `unknown`: the history holds the section's fragment but no readable snapshot (an old
 *   rollout, or a snapshot that no longer fits the section's schema);
 * - `known`: the snapshot taken when the model was last updated.
 */
export type SectionReference<Snapshot> =
  | { readonly status: "absent" }
  | { readonly status: "unknown" }
  | { readonly status: "known"; readonly snapshot: Snapshot };

/**
 * When a session asks a section's kinds:
 * - `world`: every turn; only what changed is sent, merged into messages by role;
 * - `settings`: every turn; a later turn's updates travel together in one developer message;
 * - `initial`: only when the full context is sent (a first turn, or after the baseline is lost).
 */
export type SectionScope = "world" | "settings" | "initial";

/** What a `build` hook may use besides the state and the reference. */
export interface BuildParams {
  /**
   * Whether this turn sends the full context (a first turn, or after the baseline was lost to a
   * compaction or rollback) rather than an update of what changed.
   */
  readonly full: boolean;
  /** Reports a limit the hook reached (a list cut to its budget, say) as a warning value. */
  warn(warning: CtxWarning): void;
}

/** Everything that defines a section; see {@link defineSection}. */
export interface SectionDefinition<State, Snapshot extends JsonValue> {
  /** The persisted id, unique in a registry: lowercase letters, digits and `_`. */
  readonly id: string;
  readonly scope: SectionScope;
  /**
   * Validates the turn-state slot named after `id` that the section's kinds read. The session
   * fills the standard slots; an extension kind's slot comes from `TurnContext.extensions`.
   */
  readonly state: z.ZodType<State>;
  /** Validates a persisted snapshot; one that no longer fits makes the reference `unknown`. */
  readonly snapshot?: z.ZodType<Snapshot>;
  /**
   * What the model has been shown once this state is sent, as JSON, or `undefined` when the
   * section is not present this turn. Required with `snapshot`.
   */
  readonly snapshotOf?: (state: State) => Snapshot | undefined;
  /**
   * Whether a fragment of the section in a history without snapshots (an old rollout) makes the
   * reference `unknown` rather than `absent`.
   */
  readonly legacy?: boolean;
  /**
   * Whether a baseline whose fragment no longer appears in the history (lost to a rollback)
   * counts as `absent`, so the section is sent again.
   */
  readonly retained?: boolean;
  /**
   * Whether the snapshot survives a lost baseline: the model a session last used does, so a
   * full re-send after a rollback still announces a model switch.
   */
  readonly survivesReset?: boolean;
}

/** A section: one named part of the turn state that fragment kinds read and the session diffs. */
export interface Section<State, Snapshot extends JsonValue>
  extends SectionDefinition<State, Snapshot> {
  readonly legacy: boolean;
  readonly retained: boolean;
  readonly survivesReset: boolean;
}

const idPattern = /^[a-z][a-z0-9_]*$/;

const scopes: readonly SectionScope[] = ["world", "settings", "initial"];

/**
 * Declares a section. Several kinds may share one (realtime start and end do): they read the
 * same state and the session keeps one snapshot for them.
 *
 * @throws {FragmentError} when the id is not a lowercase identifier, or only one of `snapshot`
 * and `snapshotOf` is given; naming the argument (`definition`, `definition.scope`, …) when a
 * value is not of its type.
 * @example
 * ```ts
 * const branch = defineSection({
 *   id: "branch",
 *   scope: "world",
 *   state: z.object({ name: z.string() }),
 *   snapshot: z.object({ name: z.string() }),
 *   snapshotOf: (state) => state,
 * });
 * ```
 */
export function defineSection<State, Snapshot extends JsonValue = never>(
  definition: SectionDefinition<State, Snapshot>,
): Section<State, Snapshot> {
  check.object("definition", definition);
  check.string("definition.id", definition.id);
  const checkSection: ArgumentChecker = kindChecker(definition.id);
  checkSection.condition(
    "definition.scope",
    definition.scope,
    scopes.includes(definition.scope),
    `one of ${scopes.join(", ")}`,
  );
  for (const schema of ["state", "snapshot"] as const) {
    const value: unknown = definition[schema];
    if (schema === "snapshot" && value === undefined) continue;
    checkSection.condition(
      `definition.${schema}`,
      value,
      typeof value === "object" && value !== null && "safeParse" in value,
      "a zod schema",
    );
  }
  checkSection.optionalFunction("definition.snapshotOf", definition.snapshotOf);
  if (!idPattern.test(definition.id)) {
    throw FragmentError.forKind(
      "invalid-definition",
      definition.id,
      "a section id must start with a lowercase letter and hold only lowercase letters, digits and '_'",
    );
  }
  if ((definition.snapshot === undefined) !== (definition.snapshotOf === undefined)) {
    throw FragmentError.forKind(
      "invalid-definition",
      definition.id,
      "a section declares snapshot and snapshotOf together",
    );
  }
  const section: Section<State, Snapshot> = {
    ...definition,
    legacy: definition.legacy ?? false,
    retained: definition.retained ?? false,
    survivesReset: definition.survivesReset ?? false,
  };
  return Object.freeze(section);
}
