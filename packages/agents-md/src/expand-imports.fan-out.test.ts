import { describe, expect, it } from "vitest";
import { discoverAgentsMd } from "./discover-agents-md.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";

/**
 * Six files of 88 KB, each referencing the next 2,000 times (one reference per 44-byte line); the
 * last references a missing one.
 */
function fanOutTree(): Record<string, MemoryEntry> {
  const entries: Record<string, MemoryEntry> = { "/repo/.git": { directory: true } };
  const names = ["AGENTS.md", "f1.md", "f2.md", "f3.md", "f4.md", "f5.md"];
  names.forEach((name, index) => {
    const next = names[index + 1] ?? "missing.md";
    const line = `@${next} `.padEnd(43, "y");
    entries[`/repo/${name}`] = `${line}\n`.repeat(2_000);
  });
  return entries;
}

/** Counts every call on the file system and on what it returns (opened files included). */
function counted(inner: AgentsMdFileSystem) {
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const wrap = <Value extends object>(target: Value): Value =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== "function") return value;
        return (...values: unknown[]) => {
          count(String(property));
          const result: unknown = value.apply(object, values);
          return result instanceof Promise
            ? result.then((settled: unknown) =>
                typeof settled === "object" && settled !== null && "read" in settled
                  ? wrap(settled)
                  : settled,
              )
            : result;
        };
      },
    });
  return { fs: wrap(inner), calls };
}

describe("discoverAgentsMd under an import fan-out", () => {
  it.each([32_768, 1_048_576])(
    "reads each file once, stops at the cap and says so once (budget %i)",
    async (maxBytes) => {
      const { fs, calls } = counted(createMemoryFileSystem(fanOutTree()));
      const loaded = await discoverAgentsMd({ cwd: "/repo", fs, maxBytes, imports: true });
      const reads = (calls.get("read") ?? 0) + (calls.get("readFile") ?? 0);
      const total = [...calls.values()].reduce((sum, value) => sum + value, 0);
      expect(reads).toBeLessThanOrEqual(6);
      expect(total).toBeLessThanOrEqual(40);
      expect(loaded.warnings.length).toBeLessThanOrEqual(8);
      expect(loaded.warnings.filter((warning) => warning.code === "import-limit")).toHaveLength(1);
      expect(loaded.entries[0]?.keptBytes).toBeLessThanOrEqual(maxBytes);
    },
  );
});
