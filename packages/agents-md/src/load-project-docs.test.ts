import { isBlank } from "@ctx/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FoundFile } from "./find-instruction-file.js";
import { loadProjectDocs } from "./load-project-docs.js";
import type { BudgetPolicy } from "./loaded-agents-md-data.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { decodeUtf8Lossy, encodeUtf8 } from "./utf8.js";

async function loadAll(contents: readonly string[], maxBytes: number, budget: BudgetPolicy) {
  const entries = Object.fromEntries(
    contents.map((text, index) => [`/r/${"d/".repeat(index)}AGENTS.md`, text]),
  );
  const fs = createMemoryFileSystem(entries);
  const files: FoundFile[] = [];
  for (const path of Object.keys(entries)) files.push({ path, stat: await fs.stat(path) });
  return loadProjectDocs({
    fs,
    environment: "local",
    cwd: `/r/${"d/".repeat(Math.max(0, contents.length - 1))}`,
    files,
    maxBytes,
    budget,
    truncationNote: false,
    imports: null,
  });
}

/** The budget rule written out plainly: the texts each file keeps, by index. */
function expectedTexts(contents: readonly string[], maxBytes: number, budget: BudgetPolicy) {
  const kept = new Map<number, string>();
  const order = contents.map((_, index) => index);
  if (budget === "nearest-first") order.reverse();
  let remaining = maxBytes;
  for (const index of order) {
    if (remaining === 0) break;
    const bytes = encodeUtf8(contents[index] ?? "");
    const part = bytes.subarray(0, Math.min(bytes.length, remaining));
    const text = decodeUtf8Lossy(part);
    if (isBlank(text)) continue;
    kept.set(index, text);
    remaining -= part.length;
  }
  return [...kept.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
}

const content = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "é", "😀", "\n", " ") }),
  fc.constantFrom("", " \n\t", "   abc"),
);
const policy = fc.constantFrom<BudgetPolicy>("root-first", "nearest-first");

interface LoadCase {
  readonly contents: readonly string[];
  readonly maxBytes: number;
  readonly budget: BudgetPolicy;
  readonly docs: Awaited<ReturnType<typeof loadAll>>;
}

/** Checks `property` of what `loadAll` gives for any files, budget and policy. */
async function forAnyLoad(property: (loaded: LoadCase) => void): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.array(content, { maxLength: 6 }),
      fc.nat(60),
      policy,
      async (contents, maxBytes, budget) => {
        property({ contents, maxBytes, budget, docs: await loadAll(contents, maxBytes, budget) });
      },
    ),
    { numRuns: 100 },
  );
}

describe("loadProjectDocs", () => {
  it("keeps the reference example: budget 7, root `root`, nested `abcdef` gives root and abc", async () => {
    const docs = await loadAll(["root", "abcdef"], 7, "root-first");
    expect(docs.entries.map((entry) => entry.text)).toEqual(["root", "abc"]);
    expect(docs.usedBytes).toBe(7);
  });

  it("serves the nearest file first when asked, so a large root file is the one cut", async () => {
    const docs = await loadAll(["root file", "near"], 7, "nearest-first");
    expect(docs.entries.map((entry) => entry.text)).toEqual(["roo", "near"]);
    expect(docs.warnings).toEqual([
      expect.objectContaining({
        code: "file-cut",
        path: "/r/AGENTS.md",
        keptBytes: 3,
        droppedBytes: 6,
      }),
    ]);
  });

  it("drops the files after the budget is spent without reading them, and says so", async () => {
    const docs = await loadAll(["abc", "def", "ghi"], 3, "root-first");
    expect(docs.entries.map((entry) => entry.text)).toEqual(["abc"]);
    expect(docs.warnings).toEqual([
      expect.objectContaining({ code: "file-dropped", path: "/r/d/AGENTS.md", droppedBytes: 3 }),
      expect.objectContaining({ code: "file-dropped", path: "/r/d/d/AGENTS.md", droppedBytes: 3 }),
    ]);
  });

  it("lets a blank file cost nothing, so the next file gets the budget", async () => {
    const docs = await loadAll(["   abc", "xyz"], 3, "root-first");
    expect(docs.entries.map((entry) => entry.text)).toEqual(["xyz"]);
  });

  it("loads nothing with a budget of zero", async () => {
    expect((await loadAll(["abc"], 0, "root-first")).entries).toEqual([]);
  });

  it("keeps exactly what the budget rule keeps, for any files, budget and policy", async () => {
    await forAnyLoad(({ contents, maxBytes, budget, docs }) => {
      expect(docs.entries.map((entry) => entry.text)).toEqual(
        expectedTexts(contents, maxBytes, budget),
      );
    });
  });

  it("never spends more than the budget, and accounts for what it spends", async () => {
    await forAnyLoad(({ maxBytes, docs }) => {
      const spent = docs.entries.reduce((sum, entry) => sum + entry.keptBytes, 0);
      expect(spent).toBe(docs.usedBytes);
      expect(spent).toBeLessThanOrEqual(maxBytes);
    });
  });

  it("keeps root-to-cwd order and reports every file that was not kept whole", async () => {
    await forAnyLoad(({ contents, docs }) => {
      const paths = docs.entries.map((entry) => entry.path);
      expect(paths).toEqual([...paths].sort((a, b) => a.length - b.length));
      contents.forEach((text, index) => {
        const path = `/r/${"d/".repeat(index)}AGENTS.md`;
        const entry = docs.entries.find((candidate) => candidate.path === path);
        const reported = docs.warnings
          .filter((warning) => warning.path === path)
          .map((warning) => warning.code);
        if (entry === undefined) {
          expect(reported.some((code) => code === "file-skipped" || code === "file-dropped")).toBe(
            true,
          );
        } else if (entry.keptBytes < encodeUtf8(text).length) {
          expect(entry.cut).not.toBeNull();
          expect(reported).toContain("file-cut");
        } else {
          expect(entry.cut).toBeNull();
          expect(entry.text).toBe(text);
        }
      });
    });
  });

  it("cuts at most one file, the last one served: nothing is loaded after a cut", async () => {
    await forAnyLoad(({ budget, docs }) => {
      const order = budget === "root-first" ? docs.entries : [...docs.entries].reverse();
      const cutAt = order.findIndex((entry) => entry.cut !== null);
      if (cutAt !== -1) expect(order.slice(cutAt + 1)).toEqual([]);
    });
  });
});
