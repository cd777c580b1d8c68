import { Inngest } from "inngest";
import { env } from "~/platform/env/env.js";

export const inngest = new Inngest({
  id: "riesgos-ia",
  ...(env.INNGEST_DEV ? { isDev: true } : {}),
  ...(env.INNGEST_BASE_URL ? { baseUrl: env.INNGEST_BASE_URL } : {}),
  ...(env.INNGEST_EVENT_KEY ? { eventKey: env.INNGEST_EVENT_KEY } : {}),
  // The SDK sets no timeout of its own: a hung Inngest must not hang the request that enqueues.
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(10_000) }),
});
