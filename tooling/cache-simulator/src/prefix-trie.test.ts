import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPrefixTrie } from "./prefix-trie.js";

describe("createPrefixTrie", () => {
  it("names two prefixes alike exactly when their root and blocks are alike", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 8 }),
        fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 8 }),
        fc.boolean(),
        (left, right, sameRoot) => {
          const trie = createPrefixTrie();
          const first = trie.prefixes("root", left);
          const second = trie.prefixes(sameRoot ? "root" : "other", right);
          for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
            const alike =
              sameRoot && left.slice(0, index + 1).join() === right.slice(0, index + 1).join();
            expect(first[index] === second[index]).toBe(alike);
          }
        },
      ),
    );
  });

  it("tells a block apart from the root and from its place", () => {
    const trie = createPrefixTrie();
    expect(trie.prefixes("x", ["x", "x"])).toEqual([1, 2]);
    expect(trie.prefixes("x", ["x"])).toEqual([1]);
  });
});
