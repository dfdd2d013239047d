import { describe, expect, it } from "vitest";
import { applySettingsOverride, parseSettingsOverride } from "./settings-override.js";

describe("parseSettingsOverride", () => {
  it("reads each key's value, network as a boolean and cwd as an absolute folder", () => {
    expect(parseSettingsOverride("model=gpt-5", "--to", "/work")).toEqual({
      key: "model",
      value: "gpt-5",
    });
    expect(parseSettingsOverride("network=off", "--to", "/work")).toEqual({
      key: "network",
      value: false,
    });
    expect(parseSettingsOverride("cwd=../repo", "--to", "/work/here")).toEqual({
      key: "cwd",
      value: "/work/repo",
    });
    expect(parseSettingsOverride("model=a=b", "--to", "/")).toEqual({ key: "model", value: "a=b" });
  });

  it("refuses a usage error naming the flag, for a missing key, an unknown one or a bad value", () => {
    for (const [text, message] of [
      ["=read-only", "--from =read-only: expected KEY=VALUE, such as sandbox=read-only"],
      ["toString=x", '--from toString=x: unknown key "toString"'],
      ["approval=granular", "--from approval=granular: approval takes untrusted,"],
      ["model= ", "--from model= : model takes a model slug"],
    ] as const) {
      expect(() => parseSettingsOverride(text, "--from", "/")).toThrow(
        expect.objectContaining({ code: "usage", message: expect.stringContaining(message) }),
      );
    }
  });
});

describe("applySettingsOverride", () => {
  it("changes one permission and keeps the others", () => {
    const settings = { permissions: { sandboxMode: "read-only", approvalPolicy: "never" } };
    expect(applySettingsOverride(settings, { key: "sandbox", value: "workspace-write" })).toEqual({
      permissions: { sandboxMode: "workspace-write", approvalPolicy: "never" },
    });
    expect(applySettingsOverride(settings, { key: "network", value: true })).toEqual({
      permissions: { sandboxMode: "read-only", approvalPolicy: "never", networkAccess: true },
    });
  });

  it("moves the first environment and keeps its shell and the others", () => {
    const settings = {
      environments: [
        { id: "local", cwd: "/a", shell: "zsh" },
        { id: "remote", cwd: "/b" },
      ],
    };
    expect(applySettingsOverride(settings, { key: "cwd", value: "/c" })).toEqual({
      environments: [
        { id: "local", cwd: "/c", shell: "zsh" },
        { id: "remote", cwd: "/b" },
      ],
    });
  });
});
