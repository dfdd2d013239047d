/** The two ways the Node file system makes its calls; a test on disk runs in both. */
export const nodeModes = [
  { mode: "callback", blocking: false },
  { mode: "blocking", blocking: true },
] as const;
