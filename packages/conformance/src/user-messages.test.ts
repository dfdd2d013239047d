import { describe, expect, it } from "vitest";
import { userMessages } from "./user-messages.js";

describe("userMessages", () => {
  it("lists the user's messages part by part, and nothing else", () => {
    const layout = [
      { role: "user", type: "message", parts: [{ kind: "environment_context", text: "<e/>" }] },
      {
        role: "user",
        type: "message",
        parts: [
          { kind: "kept_user_input", text: "Req" },
          { kind: "kept_user_input", text: "…9 tokens truncated…" },
          { kind: "kept_user_input", text: "safe." },
        ],
      },
      { role: "user", type: "message", parts: [{ kind: "summary", text: "S" }] },
      { role: "user", type: "message", parts: [{ kind: "user_input", text: "Thanks." }] },
    ];
    expect(userMessages(layout)).toBe(
      "Req⟨part⟩…9 tokens truncated…⟨part⟩safe.\n⟨message⟩\nThanks.",
    );
  });
});
