// `@ctx/rollout/internal`: what the stores of this repository share beyond the public store
// toolkit. It is not public: it may change in any release, and a store of your own should not
// import it.
export { parseRolloutArgument } from "../parse-rollout-argument.js";
