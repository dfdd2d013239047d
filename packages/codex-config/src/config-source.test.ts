import { describe, expect, it } from "vitest";
import { CodexConfigError } from "./codex-config-error.js";
import { describeConfigSource } from "./config-source.js";

describe("describeConfigSource", () => {
  it("says where each kind of value came from", () => {
    expect(describeConfigSource({ kind: "file", path: "/h/config.toml", line: 3 })).toBe(
      "/h/config.toml:3",
    );
    expect(
      describeConfigSource({ kind: "file", path: "/h/w.config.toml", line: 1, profile: "w" }),
    ).toBe("profile w (/h/w.config.toml:1)");
    expect(describeConfigSource({ kind: "override", override: "model=x" })).toBe("-c model=x");
    expect(describeConfigSource({ kind: "trust", project: "/r", level: "trusted" })).toBe(
      "trusted project /r",
    );
    expect(describeConfigSource({ kind: "default" })).toBe("default");
  });

  it("refuses a source of the wrong kind", () => {
    expect(() => describeConfigSource({ kind: "nope" } as never)).toThrow(CodexConfigError);
  });
});
