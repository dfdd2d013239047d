// @ts-check
// The options `pnpm test` gives `turbo run test`, from what the user typed after `pnpm test`.

/**
 * The arguments for `turbo run test` from the ones `scripts/run-tests.mjs` was given: the `--`
 * that separates a script's own options (`pnpm test -- --filter=@ctx/text`, which pnpm passes
 * on as given) is dropped, since turbo would hand everything after it to every package's test
 * script; then `--continue=always` and `--concurrency=<cores>` are added unless given.
 * @param {readonly string[]} given
 * @param {number} cores
 * @returns {string[]}
 */
export function turboArguments(given, cores) {
  const options = given.filter((argument) => argument !== "--");
  const sets = (/** @type {string} */ option) =>
    options.some((argument) => argument === option || argument.startsWith(`${option}=`));
  return [
    ...(sets("--continue") ? [] : ["--continue=always"]),
    ...(sets("--concurrency") ? [] : [`--concurrency=${Math.max(1, cores)}`]),
    ...options,
  ];
}
