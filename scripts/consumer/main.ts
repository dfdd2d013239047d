// The program `scripts/consumer-check.mjs` type-checks and runs in a fresh project, against the
// packed tarballs installed with npm, as a user outside this repository would. It imports every
// public package (the check refuses to run when one is missing here) and fails on any surprise.
import { strict as assert } from "node:assert";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discoverAgentsMd } from "@ctx/agents-md";
import { createNodeFileSystem } from "@ctx/agents-md/node";
import { toPrompt } from "@ctx/ai-sdk";
import { toMessagesParams } from "@ctx/anthropic";
import { readCodexConfig } from "@ctx/codex-config";
import { gitStatus } from "@ctx/fragment-git-status";
import { readGitStatus } from "@ctx/fragment-git-status/node";
import { defineFragment } from "@ctx/fragments";
import { toChatCompletionsParams, toResponsesParams } from "@ctx/openai";
import {
  defaultModelCatalog,
  renderPermissionsInstructions,
  resolveBaseInstructions,
} from "@ctx/prompts";
import { parseResponseItem, safeParseResponseItem } from "@ctx/protocol";
import { agentsMdInstructions, createStandardRegistry, environmentContext } from "@ctx/registry";
import { createMemoryRolloutStore, RolloutConflictError } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createPostgresRolloutStore } from "@ctx/rollout-postgres";
import { createSession, resumeSession } from "@ctx/session";
import { discoverSkills } from "@ctx/skills";
import { CtxError, escapeXml, truncateMiddle, utf8ByteLength } from "@ctx/text";

// protocol: items from disk are checked, and a bad one says where it is wrong.
const item = parseResponseItem(
  JSON.parse('{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}'),
);
assert.equal(item.type, "message");
const bad = safeParseResponseItem({ type: "message", role: "user", content: [{}] });
assert.ok(!bad.success && bad.error instanceof CtxError);

// fragments and registry: a team's own kind beside the standard catalogue.
const reviewNote = defineFragment({
  type: "review_note",
  role: "developer",
  markers: { start: "<review_note>", end: "</review_note>" },
  body: (note: { text: string }, { untrusted }) => `\n${untrusted(note.text)}\n`,
});
const registry = createStandardRegistry([reviewNote]);
const note = reviewNote.create({ text: "a</review_note>b" });
assert.equal(registry.classify("developer", note.render())?.type, "review_note");
assert.equal(registry.classify("user", "Please fix the failing test."), undefined);

// agents-md on the real file system: a repository with rules at its root.
const repository = await realpath(await mkdtemp(join(tmpdir(), "ctx-consumer-")));
try {
  await mkdir(join(repository, ".git"));
  await writeFile(join(repository, "AGENTS.md"), "Run the tests before committing.\n");
  const loaded = await discoverAgentsMd({ cwd: repository, fs: createNodeFileSystem() });
  assert.deepEqual(loaded.sources(), [join(repository, "AGENTS.md")]);
  const rules = agentsMdInstructions.create({ directory: repository, text: loaded.text() });
  assert.equal(registry.classify("user", rules.render())?.type, "agents_md_instructions");
  // skills beside it, found through the same project folders.
  await mkdir(join(repository, ".agents", "skills", "release"), { recursive: true });
  await writeFile(
    join(repository, ".agents", "skills", "release", "SKILL.md"),
    "---\nname: release\ndescription: Cut a release.\n---\n",
  );
  const skills = await discoverSkills({
    directories: loaded.environments[0]?.directories ?? [repository],
    fs: createNodeFileSystem(),
  });
  assert.deepEqual(skills.catalogue().skills, [
    { name: "release", description: "Cut a release.", path: "r0/release/SKILL.md" },
  ]);
  // codex-config: a Codex home that trusts the repository, read on the real file system.
  const home = join(repository, ".codex-home");
  await mkdir(home);
  await writeFile(
    join(home, "config.toml"),
    `[projects.${JSON.stringify(repository)}]\ntrust_level = "trusted"\n`,
  );
  const config = await readCodexConfig({ home, cwd: repository, fs: createNodeFileSystem() });
  assert.equal(config.trust.level, "trusted");
  assert.equal(config.environment.sandboxMode, "workspace-write");
} finally {
  await rm(repository, { recursive: true, force: true });
}
const environment = environmentContext.create({
  environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
  currentDate: "2026-02-26",
});
assert.equal(registry.classify("user", environment.render())?.type, "environment_context");

// prompts: what the model is told before any fragment.
const instructions = resolveBaseInstructions({ model: defaultModelCatalog.get("ctx-coder") });
assert.ok(instructions.length > 0);
const permissions = renderPermissionsInstructions({
  sandboxMode: "read-only",
  approvalPolicy: "never",
});
assert.ok(permissions.includes("\n"));

// text: the shared rules, byte-exact.
assert.equal(utf8ByteLength("é😀"), 6);
assert.equal(escapeXml("<a & b>"), "&lt;a &amp; b&gt;");
assert.ok(truncateMiddle("x".repeat(10_000), 10).text.length < 10_000);

// session and fragment-git-status: two turns with a team's extension kind, persisted to a JSONL
// rollout and resumed from it.
const rollouts = await mkdtemp(join(tmpdir(), "ctx-consumer-rollouts-"));
try {
  const store = createJsonlRolloutStore(rollouts);
  const sessionRegistry = createStandardRegistry([gitStatus]);
  const session = createSession({ registry: sessionRegistry, store });
  const turn = (changedFiles: number) => ({
    model: "ctx-coder",
    environments: [{ id: "local", cwd: "/repo", shell: "bash" }],
    extensions: { git_status: { branch: "main", ahead: 0, behind: 0, changedFiles } },
  });
  const first = await session.beginTurn(turn(1), "What changed?");
  assert.ok(first.input.length >= 2);
  const second = await session.beginTurn(turn(1), "And now?");
  assert.equal(second.input.length, first.input.length + 1);
  const resumed = await resumeSession(store, { sessionId: session.id, registry: sessionRegistry });
  const third = await resumed.beginTurn(turn(3), "After my edit?");
  assert.equal(third.input.length, second.input.length + 2);

  // The adapters: the same request as each client's parameters.
  const responses = toResponsesParams(third, { promptCacheKey: session.id });
  assert.equal(responses.input.length, third.input.length);
  assert.equal(responses.prompt_cache_key, session.id);
  assert.ok(toChatCompletionsParams(third).messages.length > 0);
  assert.ok(toMessagesParams(third).messages.length > 0);
  assert.ok(toPrompt(third).messages.length > 0);
  await store.close();
} finally {
  await rm(rollouts, { recursive: true, force: true });
}
assert.equal(await readGitStatus(tmpdir()), undefined);

// rollout: a session in the memory store; a second writer at a taken sequence changes nothing.
const memoryStore = createMemoryRolloutStore();
const inMemory = createSession({ store: memoryStore });
await inMemory.beginTurn(
  { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
  "Hello.",
);
const stale = await memoryStore
  .append({
    sessionId: inMemory.id,
    expectedSequence: 0,
    appendId: "stale",
    records: [{ type: "note", payload: null }],
  })
  .catch((error: unknown) => error);
assert.ok(RolloutConflictError.isInstance(stale));
assert.equal((await resumeSession(memoryStore, { sessionId: inMemory.id })).history().length, 2);

// rollout-postgres: the store is built without connecting (the pool connects on first use).
const postgresStore = createPostgresRolloutStore({ url: "postgres://ctx@127.0.0.1:9/none" });
await postgresStore.close();

process.stdout.write("consumer: every public package installed, type-checked and ran\n");
