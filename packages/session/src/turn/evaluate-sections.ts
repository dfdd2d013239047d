import { checkFragmentSize, type Fragment } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import type { SessionState } from "../session-state.js";

/**
 * Asks every turn-state kind of the session's registry, in registry order, what to send this
 * turn given what the model was last shown: `initial` sections only with the full context.
 * Returns the fragments to send and every section's snapshot; limits reached on the way (a
 * fragment over its size, a hook's own warnings) are pushed to `warnings`.
 */
export function evaluateSections(
  state: SessionState,
  turnState: Readonly<Record<string, unknown>>,
  full: boolean,
  warnings: CtxWarning[],
): { fragments: Fragment[]; snapshots: Record<string, JsonValue> } {
  const fragments: Fragment[] = [];
  const snapshots: Record<string, JsonValue> = {};
  const params = { full, warn: (warning: CtxWarning) => warnings.push(warning) };
  for (const { section } of state.registry.kinds) {
    if (section === undefined || (section.scope === "initial" && !full)) continue;
    const { snapshot, fragment } = section.evaluate(
      turnState[section.id],
      state.reference(section, full),
      params,
    );
    if (snapshot !== undefined) snapshots[section.id] = snapshot;
    if (fragment === undefined) continue;
    fragments.push(fragment);
    const oversize = checkFragmentSize(fragment);
    if (oversize !== undefined) warnings.push(oversize);
  }
  return { fragments, snapshots };
}
