import { benchOptions } from "@ctx/vitest-config/bench";
import { bench, describe } from "vitest";
import { renderPermissionsInstructions } from "./render-permissions-instructions.js";

// A session renders the permissions text on every turn to see whether it changed, so it has
// to stay cheap even with everything switched on.
describe("renderPermissionsInstructions", () => {
  bench(
    "read-only, never",
    () => {
      renderPermissionsInstructions({ sandboxMode: "read-only", approvalPolicy: "never" });
    },
    benchOptions(),
  );

  bench(
    "workspace-write, on-request, every flag, 20 roots and prefixes",
    () => {
      renderPermissionsInstructions({
        writableRoots: Array.from({ length: 20 }, (_, index) => `/work/project-${index}`),
        approvalPolicy: "on-request",
        requestPermissionsTool: true,
        execPermissionApprovals: true,
        approvedCommandPrefixes: Array.from({ length: 20 }, (_, index) => [
          "tool",
          `task-${index}`,
        ]),
        deniedReads: { paths: ["/etc/shadow"], globs: ["**/*.pem"] },
      });
    },
    benchOptions(),
  );
});
