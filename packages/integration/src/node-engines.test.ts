import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// What a package says it runs on must hold for what it installs: every dependency admits the
// lowest Node its `engines` names, and an optional peer (an SDK the user brings) that wants a
// later Node is named in the README with the Node it needs.

const root = join(import.meta.dirname, "..", "..", "..");

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly engines?: { readonly node?: string };
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

function manifest(path: string): Manifest {
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

const published = readdirSync(join(root, "packages"))
  .map((folder) => ({ folder, manifest: manifest(join(root, "packages", folder, "package.json")) }))
  .filter((entry) => entry.manifest.private !== true);

/**
 * The lowest Node version an `engines.node` range admits, as [major, minor, patch]: the lowest
 * lower bound among its `||` alternatives (`>=22.12.0`, `^20.0.0`, `>= 18`, `20.x`), [0, 0, 0]
 * when an alternative has none.
 */
function lowestNode(range: string | undefined): [number, number, number] {
  const bounds = (range ?? "*").split("||").map((alternative): [number, number, number] => {
    const match = /^\s*(?:>=|\^|~|=)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(alternative);
    if (match === null) return [0, 0, 0];
    return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
  });
  return bounds.reduce((lowest, bound) => (compare(bound, lowest) < 0 ? bound : lowest));
}

function compare(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

describe("the Node each public package says it runs on", () => {
  it("reads the lowest Node of the ranges packages write", () => {
    expect(lowestNode(">=22.12.0")).toEqual([22, 12, 0]);
    expect(lowestNode("^20.0.0 || ^22.0.0 || >=24.0.0")).toEqual([20, 0, 0]);
    expect(lowestNode(">= 14.6")).toEqual([14, 6, 0]);
    expect(lowestNode(undefined)).toEqual([0, 0, 0]);
  });

  it.each(published.map((entry) => [entry.manifest.name, entry] as const))(
    "%s: every dependency runs there, and a peer that needs more is named in the README",
    (_name, { folder, manifest: own }) => {
      const lowest = lowestNode(own.engines?.node);
      expect(lowest).toEqual([20, 0, 0]);
      const installed = (dependency: string) =>
        manifest(join(root, "packages", folder, "node_modules", dependency, "package.json"));
      const needMore = Object.keys(own.dependencies ?? {})
        .map((dependency) => ({ dependency, node: installed(dependency).engines?.node }))
        .filter((entry) => compare(lowestNode(entry.node), lowest) > 0);
      expect(needMore).toEqual([]);

      const readme = readFileSync(join(root, "packages", folder, "README.md"), "utf8")
        .split(/\s+/)
        .join(" ");
      const peersUnsaid = Object.keys(own.peerDependencies ?? {})
        .map((peer) => ({ peer, major: lowestNode(installed(peer).engines?.node)[0] }))
        .filter((entry) => entry.major > lowest[0])
        .filter((entry) => !readme.includes(`\`${entry.peer}\` needs Node ${entry.major}`));
      expect(peersUnsaid).toEqual([]);
    },
  );
});
