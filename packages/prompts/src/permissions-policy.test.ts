import { describe, expect, it } from "vitest";
import { type PermissionsPolicy, resolveSandboxMode } from "./permissions-policy.js";
import { PermissionsPolicyError } from "./permissions-policy-error.js";

describe("resolveSandboxMode", () => {
  it("takes the given mode, else derives it from full disk access, then writable roots", () => {
    expect(resolveSandboxMode({ sandboxMode: "danger-full-access" })).toBe("danger-full-access");
    expect(resolveSandboxMode({ fullDiskWriteAccess: true, writableRoots: ["/r"] })).toBe(
      "danger-full-access",
    );
    expect(resolveSandboxMode({ writableRoots: ["/r"] })).toBe("workspace-write");
    expect(resolveSandboxMode({ writableRoots: [] })).toBe("read-only");
    expect(resolveSandboxMode({})).toBe("read-only");
  });

  it("refuses what is not a valid policy, rather than calling it read-only", () => {
    // Before, 42, "x" and [] all came back as "read-only".
    for (const wrong of [42, "x", [], null, { sandboxMode: "wide-open" }]) {
      expect(() => resolveSandboxMode(wrong as PermissionsPolicy)).toThrow(PermissionsPolicyError);
    }
    expect(() => resolveSandboxMode({ sandboxMode: "read-only", writableRoots: ["/r"] })).toThrow(
      "writable roots contradict sandbox mode read-only",
    );
  });
});
