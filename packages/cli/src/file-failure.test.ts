import { mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-error.js";
import { type FileAction, fileFailure, systemFailure } from "./file-failure.js";

/** What reading `path` was refused with. */
async function refusal(path: string): Promise<unknown> {
  return readFile(path).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("fileFailure", () => {
  it("names the path in a plain sentence, never the system's code", async () => {
    const folder = await realpath(await mkdtemp(join(tmpdir(), "ctx-file-failure-")));
    await writeFile(join(folder, "file"), "text");
    const cases: [string, FileAction, string][] = [
      [join(folder, "missing"), "read", `${folder}/missing does not exist`],
      [
        join(folder, "missing"),
        "write",
        `cannot write ${folder}/missing: its folder does not exist`,
      ],
      [folder, "read", `${folder} is a folder, not a file`],
      [
        join(folder, "file", "below"),
        "read",
        `cannot read ${folder}/file/below: a part of its path is a file, not a folder`,
      ],
    ];
    for (const [path, action, message] of cases) {
      const error = fileFailure(await refusal(path), path, action);
      expect(CliError.isInstance(error)).toBe(true);
      expect(error.code).toBe("failure");
      expect(error.message).toBe(message);
    }
  });

  it("keeps the system's description of a refusal it has no sentence for, without its code", () => {
    const error = Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" });
    expect(fileFailure(error, "/dev/sdz", "read").message).toBe("cannot read /dev/sdz: i/o error");
  });

  it("keeps the message of an error that is not the system's", () => {
    const error = new Error("the store is closed");
    expect(fileFailure(error, "/s", "list").message).toBe("cannot list /s: the store is closed");
    expect(fileFailure(error, "/s", "list").cause).toBe(error);
  });
});

describe("systemFailure", () => {
  it("turns a refusal no command caught into the sentence naming its path", async () => {
    const missing = join(tmpdir(), "ctx-no-such-folder", "rollout.jsonl");
    const reported = systemFailure(await refusal(missing));
    expect(CliError.isInstance(reported)).toBe(true);
    expect((reported as CliError).message).toBe(`${missing} does not exist`);
  });

  it("returns any other error as it is", () => {
    const bug = new TypeError("x is undefined");
    expect(systemFailure(bug)).toBe(bug);
    const failure = new CliError("usage", "wrong");
    expect(systemFailure(failure)).toBe(failure);
  });
});
