import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry, permissionsInstructions } from "@ctx/registry";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as entry from "./index.js";

// The package's entry, walked: the exports nothing else in the repository imports are each held
// here to what the README says of them, through the entry alone; the types are pinned to the
// signatures they name (`pnpm typecheck` compiles this file, so a type that drifts fails there).

const registry = createStandardRegistry();
const permissions = permissionsInstructions.create({ text: "Ask before writing." });
const text = (role: "user" | "assistant" | "developer", value: string): ResponseItem => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text: value }],
});

describe("the values @ctx/session exports", () => {
  it("builds context messages that carry their provenance, and reads it back", () => {
    const built = entry.createContextMessage("developer", [permissions]);
    expect(built.kinds).toEqual(["permissions_instructions"]);
    expect(entry.buildContextUpdate(registry, [permissions])).toEqual([built]);
    expect(entry.classifyHistory([built.message, text("user", "hi")], registry)).toEqual([
      { source: "context", kinds: ["permissions_instructions"] },
      { source: "user" },
    ]);
  });

  it("keeps of a provider's compacted items the model's and the user's own", () => {
    const injected = text("user", "<environment_context><cwd>/repo</cwd></environment_context>");
    const kept = entry.filterCompactedItems(
      [text("assistant", "summary"), text("user", "fix it"), text("developer", "rules")],
      registry,
    );
    expect(kept.map((kept) => kept.origin.source)).toEqual(["model", "user"]);
    expect(entry.filterCompactedItems([injected], registry)).toEqual([]);
  });

  it("counts an item by its tokenizer, and sends a call without an output with an aborted one", () => {
    const tokenizer = { name: "chars", count: (value: string) => value.length };
    const call = { type: "function_call", call_id: "c1", name: "ls", arguments: "{}" } as const;
    expect(entry.countItemTokens(call, tokenizer)).toBe(4);
    expect(
      entry.normalizeHistory([{ item: call, origin: { source: "model" } }], { imageInput: true }),
    ).toEqual([call, { type: "function_call_output", call_id: "c1", output: "aborted" }]);
  });
});

