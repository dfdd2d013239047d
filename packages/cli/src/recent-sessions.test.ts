import { mkdir, mkdtemp, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRecentSessions } from "./recent-sessions.js";

describe("findRecentSessions", () => {
  it("opens at most scanLimit Codex rollouts, newest day first, and skips what is not one", async () => {
    const home = await realpath(await mkdtemp(join(tmpdir(), "ctx-recent-")));
    for (const day of ["01", "02", "03"]) {
      const folder = join(home, "sessions", "2026", "07", day);
      await mkdir(folder, { recursive: true });
      const meta = { type: "session_meta", payload: { id: `s${day}`, cwd: "/repo" } };
      await writeFile(join(folder, `rollout-${day}.jsonl`), `${JSON.stringify(meta)}\n`);
      await writeFile(join(folder, `rollout-${day}-broken.jsonl`), "root:x:0:0\n");
    }
    const options = { cwd: "/repo", codexHome: home, limit: 10 };
    const ids = async (scanLimit: number) =>
      (await findRecentSessions({ ...options, scanLimit })).map((session) => session.id);
    expect(await ids(100)).toEqual(expect.arrayContaining(["s03", "s02", "s01"]));
    expect(await ids(4)).toEqual(expect.arrayContaining(["s03", "s02"]));
    expect(await ids(4)).toHaveLength(2);
    await expect(findRecentSessions({ ...options, scanLimit: 0 })).rejects.toThrow(
      "scanLimit must be a positive integer, not 0",
    );
  });
});
