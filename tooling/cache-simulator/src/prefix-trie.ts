/**
 * Names every prefix of a sequence of blocks with a number: two prefixes get one number exactly
 * when they hold the same blocks in the same order under the same root. A block is compared by
 * its key (its JSON, say), read once per call.
 */
export interface PrefixTrie {
  /** The number of each prefix of `keys` under `root`: element `i` names `keys[0..i]`. */
  prefixes(root: string, keys: readonly string[]): number[];
}

/** An empty {@link PrefixTrie}; it holds one entry per distinct block and per distinct prefix. */
export function createPrefixTrie(): PrefixTrie {
  const roots = new Map<string, number>();
  const blockNumbers = new Map<string, number>();
  const children = new Map<string, number>();
  const number = (map: Map<string, number>, key: string): number => {
    let found = map.get(key);
    if (found === undefined) {
      found = map.size + 1;
      map.set(key, found);
    }
    return found;
  };
  return {
    prefixes(root, keys) {
      let parent = -number(roots, root);
      return keys.map((key) => {
        parent = number(children, `${parent}:${number(blockNumbers, key)}`);
        return parent;
      });
    },
  };
}
