import { describe, expect, it } from "vitest";
import { codexOverrides } from "./codex-overrides.js";

describe("codexOverrides", () => {
  it("pins the model, turns skills off and writes each setting as an inline TOML value", () => {
    expect(
      codexOverrides(
        {
          sandboxMode: "workspace-write",
          approvalPolicy: "granular",
          granularApprovals: {
            sandboxApproval: true,
            rules: false,
            skillApproval: false,
            requestPermissions: false,
            mcpElicitations: true,
          },
          writableRoots: ["extra", "/abs"],
          maxBytes: 0,
          rootMarkers: [],
          developerInstructions: 'Say "hi".\n',
        },
        "/base",
      ),
    ).toEqual([
      "-c",
      'model="gpt-6-astra"',
      "-c",
      "skills.include_instructions=false",
      "-c",
      'sandbox_mode="workspace-write"',
      "-c",
      "approval_policy={granular={sandbox_approval=true,rules=false,skill_approval=false,request_permissions=false,mcp_elicitations=true}}",
      "-c",
      "project_doc_max_bytes=0",
      "-c",
      "project_root_markers=[]",
      "-c",
      'developer_instructions="Say \\"hi\\".\\n"',
      "-c",
      'sandbox_workspace_write.writable_roots=["/base/extra","/abs"]',
    ]);
  });

  it("turns the skills catalogue on without Codex's bundled skills when a scenario asks", () => {
    expect(codexOverrides({ skills: true }, "/base")).toEqual([
      "-c",
      'model="gpt-6-astra"',
      "-c",
      "skills.include_instructions=true",
      "-c",
      "skills.bundled.enabled=false",
    ]);
  });

  it("switches on the Codex features a scenario names", () => {
    expect(codexOverrides({ codexFeatures: ["command_sessions_world_state"] }, "/base")).toEqual([
      "-c",
      'model="gpt-6-astra"',
      "-c",
      "skills.include_instructions=false",
      "-c",
      "features.command_sessions_world_state=true",
    ]);
  });
});
