import { describe, expect, it } from "vitest";
import { flippedDiscoveries, outsideSecret as secret } from "./__fixtures__/flipped-discoveries.js";
import { discoverAgentsMd } from "./discover-agents-md.js";
import type { AgentsMdFileSystem, OpenedFile } from "./file-system.js";
import { createMemoryFileSystem, type MemoryFileSystem } from "./memory-file-system.js";

/**
 * A file system whose `link` symlink flips between two targets after every call made through
 * it or through a file it opened: an attacker that wins every race window there is.
 */
function flippingFileSystem(
  inner: MemoryFileSystem,
  link: string,
  targets: readonly [string, string],
): AgentsMdFileSystem {
  let turn = 0;
  const flip = () => {
    turn += 1;
    inner.set(link, { symlink: targets[turn % 2] ?? "" });
  };
  const flipped = async <Value>(call: () => Promise<Value>): Promise<Value> => {
    try {
      return await call();
    } finally {
      flip();
    }
  };
  const wrap = (file: OpenedFile): OpenedFile => ({
    stat: () => flipped(() => file.stat()),
    read: (maxBytes) => flipped(() => file.read(maxBytes)),
    close: () => flipped(() => file.close()),
  });
  return {
    path: inner.path,
    stat: (path) => flipped(() => inner.stat(path)),
    realpath: (path) => flipped(() => inner.realpath(path)),
    open: async (path, options) => wrap(await flipped(() => inner.open(path, options))),
    readdir: (path, options) => flipped(() => inner.readdir(path, options)),
  };
}

describe("the import sandbox against a symlink swapped during discovery", () => {
  it("never inlines the outside file, whichever call the swap lands after", async () => {
    for (let phase = 0; phase < 12; phase += 1) {
      const inner = createMemoryFileSystem({
        "/w/outside/secret.md": secret,
        "/w/repo/.git": { directory: true },
        "/w/repo/AGENTS.md": "rules @docs/swap.md",
        "/w/repo/docs/inside.md": "inside",
        "/w/repo/docs/swap.md": { symlink: "inside.md" },
      });
      const fs = flippingFileSystem(inner, "/w/repo/docs/swap.md", [
        "inside.md",
        "../../outside/secret.md",
      ]);
      // Shift the flips by `phase` calls, so that every call of the discovery meets both targets.
      for (let skip = 0; skip < phase; skip += 1) await fs.stat("/w");
      const loaded = await discoverAgentsMd({ cwd: "/w/repo", fs, imports: true });
      expect(loaded.text()).not.toContain(secret);
    }
  });

  it("never inlines the outside file when a parent folder is swapped for a symlink", async () => {
    for (let phase = 0; phase < 12; phase += 1) {
      const inner = createMemoryFileSystem({
        "/w/outside/docs/swap.md": secret,
        "/w/repo/.git": { directory: true },
        "/w/repo/AGENTS.md": "rules @docs/swap.md",
        "/w/repo/real/swap.md": "inside",
        "/w/repo/docs": { symlink: "real" },
      });
      const fs = flippingFileSystem(inner, "/w/repo/docs", ["real", "../outside/docs"]);
      for (let skip = 0; skip < phase; skip += 1) await fs.stat("/w");
      const loaded = await discoverAgentsMd({ cwd: "/w/repo", fs, imports: true });
      expect(loaded.text()).not.toContain(secret);
    }
  });

  it("reads the AGENTS.md file it checked, or none, when its symlink is swapped", async () => {
    for (let phase = 0; phase < 12; phase += 1) {
      const inner = createMemoryFileSystem({
        "/w/repo/.git": { directory: true },
        "/w/repo/one.md": "one",
        "/w/repo/two.md": "two",
        "/w/repo/AGENTS.md": { symlink: "one.md" },
      });
      const identities = {
        one: (await inner.stat("/w/repo/one.md")).identity,
        two: (await inner.stat("/w/repo/two.md")).identity,
      };
      const fs = flippingFileSystem(inner, "/w/repo/AGENTS.md", ["one.md", "two.md"]);
      for (let skip = 0; skip < phase; skip += 1) await fs.stat("/w");
      const loaded = await discoverAgentsMd({ cwd: "/w/repo", fs });
      for (const entry of loaded.entries) {
        expect(entry.identity).toBe(entry.text === "one" ? identities.one : identities.two);
      }
    }
  });
});

describe("the import sandbox against a real symlink flipped by another process", () => {
  // 2,000 discoveries in expand-imports.race.soak.test.ts.
  it("never inlines the outside file in 200 discoveries", async () => {
    const { leaks, inlined } = await flippedDiscoveries(200);
    expect(leaks).toBe(0);
    // The race was real: the inside target was seen too, not only refusals.
    expect(inlined).toBeGreaterThan(0);
  });
});
