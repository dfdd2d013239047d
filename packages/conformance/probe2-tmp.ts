import { mkdtemp, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { runCodex } from "./src/codex-cli.js";
import { startMockResponsesServer } from "./src/mock-responses-server.js";
const home = await mkdtemp(join(tmpdir(), "moves-probe2-"));
const work = join(home, "work"); await mkdir(work);
const mock = await startMockResponsesServer(() => ({ text: "Done.", totalTokens: 100 }));
await writeFile(join(home, "config.toml"), [
 `model_provider = "mock"`, `[model_providers.mock]`, `name = "mock"`, `base_url = "${mock.baseUrl}"`,
 `wire_api = "responses"`, `env_key = "K"`, `request_max_retries = 0`, `stream_max_retries = 0`, `supports_websockets = false`, ""].join("\n"));
const id = process.argv[2] === "v7" ? "01a2526b-9063-7441-becf-98fedc2ce2aa" : randomUUID();
const now = new Date().toISOString();
const dir = join(home, "sessions", now.slice(0,4), now.slice(5,7), now.slice(8,10)); await mkdir(dir, { recursive: true });
const lines = [
 { timestamp: now, type: "session_meta", payload: { id, timestamp: now, cwd: work, originator: "ctx", cli_version: "0.171.0", source: "exec" } },
 { timestamp: now, type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "MARKER-USER-1" }] } },
 { timestamp: now, type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "MARKER-ASSISTANT-1" }] } },
];
await writeFile(join(dir, `rollout-${now.slice(0,19).replaceAll(":", "-")}-${id}.jsonl`), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
try {
const out2 = await runCodex({ cwd: work, home, args: ["exec", "resume", "--json", "--skip-git-repo-check", id, "Second prompt."], env: { K: "x" } });
console.log(out2);
} catch (e) { console.log(String(e).slice(0, 3000)); }
for (const q of mock.requests) console.log(JSON.stringify((q.input as any[]).map((i) => [i.type, i.role, JSON.stringify(i.content ?? "").slice(0, 80)])));
await mock.close();
console.log(home);
