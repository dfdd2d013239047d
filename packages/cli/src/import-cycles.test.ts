import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = dirname(fileURLToPath(import.meta.url));

/** Every source file under `folder` (tests and fixtures left out), by its path. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "__fixtures__" ? [] : sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** The files `path` imports from this package, types included. */
function imports(path: string): string[] {
  const text = readFileSync(path, "utf8");
  return [...text.matchAll(/from "(\.[^"]+)\.js"/g)].map((match) =>
    normalize(join(dirname(path), `${match[1]}.ts`)),
  );
}

describe("the CLI's modules", () => {
  it("import one another in no circle", () => {
    const graph = new Map(sources(root).map((path) => [path, imports(path)]));
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === "open") {
          circles.push(
            [...path.slice(path.indexOf(next)), next]
              .map((each) => relative(root, each))
              .join(" → "),
          );
        } else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(graph.size).toBeGreaterThan(40);
    expect(circles).toEqual([]);
  });
});
