import type { MessageItem } from "@ctx/protocol";
import type { Fragment, FragmentKind } from "./fragment-kind.js";

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
