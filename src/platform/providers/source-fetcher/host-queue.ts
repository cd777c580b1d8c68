/** One request at a time per host: each call waits for the previous one on the same host to settle. */
export function createHostQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(host) ?? Promise.resolve();
    const current = previous.then(task, task);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    tails.set(host, settled);
    try {
      return await current;
    } finally {
      if (tails.get(host) === settled) tails.delete(host);
    }
  };
}

export type HostQueue = ReturnType<typeof createHostQueue>;
