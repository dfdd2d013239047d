// A module hook that resolves every import with the `@ctx/source` export condition, as
// `node --conditions=@ctx/source` does: each @ctx package is imported from its TypeScript sources.
export function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "@ctx/source"] });
}
