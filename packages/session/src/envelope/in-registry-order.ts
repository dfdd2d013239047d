import type { Fragment } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import { describeWrongArgument } from "@ctx/text";
import { SessionError } from "../session-error.js";

const positions = new WeakMap<Registry, ReadonlyMap<string, number>>();

/**
 * `fragments` sorted by their kinds' places in `registry` (stable for fragments of one kind).
 * @throws {SessionError} when a fragment's kind is not the registry's kind of that type.
 */
export function inRegistryOrder(registry: Registry, fragments: readonly Fragment[]): Fragment[] {
  let position = positions.get(registry);
  if (position === undefined) {
    position = new Map(registry.kinds.map((kind, index) => [kind.type, index]));
    positions.set(registry, position);
  }
  const placed = fragments.map((fragment) => {
    const index = position.get(fragment.kind.type);
    if (index === undefined || registry.kinds[index] !== fragment.kind) {
      throw new SessionError(
        "invalid-argument",
        describeWrongArgument(
          "fragments",
          `the fragment kind "${fragment.kind.type}" is not in the registry`,
        ),
      );
    }
    return { fragment, index };
  });
  return placed.sort((first, second) => first.index - second.index).map(({ fragment }) => fragment);
}
