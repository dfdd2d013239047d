import type { LayoutItem } from "./layout.js";

/**
 * The first line of every text in `layout` that nothing recognises: developer text the registry
 * does not classify (but the leading base instructions), and user text that is neither a known
 * fragment, a label of ours, nor one of the scenario's `prompts`. Codex's answers are the mock's.
 * A kind the next Codex release adds shows up here before anything misreads it.
 */
export function unrecognisedTexts(
  layout: readonly LayoutItem[],
  prompts: ReadonlySet<string>,
): string[] {
  return layout.flatMap((item) =>
    item.parts
      .filter(
        (part) =>
          part.kind === "unrecognised" || (part.kind === "user_input" && !prompts.has(part.text)),
      )
      .map((part) => `${item.role}: ${part.text.trimStart().split("\n")[0]}`),
  );
}
