import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One e-mail the fake accepted (the bodies only when `keepBodies`). */
export interface Delivery {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  headers: Record<string, string>;
  idempotencyKey?: string;
  /** The id the fake answered for this e-mail, and the tags it was sent with (what Resend's webhooks echo). */
  emailId?: string;
  tags?: { name: string; value: string }[];
}

/**
 * A scripted answer to the next call of an endpoint (`times` calls; Infinity until heal()): an error status
 * before anything is delivered (429 carries Retry-After), `lost` — delivered and remembered under its
 * idempotency key, but the answer never comes (the client times out) — or `pass`, normal service.
 */
export type ResendFault =
  | { status: number; retryAfter?: number; times?: number }
  | { lost: true; times?: number }
  | { pass: true; times?: number };

type Endpoint = "/emails" | "/emails/batch";

/** One call as the fake saw it: when, under which key, and what became of it. */
export interface ResendCall {
  path: Endpoint;
  idempotencyKey?: string;
  at: number;
  outcome: "delivered" | "replayed" | "lost" | number;
}

interface Options {
  /** Keep html/text of every delivery (off for the 100k bench). */
  keepBodies?: boolean;
  /** Resend's rate limit: more than this many requests within one second are answered 429. */
  maxPerSecond?: number;
}

/**
 * A loopback HTTP server speaking the parts of the Resend API the site uses (POST /emails, POST /emails/batch)
 * with Resend's semantics: Bearer auth, ≤ 100 e-mails per batch, and idempotency keys — a repeated key with
 * the same payload gets the first answer and delivers nothing; with a different payload, 409
 * invalid_idempotent_request. Fault injection: a crash after N batches, or scripted answers per endpoint.
 */
export class FakeResend {
  readonly deliveries: Delivery[] = [];
  readonly perRecipient = new Map<string, number>();
  batchCalls = 0;
  readonly calls: ResendCall[] = [];
  private readonly faults: Record<Endpoint, { fault: ResendFault; left: number }[]> = {
    "/emails": [],
    "/emails/batch": [],
  };
  private readonly idem = new Map<string, { hash: string; status: number; body: unknown }>();
  private server?: http.Server;
  private crashAfter: number | null = null;
  private crashed = false;
  /** A provider outage: every call is answered `status` for `ms` from the first call after `afterBatchCalls`. */
  private outage: { status: number; ms: number; afterBatchCalls: number; until: number | null } | null = null;
  /** A brownout: every `every`-th batch call is answered 500. */
  private brownoutEvery: number | null = null;
  private acceptedBatches = 0;

  /** Requests per second beyond which the fake answers 429 (changeable between cases). */
  maxPerSecond: number | undefined;

