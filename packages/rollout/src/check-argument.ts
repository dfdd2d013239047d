import { createSchemaChecker, type SchemaChecker } from "@ctx/protocol/internal";
import { RolloutError } from "./rollout-error.js";

/** The shared schema check, refusing with a {@link RolloutError} `invalid-argument`. */
export const checkSchema: SchemaChecker = createSchemaChecker(RolloutError.fromIssues);
