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