  constructor(private readonly opts: Options = {}) {
    this.maxPerSecond = opts.maxPerSecond;
  }

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => {
      // When the request arrived, not when its body was read: a big body must not shift the rate measured.
      const arrived = Date.now();
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          this.handle(req, Buffer.concat(chunks).toString("utf8"), res, arrived);
        } catch (err) {
          send(res, 500, { name: "application_error", message: String(err) });
        }
      });
    });
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** After `n` more accepted batches, the next one is delivered but answered 500 (the "crash"); then all fail. */
  crashAfterBatches(n: number) {
    this.crashAfter = this.acceptedBatches + n;
  }

  /** The next calls to `endpoint` get these answers, in order; then normal service resumes. */
  script(endpoint: Endpoint, ...faults: ResendFault[]) {
    for (const fault of faults) this.faults[endpoint].push({ fault, left: fault.times ?? 1 });
  }

  /** Forgets every delivery, call and idempotency key (a new case on the same server). */
  reset() {
    this.heal();
    this.deliveries.length = 0;
    this.perRecipient.clear();
    this.calls.length = 0;
    this.idem.clear();
    this.batchCalls = 0;
    this.acceptedBatches = 0;
  }

  /**
   * Every call is answered `status` (500: Resend is down) for `ms`, then normal service resumes. The outage
   * begins now, or once `afterBatchCalls` more batch calls went through (in the middle of a send).
   */
  outageFor(ms: number, { status = 500, afterBatchCalls = 0 } = {}) {
    const startsNow = afterBatchCalls === 0;
    this.outage = {
      status,
      ms,
      afterBatchCalls: this.batchCalls + afterBatchCalls,
      until: startsNow ? Date.now() + ms : null,
    };
  }

  /** One batch call in `every` (the `every`-th, the 2×`every`-th…) is answered 500: a provider brownout. */
  brownout(every: number) {
    this.brownoutEvery = every;
  }

  heal() {
    this.crashAfter = null;
    this.crashed = false;
    this.outage = null;
    this.brownoutEvery = null;
    this.faults["/emails"].length = 0;
    this.faults["/emails/batch"].length = 0;
  }

  private nextFault(endpoint: Endpoint): ResendFault | undefined {
    const queue = this.faults[endpoint];
    const head = queue[0];
    if (!head) return undefined;
    if (--head.left <= 0) queue.shift();
    return head.fault;
  }

  receivedBy(email: string) {
    return this.perRecipient.get(email.toLowerCase()) ?? 0;
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse, arrived = Date.now()) {
    if (!/^Bearer re_\S+/.test(String(req.headers.authorization ?? "")))
      return send(res, 401, { name: "missing_api_key", message: "Missing API key" });
    if (req.method !== "POST" || (req.url !== "/emails" && req.url !== "/emails/batch"))
      return send(res, 404, { name: "not_found", message: "Not found" });
    const endpoint = req.url as Endpoint;
    const isBatch = endpoint === "/emails/batch";
    if (isBatch) this.batchCalls++;
    if (this.crashed) return send(res, 500, { name: "internal_server_error", message: "crashed" });

    const key = req.headers["idempotency-key"] as string | undefined;
    const call: ResendCall = { path: endpoint, idempotencyKey: key, at: arrived, outcome: "delivered" };
    this.calls.push(call);
    const limit = this.maxPerSecond;
    if (limit !== undefined) {
      const recent = this.calls.filter((c) => c.at > call.at - 1000 && c.outcome !== 429).length;
      if (recent > limit) {
        call.outcome = 429;
        return send(
          res,
          429,
          {
            name: "rate_limit_exceeded",
            message: "Too many requests. Please limit the number of requests per second.",
          },
          { "retry-after": "1" },
        );
      }
    }
    const outage = this.outage;
    if (outage && outage.until === null && this.batchCalls > outage.afterBatchCalls) outage.until = arrived + outage.ms;
    const down = outage?.until != null && arrived < outage.until ? outage.status : null;
    const browned = isBatch && this.brownoutEvery !== null && this.batchCalls % this.brownoutEvery === 0;
    const fault = down !== null ? { status: down } : browned ? { status: 500 } : this.nextFault(endpoint);
    if (fault && "status" in fault) {
      call.outcome = fault.status;
      if (fault.status === 429)
        return send(
          res,
          429,
          {
            name: "rate_limit_exceeded",
            message: "Too many requests. Please limit the number of requests per second.",
          },
          { "retry-after": String(fault.retryAfter ?? 1) },
        );
      return send(res, fault.status, { name: "internal_server_error", message: "An unexpected error occurred." });
    }

    const hash = createHash("sha256").update(raw).digest("hex");
    if (key) {
      const prev = this.idem.get(key);
      if (prev && prev.hash !== hash) {
        call.outcome = 409;
        return send(res, 409, { name: "invalid_idempotent_request", message: "Key reused with a different payload" });
      }
      if (prev) {
        call.outcome = "replayed";
        return send(res, prev.status, prev.body);
      }
    }
    const payload = JSON.parse(raw) as unknown;
    const emails = (isBatch ? payload : [payload]) as Record<string, unknown>[];
    if (!Array.isArray(emails) || emails.length === 0 || emails.length > 100)
      return send(res, 422, { name: "validation_error", message: "A batch holds 1 to 100 e-mails" });
    for (const e of emails) {
      if (typeof e.from !== "string" || typeof e.subject !== "string" || !e.to)
        return send(res, 422, { name: "validation_error", message: "from, to and subject are required" });
    }
    const ids = emails.map(() => ({ id: randomUUID() }));
    for (const [i, e] of emails.entries()) this.record(e, key, ids[i]!.id);
    const body = isBatch ? { data: ids } : ids[0];
    if (key) this.idem.set(key, { hash, status: 200, body });
    if (fault && "lost" in fault) {
      call.outcome = "lost";
      return; // delivered, but the answer never leaves: close() drops the connection
    }

    if (isBatch) {
      this.acceptedBatches++;
      if (this.crashAfter !== null && this.acceptedBatches > this.crashAfter) {
        // Delivered, but the answer is lost: exactly what a crash between "sent" and "marked sent" looks like.
        this.crashed = true;
        return send(res, 500, { name: "internal_server_error", message: "crashed after delivering" });
      }
    }
    return send(res, 200, body);
  }

  private record(e: Record<string, unknown>, key?: string, emailId?: string) {
    const recipients = (Array.isArray(e.to) ? e.to : [e.to]) as string[];
    for (const to of recipients) {
      const address = to.toLowerCase();
      this.perRecipient.set(address, (this.perRecipient.get(address) ?? 0) + 1);
      this.deliveries.push({
        to: address,
        subject: String(e.subject),
        idempotencyKey: key,
        emailId,
        tags: Array.isArray(e.tags) ? (e.tags as { name: string; value: string }[]) : undefined,
        ...(this.opts.keepBodies === false
          ? { headers: {} }
          : { headers: (e.headers as Record<string, string>) ?? {}, html: e.html as string, text: e.text as string }),
      });
    }
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(status >= 400 ? { statusCode: status, ...(body as object) } : body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
