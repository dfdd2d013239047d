import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import type { ResponseItem } from "@ctx/protocol";
import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { createSession, importCodexRollout, readCodexRollout, resumeSession } from "../index.js";

const registry = createStandardRegistry();

const fileLines = (name: string) =>
  createInterface({ input: createReadStream(codexRolloutPath(name)), crlfDelay: Infinity });

const rawLines = (name: string) => readFileSync(codexRolloutPath(name), "utf8").split("\n");

const textOf = (item: ResponseItem | undefined) =>
  item?.type === "message"
    ? item.content.map((content) => ("text" in content ? content.text : "")).join("")
    : undefined;

const turnContext = {
  model: "ctx-coder",
  environments: [{ id: "local", cwd: "/work", shell: "bash" }],
};

describe("importCodexRollout", () => {
  it.each(codexRolloutNames)(
    "writes %s into a session that resumes with its history",
    async (name) => {
      const store = createMemoryRolloutStore();
      const imported = await importCodexRollout(fileLines(name), { store, registry });
      const session = await resumeSession(store, { sessionId: imported.sessionId });
      expect(session.history()).toHaveLength(imported.items);
      const request = await session.beginTurn(turnContext, "Carry on from here.");
      const history = session.history().slice(0, imported.items);
      // The next request extends the imported history: its items first, as Codex left them.
      expect(request.input.slice(0, imported.items)).toEqual(history.map((entry) => entry.item));
      const added = request.input.slice(imported.items);
      // Then the session's own context, in full (a resume with no snapshots), then the prompt.
      const context = added.flatMap((item) => (item.type === "message" ? item.content : []));
      expect(context).toContainEqual({
        type: "input_text",
        text: "<environment_context>\n  <cwd>/work</cwd>\n  <shell>bash</shell>\n</environment_context>",
      });
      expect(textOf(added.at(-1))).toBe("Carry on from here.");
    },
  );

  it.each(
    codexRolloutNames.filter((name) =>
      rawLines(name).every((line) => !/"type":"(compacted|thread_rolled_back)"/.test(line)),
    ),
  )("keeps who wrote each item of %s as reading the whole rollout does", async (name) => {
    const store = createMemoryRolloutStore();
    const { sessionId } = await importCodexRollout(fileLines(name), { store, registry });
    const session = await resumeSession(store, { sessionId });
    const whole = readCodexRollout(rawLines(name).join("\n"), registry);
    expect(session.history()).toEqual(whole.entries);
    const typed = rawLines(name).filter((line) => line.includes('"type":"user_message"'));
    expect(session.history().filter((entry) => entry.origin.source === "user")).toHaveLength(
      typed.length,
    );
  });

  it("continues from a compaction: the kept messages stay the user's, the summary the model's", async () => {
    const name = "desktop-0.144-model-switch-compaction.jsonl";
    const store = createMemoryRolloutStore();
    const { sessionId } = await importCodexRollout(fileLines(name), { store, registry });
    const history = (await resumeSession(store, { sessionId })).history();
    const compacted = rawLines(name).find((line) => line.includes('"type":"compacted"')) ?? "";
    const replacement: unknown[] = JSON.parse(compacted).payload.replacement_history;
    expect(history.slice(0, replacement.length).map((entry) => textOf(entry.item))).toEqual(
      replacement.map((item) => textOf(item as ResponseItem)),
    );
    expect(history.slice(0, 2).map((entry) => entry.origin.source)).toEqual(["user", "model"]);
  });

  it("drops the turns Codex rolled back", async () => {
    const name = "desktop-0.144-aborted-rollback-compaction.jsonl";
    const lines = rawLines(name);
    const rollback = lines.findIndex((line) => line.includes('"type":"thread_rolled_back"'));
    const lastTyped = lines
      .slice(0, rollback)
      .findLast((line) => line.includes('"type":"user_message"'));
    const dropped: string = JSON.parse(lastTyped ?? "{}").payload.message;
    const before = createMemoryRolloutStore();
    const upToRollback = await importCodexRollout(lines.slice(0, rollback), { store: before });
    const after = createMemoryRolloutStore();
    const withRollback = await importCodexRollout(lines.slice(0, rollback + 1), { store: after });
    const said = async (store: typeof before, sessionId: string) =>
      (await resumeSession(store, { sessionId }))
        .history()
        .filter((entry) => entry.origin.source === "user")
        .map((entry) => textOf(entry.item));
    expect(await said(before, upToRollback.sessionId)).toContain(dropped);
    const kept = await said(after, withRollback.sessionId);
    expect(kept).not.toContain(dropped);
    expect(kept).toEqual((await said(before, upToRollback.sessionId)).slice(0, kept.length));
  });

  it("names the lines it cannot read, and leaves the rest", async () => {
    const store = createMemoryRolloutStore();
    const lines = ["{not json", ...rawLines("cli-0.58-env-context.jsonl")];
    const { warnings } = await importCodexRollout(lines, { store });
    expect(warnings).toEqual([
      {
        code: "codex-rollout-lines-skipped",
        message: expect.stringContaining("(the first at line 1)"),
      },
    ]);
  });

  it("keeps the history, with a warning, at a compaction Codex wrote without its history", async () => {
    const store = createMemoryRolloutStore();
    const lines = [
      ...rawLines("cli-0.58-env-context.jsonl"),
      JSON.stringify({ type: "compacted", payload: { message: "A summary." } }),
    ];
    const withCompaction = await importCodexRollout(lines, { store });
    const without = await importCodexRollout(lines.slice(0, -1), { store });
    expect(withCompaction.items).toBe(without.items);
    expect(withCompaction.warnings).toEqual([
      ...without.warnings,
      {
        code: "codex-compaction-without-history",
        message: `1 line(s) of the Codex rollout record a compaction without its replacement history, so the history before them was kept (the first at line ${lines.length})`,
      },
    ]);
  });

  it("refuses a rollout with no history and writes nothing", async () => {
    const store = createMemoryRolloutStore();
    const meta = JSON.stringify({ type: "session_meta", payload: { id: "x", cwd: "/work" } });
    await expect(importCodexRollout([meta], { store, sessionId: "empty" })).rejects.toMatchObject({
      code: "invalid-argument",
    });
    await expect(store.read("empty")).rejects.toThrow();
    await expect(importCodexRollout("text" as never, { store })).rejects.toMatchObject({
      code: "invalid-argument",
    });
  });

  it("gives the same first request as a session created with the history", async () => {
    const name = "cli-0.79-agents-md.jsonl";
    const store = createMemoryRolloutStore();
    const { sessionId } = await importCodexRollout(fileLines(name), { store });
    const resumed = await resumeSession(store, { sessionId });
    const created = createSession({ history: resumed.history() });
    const [fromImport, fromHistory] = [
      await resumed.beginTurn(turnContext, "Next."),
      await created.beginTurn(turnContext, "Next."),
    ];
    expect(fromImport.input).toEqual(fromHistory.input);
  });
});
