import { lazySchemaBuilds } from "@ctx/protocol/internal";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it, vi } from "vitest";
import { createSession } from "./index.js";

// Every schema of this repository starts with a call of one of zod's factories (`z.object`,
// `z.string`, …): this module graph's `z` counts those calls from before the imports above run
// (`vi.mock` comes first). The file runs in a module graph of its own (see vitest.config.ts), so
// they are the package's first import.
const factoryCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("zod", async (importOriginal) => {
  const zod = await importOriginal<typeof import("zod")>();
  const counted = new Map<PropertyKey, unknown>();
  const z = new Proxy(zod.z, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      // Lowercase names are the factories; the classes (`ZodString`, …) pass through untouched.
      if (typeof value !== "function" || typeof key !== "string" || !/^[a-z]/.test(key)) {
        return value;
      }
      if (!counted.has(key)) {
        counted.set(key, (...args: unknown[]) => {
          factoryCalls.count += 1;
          return Reflect.apply(value, target, args);
        });
      }
      return counted.get(key);
    },
  });
  return { ...zod, z };
});

describe('import("@ctx/session")', () => {
  it("builds no schema until a call parses with one", async () => {
    expect(factoryCalls.count).toBe(0);
    expect(lazySchemaBuilds()).toBe(0);

    const session = createSession({ store: createMemoryRolloutStore() });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
      "hello",
    );
    expect(factoryCalls.count).toBeGreaterThan(0);
    expect(lazySchemaBuilds()).toBeGreaterThan(0);
  });
});
