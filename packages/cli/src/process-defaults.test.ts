import { describe, expect, it } from "vitest";
import { processDefaults } from "./process-defaults.js";

const surroundings = (env: Record<string, string>) => ({
  stdout: { write: () => true },
  stderr: { write: () => true },
  env,
  cwd: "/",
});

describe("processDefaults", () => {
  it("takes the shell's name and the time zone from the given environment", () => {
    expect(processDefaults(surroundings({ SHELL: "/bin/zsh", TZ: "Europe/Paris" }))).toEqual({
      shell: "zsh",
      timeZone: "Europe/Paris",
    });
    expect(processDefaults(surroundings({ TZ: "UTC" }))).toEqual({
      shell: "bash",
      timeZone: "Etc/UTC",
    });
  });

  it("leaves the time zone to the system when TZ is unset or names no zone", () => {
    expect(processDefaults(surroundings({}))).toEqual({ shell: "bash" });
    expect(processDefaults(surroundings({ TZ: "" }))).toEqual({ shell: "bash" });
    expect(processDefaults(surroundings({ TZ: "Nowhere/Land" }))).toEqual({ shell: "bash" });
  });
});
