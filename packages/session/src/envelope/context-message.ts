import type { Fragment, FragmentRole } from "@ctx/fragments";
import type { MessageItem } from "@ctx/protocol";
import { describeWrongArgument } from "@ctx/text";
import { envelopeOptionsSchema, fragmentRoleSchema, fragmentsSchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import { SessionError } from "../session-error.js";

/** One context message and the kind of each of its texts, in order: its provenance. */
export interface ContextMessage {
  readonly message: MessageItem;
  /** The `type` of the fragment kind behind each `input_text`, one per content item. */
  readonly kinds: readonly string[];
}

/** How envelope builders join fragments that share a message. */
export interface EnvelopeOptions {
  /**
   * `"blank-line"` (the default) ends every text but a message's last with `\n\n`, so adjacent
   * fragments never run together in the token stream; `"none"` sends each render untouched, as
   * Codex 0.169 does. Recognition is the same either way: the match rule trims.
   */
  readonly separator?: "blank-line" | "none";
}

const separators = { "blank-line": "\n\n", none: "" } as const;

/**
 * One message of `role` holding one `input_text` per fragment, in the order given.
 *
 * @throws {SessionError} when `fragments` is empty or holds a fragment of another role, or when
 * an argument is not what its type says, naming it.
 * @example
 * ```ts
 * const { message } = createContextMessage("developer", [permissions, collaboration]);
 * message.content.length; // 2
 * ```
 */
export function createContextMessage(
  role: FragmentRole,
  fragments: readonly Fragment[],
  options: EnvelopeOptions = {},
): ContextMessage {
  checkSchema("role", role, fragmentRoleSchema);
  checkSchema("fragments", fragments, fragmentsSchema);
  const { separator: joiner } = checkSchema("options", options, envelopeOptionsSchema);
  if (fragments.length === 0)
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument("fragments", "a context message needs a fragment"),
    );
  const stray = fragments.find((fragment) => fragment.kind.role !== role);
  if (stray !== undefined) {
    throw new SessionError(
      "invalid-argument",
      describeWrongArgument(
        "fragments",
        `the ${stray.kind.role} fragment "${stray.kind.type}" cannot travel in a ${role} message`,
      ),
    );
  }
  const separator = separators[joiner ?? "blank-line"];
  const last = fragments.length - 1;
  return {
    message: {
      type: "message",
      role,
      content: fragments.map((fragment, index) => ({
        type: "input_text",
        text: index === last ? fragment.render() : `${fragment.render()}${separator}`,
      })),
    },
    kinds: fragments.map((fragment) => fragment.kind.type),
  };
}
