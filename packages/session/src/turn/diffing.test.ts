import type { ResponseItem } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSession } from "../create-session.js";
import type { TurnContext } from "./turn-context.js";

const turnContext: fc.Arbitrary<TurnContext> = fc.record({
  model: fc.constantFrom("ctx-coder", "ctx-coder-long", "ctx-coder-mini"),
  environments: fc.constantFrom(
    [{ id: "local", cwd: "/a", shell: "bash" }],
    [{ id: "local", cwd: "/b", shell: "zsh" }],
    [
      { id: "local", cwd: "/a", shell: "bash" },
      { id: "remote", cwd: "/srv", status: "starting" as const },
    ],
  ),
  timezone: fc.constantFrom("UTC", "Europe/Paris"),
  personality: fc.constantFrom("friendly" as const, "pragmatic" as const, "none" as const),
  permissions: fc.constantFrom(
    { sandboxMode: "read-only" as const },
    {
      sandboxMode: "workspace-write" as const,
      writableRoots: ["/a"],
      approvalPolicy: "never" as const,
    },
  ),
  realtime: fc.boolean(),
  collaborationMode: fc.constantFrom(
    undefined,
    { mode: "plan", instructions: "Plan first." },
    { mode: "default", instructions: "" },
  ),
  apps: fc.boolean(),
  developerInstructions: fc.constantFrom("Be brief.", ""),
  skills: fc.constantFrom(
    { skills: [{ name: "lint", description: "Lint it.", path: "/s/lint/SKILL.md" }] },
    {
      skills: [
        { name: "lint", description: "Lint it.", path: "/s/lint/SKILL.md" },
        { name: "release", path: "/s/release/SKILL.md" },
      ],
    },
  ),
});

const reply: fc.Arbitrary<ResponseItem[]> = fc.constantFrom(
  [],
  [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] }],
  [
    { type: "function_call", call_id: "c", name: "ls", arguments: "{}" },
    { type: "function_call_output", call_id: "c", output: "a\nb" },
  ],
);

describe("turn-to-turn diffing", () => {
  it("sends the skills catalogue again, whole, in its own message, when a skill is added", async () => {
    const session = createSession();
    const lint = { name: "lint", description: "Lint it.", path: "/s/lint/SKILL.md" };
    const context = { model: "ctx-coder-mini", environments: [{ id: "local", cwd: "/a" }] };
    await session.beginTurn({ ...context, skills: { skills: [lint] } }, "one");
    const same = await session.beginTurn({ ...context, skills: { skills: [lint] } }, "two");
    const release = { name: "release", description: "Cut it.", path: "/s/release/SKILL.md" };
    const added = await session.beginTurn(
      { ...context, skills: { skills: [lint, release] } },
      "three",
    );
    const update = added.input.slice(same.input.length, -1);
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ type: "message", role: "developer" });
    const part = update[0]?.type === "message" ? update[0].content[0] : undefined;
    const text = part !== undefined && "text" in part ? part.text : "";
    expect(text.startsWith("<skills_instructions>")).toBe(true);
    expect(text).toContain("- release: Cut it. (file: /s/release/SKILL.md)");
    expect(text).toContain("- lint: Lint it. (file: /s/lint/SKILL.md)");
  });

  it("keeps every request's input a prefix of the next one's, whatever changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(turnContext, reply), { minLength: 2, maxLength: 6 }),
        async (turns) => {
          const session = createSession();
          let previous: readonly ResponseItem[] = [];
          for (const [index, [context, items]] of turns.entries()) {
            const request = await session.beginTurn(context, `turn ${index}`);
            expect(request.cacheBreak).toBeUndefined();
            expect(request.input.slice(0, previous.length)).toEqual(previous);
            await session.record(
              items.map((item) =>
                item.type === "message" ? item : { ...item, call_id: `c${index}` },
              ),
            );
            previous = request.input;
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("adds no context item when the turn context is the same as the last one", async () => {
    await fc.assert(
      fc.asyncProperty(turnContext, turnContext, async (first, second) => {
        const session = createSession();
        await session.beginTurn(first, "one");
        const changed = await session.beginTurn(second, "two");
        const same = await session.beginTurn(second, "three");
        expect(same.input.slice(changed.input.length)).toEqual([
          { type: "message", role: "user", content: [{ type: "input_text", text: "three" }] },
        ]);
      }),
      { numRuns: 40 },
    );
  });
});
