import type { CtxWarning } from "@ctx/text";

/**
 * A turn's warnings for a person at the command line, where the library's advice cannot be
 * followed: the session's `unknown-model` warning (which names an option of `createSession`)
 * says instead where the models `ctx` knows are listed, for the turn's `model`.
 */
export function cliWarnings(warnings: readonly CtxWarning[], model: string): CtxWarning[] {
  return warnings.map((warning) => {
    if (warning.code !== "unknown-model") return warning;
    return {
      code: warning.code,
      message: `the model "${model}" is not one ctx knows, so the catalog's fallback instructions are shown for it (ctx context --help lists the models it knows)`,
    };
  });
}
