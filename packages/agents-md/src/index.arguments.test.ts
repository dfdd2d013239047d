import { describe, expect, it } from "vitest";
import * as mainEntry from "./index.js";
import * as nodeEntry from "./node/index.js";

/** What `@ctx/agents-md` and `@ctx/agents-md/node` export, together. */
const agentsMd = { ...mainEntry, ...nodeEntry };
const { AgentsMdError, createMemoryFileSystem, createNodeFileSystem, discoverAgentsMd } = agentsMd;

/** Functions of the shape the Node file system calls, for an option check only (never called). */
const nodeFunctions = Object.fromEntries(
  ["close", "fstat", "open", "read", "readdir", "realpath", "stat"].map((name) => [name, () => 0]),
);

/** The error a call gave (thrown or rejected), or `undefined` when it returned normally. */
async function failureOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function expectArgumentError(call: () => unknown, argument: string): Promise<void> {
  const error = await failureOf(call);
  expect(AgentsMdError.isInstance(error), String(error)).toBe(true);
  expect(String((error as Error).message)).toContain(argument);
}

/** Wrong values for each exported function, by parameter, with the name its error must give. */
const wrongCalls: Record<string, readonly (readonly [readonly unknown[], string])[]> = {
  candidateFilenames: [
    [[null], "fallbackFilenames"],
    [[42], "fallbackFilenames"],
    [[{}], "fallbackFilenames"],
    [[[42]], "fallbackFilenames[0]"],
  ],
  createAgentsMdTracker: [
    [[null], "loaded"],
    [[42], "loaded"],
    [[{}], "loaded"],
    [[[]], "loaded"],
  ],
  createLoadedAgentsMd: [
    [[null], "data"],
    [[42], "data"],
    [[{}], "data"],
    [[[]], "data"],
    [[{ global: null, entries: [{}], environments: [], warnings: [] }], "data.entries[0]"],
  ],
  createMemoryFileSystem: [
    [[null], "entries"],
    [[42], "entries"],
    [[{ "/a": 42 }], "entries"],
    [[{ "/a": { repeat: "", bytes: 1 } }], "entries"],
    [[{ "a/AGENTS.md": "x" }], 'entries["a/AGENTS.md"]'],
    [[{ "/": "x" }], 'entries["/"]'],
    [[{ "/a\0b": "x" }], 'entries["/a\\u0000b"]'],
    [[{}, 42], "options"],
    [[{}, { device: "one" }], "options"],
  ],
  createNodeFileSystem: [
    [[null], "options"],
    [[42], "options"],
    [[{ functions: {} }], "options"],
    [[{ blocking: "yes" }], "options"],
    [[{ blocking: false, functions: nodeFunctions }], "options.blocking"],
    [[{ path: {} }], "options"],
  ],
  discoverAgentsMd: [
    [[null], "options"],
    [[42], "options"],
    [[[]], "options"],
    [[{}], "cwd"],
    [[{ cwd: 42 }], "cwd"],
    [[{ cwd: "/" }], "fs"],
  ],
  discoverAgentsMdForEnvironments: [
    [[null], "environments"],
    [[42], "environments"],
    [[{}], "environments"],
    [[[{ id: "a", cwd: "/" }], 42], "invalid options"],
    [[[{ id: "a", cwd: "/" }], null], "invalid options"],
    [[[{ id: "a", cwd: "/" }]], "environments[0].fs"],
  ],
  findImportReferences: [
    [[null], "text"],
    [[42], "text"],
    [[{}], "text"],
  ],
};

describe("every export of @ctx/agents-md and @ctx/agents-md/node", () => {
  it("has a table of wrong arguments, so a new function is covered when it is exported", () => {
    const functions = Object.entries(agentsMd)
      .filter(([name, value]) => typeof value === "function" && name !== "AgentsMdError")
      .map(([name]) => name)
      .sort();
    expect(functions).toEqual(Object.keys(wrongCalls).sort());
  });

  it.each(Object.entries(wrongCalls))(
    "%s throws AgentsMdError naming the argument",
    async (name, calls) => {
      const exported = (agentsMd as Record<string, unknown>)[name];
      if (typeof exported !== "function") throw new Error(`${name} is not a function`);
      for (const [values, argument] of calls) {
        await expectArgumentError(() => exported(...values), argument);
      }
    },
  );

  it("checks the arguments of every method it hands out", async () => {
    const fs = createMemoryFileSystem({ "/r/.git": { directory: true }, "/r/AGENTS.md": "x" });
    const loaded = await discoverAgentsMd({ cwd: "/r", fs });
    const tracker = agentsMd.createAgentsMdTracker(loaded, { fs });
    const node = createNodeFileSystem();
    const opened = await fs.open("/r/AGENTS.md");
    const methods: (readonly [() => unknown, string])[] = [
      [() => tracker.forPath(42 as never), "file"],
      [() => tracker.forPath(null as never), "file"],
      [() => tracker.forDirectory({} as never), "directory"],
      [() => fs.stat(42 as never), "path"],
      [() => fs.realpath(null as never), "path"],
      [() => fs.open([] as never), "path"],
      [() => fs.open("/r/AGENTS.md", 42 as never), "options"],
      [() => fs.set(42 as never, "x"), "path"],
      [() => fs.set("/r/x.md", 42 as never), "entry"],
      [() => fs.remove(null as never), "path"],
      // A path that is not absolute, or that holds a NUL byte: an argument error, not an EINVAL.
      [() => fs.stat("r/AGENTS.md"), "path"],
      [() => fs.readdir("/r\0", { maxEntries: 1 }), "path"],
      [() => fs.set("/", "x"), "path"],
      [() => fs.remove("AGENTS.md"), "path"],
      [() => opened.read(Number.NaN), "maxBytes"],
      [() => opened.read(-1), "maxBytes"],
      [() => node.stat(42 as never), "path"],
      [() => node.realpath(undefined as never), "path"],
      [() => node.open({} as never), "path"],
      [() => node.stat("/r\0"), "path"],
      [() => node.readdir("/\0", { maxEntries: 1 }), "path"],
    ];
    for (const [call, argument] of methods) await expectArgumentError(call, argument);
    expect([loaded.text(), loaded.sources(), loaded.isEmpty()]).toEqual([
      "x",
      ["/r/AGENTS.md"],
      false,
    ]);
  });
});