describe("the types @ctx/session exports", () => {
  it("names the options and results of the session's functions", () => {
    expectTypeOf(entry.createSession)
      .parameter(0)
      .toEqualTypeOf<entry.SessionOptions | undefined>();
    expectTypeOf(entry.createSession).returns.toEqualTypeOf<entry.Session>();
    expectTypeOf(entry.resumeSession).parameter(1).toEqualTypeOf<entry.ResumeOptions>();
    expectTypeOf(entry.forkSession).parameter(1).toEqualTypeOf<entry.ForkOptions>();
    expectTypeOf<entry.SessionOptions["compaction"]>().toEqualTypeOf<
      entry.CompactionOptions | undefined
    >();
    expectTypeOf(entry.parseTurnContext).returns.toEqualTypeOf<entry.ParsedTurnContext>();
  });

  it("names what a session's methods take and give", () => {
    type Session = entry.Session;
    expectTypeOf<Parameters<Session["beginTurn"]>>().toEqualTypeOf<
      [entry.TurnContext, entry.UserInput, entry.RequestOptions?]
    >();
    expectTypeOf<Parameters<Session["nextRequest"]>>().toEqualTypeOf<[entry.RequestOptions?]>();
    expectTypeOf<ReturnType<Session["beginTurn"]>>().toEqualTypeOf<Promise<entry.ModelRequest>>();
    expectTypeOf<entry.ModelRequest["cacheBreak"]>().toEqualTypeOf<entry.CacheBreak | undefined>();
    expectTypeOf<Parameters<Session["compact"]>>().toEqualTypeOf<[entry.CompactOptions?]>();
    expectTypeOf<ReturnType<Session["compact"]>>().toEqualTypeOf<
      Promise<entry.CompactionReport | undefined>
    >();
    expectTypeOf<entry.CompactionReport["trigger"]>().toEqualTypeOf<entry.CompactionTrigger>();
    expectTypeOf<ReturnType<Session["history"]>>().toEqualTypeOf<readonly entry.HistoryEntry[]>();
    expectTypeOf<entry.HistoryEntry["origin"]>().toEqualTypeOf<entry.Origin>();
    expectTypeOf<ReturnType<Session["tokenUsage"]>>().toEqualTypeOf<entry.TokenUsage>();
    expectTypeOf<entry.TokenUsage["byKind"][number]>().toEqualTypeOf<entry.KindTokens>();
    expectTypeOf<entry.TokenUsage["largestItems"][number]>().toEqualTypeOf<entry.ItemTokens>();
    expectTypeOf<Parameters<Session["recordTouchedPaths"]>>().toEqualTypeOf<
      [readonly string[], entry.TouchedPathsOptions?]
    >();
    expectTypeOf<ReturnType<Session["recordTouchedPaths"]>>().toEqualTypeOf<
      Promise<entry.TouchedAgentsMd>
    >();
    expectTypeOf<entry.DroppedContextWarning["kinds"]>().toEqualTypeOf<readonly string[]>();
  });

  it("names the envelope builders', the tokens' and the matcher's types", () => {
    expectTypeOf(entry.createContextMessage).returns.toEqualTypeOf<entry.ContextMessage>();
    expectTypeOf(entry.buildInitialContext).returns.toEqualTypeOf<entry.ContextMessage[]>();
    expectTypeOf(entry.buildInitialContext)
      .parameter(2)
      .toEqualTypeOf<entry.EnvelopeOptions | undefined>();
    expectTypeOf(entry.countItemTokens).parameter(1).toEqualTypeOf<entry.Tokenizer>();
    expectTypeOf(entry.resolveTokenLimits).parameter(0).toEqualTypeOf<entry.ModelWindow>();
    expectTypeOf(entry.resolveTokenLimits)
      .parameter(1)
      .toEqualTypeOf<entry.TokenLimitOptions | undefined>();
    expectTypeOf(entry.resolveTokenLimits).returns.toEqualTypeOf<entry.TokenLimits>();
    expectTypeOf(entry.createTypedMessageMatcher<number>).returns.toEqualTypeOf<
      entry.TypedMessageMatcher<number>
    >();
    expectTypeOf<ReturnType<entry.TypedMessageMatcher<number>["settle"]>>().toEqualTypeOf<
      entry.MatchedMessage<number>[]
    >();
  });

  it("names the environment profile's, the turn loop's and the error's types", () => {
    expectTypeOf<
      Parameters<typeof entry.buildEnvironmentProfile>[0]
    >().toEqualTypeOf<entry.EnvironmentProfileOptions>();
    // Without includePermissions (or with true) the profile has its permissions; with a boolean
    // that may be false, they may be missing.
    expectTypeOf(
      entry.buildEnvironmentProfile({ cwd: "/repo", sandboxMode: "read-only" }),
    ).toEqualTypeOf<entry.EnvironmentProfile>();
    expectTypeOf<ReturnType<typeof entry.buildEnvironmentProfile>>().toEqualTypeOf<
      Omit<entry.EnvironmentProfile, "permissions"> & {
        readonly permissions?: entry.EnvironmentProfile["permissions"];
      }
    >();
    expectTypeOf(entry.runTurn).parameter(0).toEqualTypeOf<entry.RunTurnOptions>();
    expectTypeOf(entry.runTurn).returns.toEqualTypeOf<Promise<entry.TurnOutcome>>();
    expectTypeOf<Parameters<entry.RunTurnOptions["runTool"]>[0]>().toEqualTypeOf<entry.ToolCall>();
    expectTypeOf<entry.RunTurnOptions["touchedPaths"]>().toEqualTypeOf<
      entry.TouchedPaths | undefined
    >();
    expectTypeOf<entry.SessionError["code"]>().toEqualTypeOf<entry.SessionErrorCode>();
    expectTypeOf<ConstructorParameters<typeof entry.SessionError>>().toEqualTypeOf<
      [entry.SessionErrorCode, string, entry.SessionErrorOptions?]
    >();
  });
});
