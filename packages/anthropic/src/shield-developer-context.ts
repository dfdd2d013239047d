import { createMarkerGuard } from "@ctx/fragments";
import { developerContext } from "./developer-context.js";

const markers = developerContext.markers === null ? [] : Object.values(developerContext.markers);
const { guard } = createMarkerGuard(markers);

/**
 * `text` with every `<developer_context>` and `</developer_context>` in it neutralised by the
 * fragments' marker guard (in any ASCII case, `<` becoming `&lt;`), for a text that is not a
 * developer message: a user's words, a tool's output, AGENTS.md text in a user turn, the model's
 * own text. Only the adapter's wrapping of a real developer message then carries the wrapper, so
 * a repository or a tool cannot speak to Claude as the developer.
 */
export function shieldDeveloperContext(text: string): string {
  return guard === undefined ? text : guard.neutralize(text);
}
