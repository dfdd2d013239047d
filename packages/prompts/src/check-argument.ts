import { createSchemaChecker, issuesInArgument, type SchemaChecker } from "@ctx/protocol/internal";
import { PermissionsPolicyError } from "./permissions-policy-error.js";
import { PromptsError } from "./prompts-error.js";

/** The shared schema check, refusing with a {@link PromptsError} `invalid-argument`. */
export const checkSchema: SchemaChecker = createSchemaChecker(PromptsError.forArgument);

/**
 * The shared schema check of a permissions policy and its text overrides, refusing with a
 * {@link PermissionsPolicyError}; the paths of problems in the overrides start with `overrides`.
 */
export const checkPolicy: SchemaChecker = createSchemaChecker((argument, issues) =>
  argument === "overrides"
    ? PermissionsPolicyError.fromIssues(issuesInArgument(argument, issues), "overrides")
    : PermissionsPolicyError.fromIssues(issues),
);
