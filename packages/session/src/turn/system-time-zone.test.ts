import { describe, expect, it } from "vitest";
import { systemTimeZone } from "./system-time-zone.js";

describe("systemTimeZone", () => {
  it("names the zone as the system does: Etc/UTC where the runtime says UTC", () => {
    expect(systemTimeZone("UTC")).toBe("Etc/UTC");
    expect(systemTimeZone("")).toBe("Etc/UTC");
    expect(systemTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });

  it("reads the runtime's own zone when given none", () => {
    const runtime = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(systemTimeZone()).toBe(runtime === "UTC" ? "Etc/UTC" : runtime);
  });
});
