import { describe, expect, it } from "vitest";
import { CodexConfigError } from "./codex-config-error.js";
import { parseOverride } from "./parse-override.js";

describe("parseOverride", () => {
  it("reads the value as TOML, else as text without its quotes", () => {
    expect(parseOverride("a.b = true")).toMatchObject({ path: ["a", "b"], value: true });
    expect(parseOverride('x=["/a", "/b"]').value).toEqual(["/a", "/b"]);
    expect(parseOverride("x={ y = 1 }").value).toEqual({ y: 1 });
    expect(parseOverride("model=o3").value).toBe("o3");
    expect(parseOverride("dev=hello <b> world").value).toBe("hello <b> world");
    expect(parseOverride("dev=a=b").value).toBe("a=b");
  });

  it("refuses an override with no = or no key", () => {
    expect(() => parseOverride("model")).toThrow(CodexConfigError);
    expect(() => parseOverride(" =1")).toThrow(/no key/);
  });
});
