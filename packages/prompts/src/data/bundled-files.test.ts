import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  modulePath,
  readDataFiles,
  renderBundledFilesModule,
} from "../../scripts/generate-bundled-files.mjs";
import { bundledFiles } from "./bundled-files.js";

describe("bundledFiles", () => {
  it("holds every data file exactly as it is on disk", () => {
    expect(bundledFiles).toEqual(Object.fromEntries(readDataFiles()));
  });

  it("is the module the generator writes today (run `pnpm generate` after editing a data file)", () => {
    expect(readFileSync(modulePath, "utf8")).toBe(renderBundledFilesModule(readDataFiles()));
  });

  it("keeps backslashes, backticks, `${` and carriage returns through the generated module", async () => {
    const tricky = ["a\\b `code` $", "{not} \r\n$&\u2028end"].join("");
    const source = renderBundledFilesModule(new Map([["tricky.md", tricky]]));
    const url = `data:text/javascript,${encodeURIComponent(
      source.replace(": Readonly<Record<string, string>>", ""),
    )}`;
    const module: { bundledFiles: Record<string, string> } = await import(url);
    expect(module.bundledFiles["tricky.md"]).toBe(tricky);
  });
});
