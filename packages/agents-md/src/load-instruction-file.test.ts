import { describe, expect, it } from "vitest";
import { budgetCutWarning } from "./__fixtures__/budget-cut-warning.js";
import { createCountingFileSystem } from "./__fixtures__/counting-file-system.js";
import { type InstructionFileRequest, loadInstructionFile } from "./load-instruction-file.js";
import type { MemoryEntry } from "./memory-entry.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { closeOpened, openCheckedFile } from "./read-checked-file.js";

async function load(entry: MemoryEntry, overrides: Partial<InstructionFileRequest> = {}) {
  const fs = createCountingFileSystem(createMemoryFileSystem({ "/repo/AGENTS.md": entry }));
  const stat = await fs.stat("/repo/AGENTS.md");
  fs.reset();
  const opened = await openCheckedFile(fs, "/repo/AGENTS.md", {
    identity: stat.identity,
    noFollow: false,
  });
  const outcome = await loadInstructionFile({
    path: "/repo/AGENTS.md",
    opened,
    environment: "local",
    allowance: 32_768,
    limit: "budget",
    trim: false,
    truncationNote: false,
    imports: null,
    ...overrides,
  });
  await closeOpened(opened);
  return { ...outcome, fs };
}

describe("loadInstructionFile", () => {
  it("keeps a file that fits as it is, trailing newline, BOM and CRLF included", async () => {
    const { file, cost, warnings } = await load("\ufeffone\r\ntwo\n");
    expect(file?.text).toBe("\ufeffone\r\ntwo\n");
    expect(cost).toBe(12);
    expect(file?.cut).toBeNull();
    expect(warnings).toEqual([]);
  });

  it("cuts the file that crosses the allowance at the byte and says where", async () => {
    const { file, cost, warnings } = await load("abcdef", { allowance: 3 });
    expect(file).toMatchObject({
      text: "abc",
      bytes: 6,
      keptBytes: 3,
      cut: { at: 3, droppedBytes: 3 },
    });
    expect(cost).toBe(3);
    expect(warnings).toEqual([budgetCutWarning("/repo/AGENTS.md", 6, 3)]);
  });

  it("shows a character split by the cut as U+FFFD, flags it, and does not call it invalid", async () => {
    const { file, warnings } = await load("h\u00e9llo", { allowance: 2 });
    expect(file?.text).toBe("h\ufffd");
    expect(file?.cut?.splitCharacter).toBe(true);
    expect(warnings.map((warning) => warning.code)).toEqual(["file-cut"]);
  });

  it("reads no more than the allowance and three bytes of a 1 GB file", async () => {
    const { fs, file } = await load({ repeat: "rules ", bytes: 1_000_000_000 }, { allowance: 100 });
    expect(fs.calls).toEqual([
      { operation: "open", path: "/repo/AGENTS.md", maxBytes: 103, bytes: 103 },
    ]);
    expect(file).toMatchObject({ bytes: 1_000_000_000, bytesRead: 103, keptBytes: 100 });
  });

  it("decodes invalid UTF-8 lossily and warns", async () => {
    const { file, warnings } = await load(Uint8Array.of(0x70, 0xff, 0x71));
    expect(file?.text).toBe("p\ufffdq");
    expect(warnings.map((warning) => warning.code)).toEqual(["invalid-utf8"]);
  });

  it("skips a binary file with a warning, at no cost (the reference passes it to the model)", async () => {
    const { file, cost, warnings } = await load(Uint8Array.of(0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01));
    expect(file).toBeNull();
    expect(cost).toBe(0);
    expect(warnings.map((warning) => warning.code)).toEqual(["binary-file"]);
  });

  it("skips a blank file at no cost", async () => {
    const { file, cost, warnings } = await load(" \n\t\r\n");
    expect(file).toBeNull();
    expect(cost).toBe(0);
    expect(warnings).toEqual([
      expect.objectContaining({ code: "file-skipped", reason: "white-space-only", bytes: 5 }),
    ]);
  });

  it("skips a file whose part within the allowance is blank, at no cost", async () => {
    const { file, cost, warnings } = await load("   abc", { allowance: 3 });
    expect(file).toBeNull();
    expect(cost).toBe(0);
    expect(warnings).toEqual([expect.objectContaining({ reason: "blank-within-budget" })]);
  });

  it("trims when asked (the global file) and skips what is blank after trimming", async () => {
    expect((await load("\n  global \n", { trim: true })).file?.text).toBe("global");
    expect((await load("\u0085 \n", { trim: true })).file).toBeNull();
  });

  it("adds a note where the file was cut, without counting it", async () => {
    const { file, cost } = await load("abcdef", { allowance: 3, truncationNote: true });
    expect(file?.text).toBe(
      "abc\n\n[Cut short: only the first 3 of 6 bytes of /repo/AGENTS.md fit the instruction budget. Read that file for the rest.]",
    );
    expect(cost).toBe(3);
  });

  it("turns a file that vanished before the read into a warning", async () => {
    const { file, warnings } = await load({ file: "x", readError: "ENOENT" });
    expect(file).toBeNull();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "read-failed",
        operation: "read",
        reason: "not-found",
        errorCode: "ENOENT",
      }),
    ]);
  });

  it("turns a permission error into a warning", async () => {
    const { warnings } = await load({ file: "x", readError: "EACCES" });
    expect(warnings).toEqual([expect.objectContaining({ reason: "permission-denied" })]);
  });
});
