import { describe, expect, it } from "vitest";

/** The fields of an adapter's package.json that name its SDK. */
export interface AdapterManifest {
  readonly peerDependencies: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly devDependencies: Readonly<Record<string, string>>;
}

/**
 * The tests that pin an adapter's SDK range: the peer range starts at the oldest version the
 * package tests against (its `<alias>` dev dependency, `npm:<sdk>@<version>`), the peer is
 * optional (the request mappers need only its types), and the run loaded the version it says:
 * the oldest under `CTX_SDK=oldest`, another (the newest) otherwise. `loaded` is the version the
 * SDK reports of itself in this run.
 */
export function describePeerRange(
  manifest: AdapterManifest,
  sdk: string,
  alias: string,
  loaded: string,
): void {
  describe(`the ${sdk} peer range`, () => {
    const oldest = /^npm:(.+)@(\d+\.\d+\.\d+)$/.exec(manifest.devDependencies[alias] ?? "");
    it("starts at the oldest version the tests run against", () => {
      expect(oldest?.[1]).toBe(sdk);
      expect(manifest.peerDependencies[sdk]).toBe(`^${oldest?.[2]}`);
    });

    it("is optional, so a package that only maps requests installs no SDK", () => {
      expect(manifest.peerDependenciesMeta[sdk]?.optional).toBe(true);
    });

    it(`loads the ${process.env.CTX_SDK === "oldest" ? "oldest" : "newest"} ${sdk} in this run`, () => {
      if (process.env.CTX_SDK === "oldest") expect(loaded).toBe(oldest?.[2]);
      else expect(loaded).not.toBe(oldest?.[2]);
    });
  });
}
