import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConformanceError } from "./conformance-error.js";
import { findDeviation, loadDeviations } from "./deviations.js";

async function withTable(text: string, run: (path: string) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), "ctx-deviations-"));
  try {
    await writeFile(join(folder, "DEVIATIONS.md"), text);
    await run(join(folder, "DEVIATIONS.md"));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("loadDeviations", () => {
  it("reads the table's rows and finds the one that explains a check in a scenario", async () => {
    await withTable(
      "# x\n\n| check | scenarios | reason |\n| --- | --- | --- |\n| `agents-md` | `a`, `b` | guard |\n| `layout` | * | prose |\n\n- | not a row\n",
      async (path) => {
        const deviations = await loadDeviations(path);
        expect(deviations).toEqual([
          { check: "agents-md", scenarios: ["a", "b"], reason: "guard" },
          { check: "layout", scenarios: ["*"], reason: "prose" },
        ]);
        expect(findDeviation(deviations, "b", "agents-md")?.reason).toBe("guard");
        expect(findDeviation(deviations, "c", "agents-md")).toBeUndefined();
        expect(findDeviation(deviations, "c", "layout")?.reason).toBe("prose");
      },
    );
  });

  it("refuses a row without three cells", async () => {
    await withTable("| check | scenarios | reason |\n| `x` | y |\n", async (path) => {
      await expect(loadDeviations(path)).rejects.toBeInstanceOf(ConformanceError);
    });
  });
});
