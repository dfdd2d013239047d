import type { Fragment } from "@ctx/fragments";
import type { MessageItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";

/**
 * A turn's context as the reference lays it out: one developer message with every mergeable
 * developer fragment, then one message per separate developer fragment, then one contextual user
 * message; one `input_text` per fragment, in registry order. Texts are not joined or padded (as
 * Codex 0.169 sends them). A preview of what `@ctx/session` will own.
 */
export function assembleEnvelopes(
  registry: Registry,
  fragments: readonly Fragment[],
): MessageItem[] {
  const position = new Map(registry.kinds.map((kind, index) => [kind.type, index]));
  const ordered = [...fragments].sort(
    (first, second) =>
      (position.get(first.kind.type) ?? Infinity) - (position.get(second.kind.type) ?? Infinity),
  );
  const developer = ordered.filter((fragment) => fragment.kind.role === "developer");
  const envelopes = [
    bundle(
      "developer",
      developer.filter((fragment) => !fragment.kind.separate),
    ),
    ...developer
      .filter((fragment) => fragment.kind.separate)
      .map((fragment) => fragment.toMessage()),
    bundle(
      "user",
      ordered.filter((fragment) => fragment.kind.role === "user"),
    ),
  ];
  return envelopes.filter((message): message is MessageItem => message !== undefined);
}

function bundle(
  role: "developer" | "user",
  fragments: readonly Fragment[],
): MessageItem | undefined {
  if (fragments.length === 0) return undefined;
  return {
    type: "message",
    role,
    content: fragments.map((fragment) => ({ type: "input_text", text: fragment.render() })),
  };
}
