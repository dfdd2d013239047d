import { createSchemaChecker, type SchemaChecker } from "@ctx/protocol/internal";
import { RolloutError } from "@ctx/rollout";

/** The shared schema check, refusing with a `RolloutError` `invalid-argument` as every store does. */
export const checkSchema: SchemaChecker = createSchemaChecker(RolloutError.fromIssues);
