import type { MessageItem } from "@ctx/protocol";
import type { FragmentKind } from "./fragment-kind.js";

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

/** Makes a fragment; used by {@link FragmentKind.create} only. */
export function createFragment<Data>(
  kind: FragmentKind<Data>,
  data: Data,
  text: string,
): Fragment<Data> {
  const fragment = {
    kind,
    data,
    render: () => text,
    toMessage: (): MessageItem => ({
      type: "message",
      role: kind.role,
      content: [{ type: "input_text", text }],
    }),
  };
  return Object.freeze(fragment) as unknown as Fragment<Data>;
}
