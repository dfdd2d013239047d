/**
 * A queue that runs each task after every earlier one has settled, so a session's appends name
 * the right sequence whatever order its callers race in; a failed task does not stop the next.
 */
export function createSerialQueue(): <Value>(task: () => Promise<Value>) => Promise<Value> {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
}
