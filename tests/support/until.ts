/** Polls `check` until it holds; past `timeoutMs` it throws, naming what it waited for. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 90_000, everyMs = 200 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Reads until the value read passes `ok`, and returns it; past `ms` it throws with the last value read. */
export async function readUntil<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
