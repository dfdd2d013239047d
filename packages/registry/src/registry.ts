import type { FragmentKind } from "@ctx/fragments";
import type { ResponseItem, Role } from "@ctx/protocol";
import type { LegacyFragment } from "./legacy-fragment.js";

/** What {@link Registry.classify} found a text to be: a current kind's output, or a legacy wrapper. */
export type Classification =
  | {
      readonly legacy: false;
      readonly type: string;
      readonly kind: FragmentKind;
    }
  | { readonly legacy: true; readonly type: string; readonly recogniser: LegacyFragment };

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
