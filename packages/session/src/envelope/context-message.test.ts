import { environmentContext, permissionsInstructions } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { createContextMessage } from "./context-message.js";

describe("createContextMessage", () => {
  it("refuses no fragment, naming the argument", () => {
    const attempt = () => createContextMessage("developer", []);
    expect(attempt).toThrowError(SessionError);
    expect(attempt).toThrowError("invalid fragments: a context message needs a fragment");
  });

  it("refuses a fragment of the other role, naming it", () => {
    const environment = environmentContext.create({ environments: [{ id: "local", cwd: "/a" }] });
    const attempt = () =>
      createContextMessage("developer", [
        permissionsInstructions.create({ text: "Read only." }),
        environment,
      ]);
    expect(attempt).toThrowError(
      'invalid fragments: the user fragment "environment_context" cannot travel in a developer message',
    );
  });
});
