import { describe, expect, it } from "vitest";
import { CatalogError } from "./catalog-error.js";
import { PermissionsPolicyError } from "./permissions-policy-error.js";
import { PromptsError } from "./prompts-error.js";

describe("PromptsError", () => {
  it("names the argument, and the path inside it, in its message", () => {
    const error = PromptsError.forArgument("sources", [
      { path: "", message: "expected object" },
      { path: "model.baseInstructions", message: "expected string" },
      { path: "[2]", message: "unknown" },
    ]);
    expect(error.message).toBe(
      "invalid sources: expected object; model.baseInstructions: expected string; [2]: unknown",
    );
    expect(error.argument).toBe("sources");
    expect(error.code).toBe("invalid-argument");
    expect(error.name).toBe("PromptsError");
  });

  it("is the base of every error the package throws, recognised across copies by its brand", () => {
    const catalog = CatalogError.at({ index: 0 }, [{ path: "slug", message: "missing" }]);
    const policy = PermissionsPolicyError.fromIssues([{ path: "x", message: "unknown" }]);
    expect(PromptsError.isInstance(catalog)).toBe(true);
    expect(PromptsError.isInstance(policy)).toBe(true);
    expect(catalog.argument).toBe("entries");
    expect(catalog.code).toBe("invalid-catalog");
    expect(catalog.index).toBe(0);
    expect(policy.argument).toBe("policy");
    expect(policy.code).toBe("invalid-permissions-policy");
    expect(CatalogError.isInstance(PromptsError.forArgument("x", []))).toBe(false);
    expect(PromptsError.isInstance({ argument: "x", issues: [] })).toBe(false);
  });
});
