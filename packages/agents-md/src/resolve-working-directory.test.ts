import { describe, expect, it } from "vitest";
import { AgentsMdError } from "./agents-md-error.js";
import { createDirectoryLister } from "./directory-lister.js";
import { createMemoryFileSystem } from "./memory-file-system.js";
import { resolveWorkingDirectory } from "./resolve-working-directory.js";

const fs = createMemoryFileSystem({
  "/real/project/src": { directory: true },
  "/link": { symlink: "/real/project" },
  "/file.txt": "not a directory",
  "/loop": { symlink: "/loop" },
  "/locked": { error: "EACCES" },
});

async function errorOf(cwd: string): Promise<AgentsMdError> {
  try {
    await resolveWorkingDirectory(fs, createDirectoryLister(fs), cwd, "local");
  } catch (error) {
    if (AgentsMdError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an AgentsMdError");
}

describe("resolveWorkingDirectory", () => {
  it("gives the physical path of a symlinked working directory", async () => {
    expect(await resolveWorkingDirectory(fs, createDirectoryLister(fs), "/link/src", "local")).toBe(
      "/real/project/src",
    );
  });

  it("throws cwd-not-found for a missing directory or a symlink loop", async () => {
    const missing = await errorOf("/nowhere");
    expect(missing).toMatchObject({
      code: "cwd-not-found",
      path: "/nowhere",
      environment: "local",
    });
    expect(missing.message).toBe(
      'working directory /nowhere (environment "local") cannot be used: it does not exist',
    );
    expect((await errorOf("/loop")).code).toBe("cwd-not-found");
  });

  it("throws cwd-not-a-directory for a file", async () => {
    expect((await errorOf("/file.txt")).code).toBe("cwd-not-a-directory");
  });

  it("throws cwd-inaccessible when the directory cannot be reached", async () => {
    expect((await errorOf("/locked/inside")).code).toBe("cwd-inaccessible");
  });
});
