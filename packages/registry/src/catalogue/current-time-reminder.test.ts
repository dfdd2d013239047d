import { describe, expect, it } from "vitest";
import { createStandardRegistry } from "../create-standard-registry.js";
import { currentTimeReminder } from "./current-time-reminder.js";

describe("currentTimeReminder", () => {
  it("gives the time in UTC, and as ISO 8601 inside its element, between Codex 0.171's markers", () => {
    const text = currentTimeReminder
      .create({ time: new Date("2026-02-26T14:05:09.999Z") })
      .render();
    expect(text).toMatch(/^<current_time_reminder>\n[^\n]*2026-02-26 14:05:09 UTC[^\n]*\n/);
    expect(text).toContain("\n<current_time_iso>2026-02-26T14:05:09Z</current_time_iso>\n");
    expect(text.endsWith("</current_time_reminder>")).toBe(true);
    expect(createStandardRegistry().classify("developer", text)?.type).toBe(
      "current_time_reminder",
    );
  });

  it("says when the clock could not be read", () => {
    const text = currentTimeReminder.create({}).render();
    expect(text).toContain("<current_time_unavailable>");
    expect(text).not.toContain("<current_time_iso>");
  });
});
