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
}

interface Options {
  /** Keep html/text of every delivery (off for the 100k bench). */
  keepBodies?: boolean;
}

/**
 * A loopback HTTP server speaking the parts of the Resend API the site uses (POST /emails, POST /emails/batch)
 * with Resend's semantics: Bearer auth, ≤ 100 e-mails per batch, and idempotency keys — a repeated key with
 * the same payload gets the first answer and delivers nothing; with a different payload, 409
 * invalid_idempotent_request. Fault injection simulates a crash after N batches.
 */
export class FakeResend {
  readonly deliveries: Delivery[] = [];
  readonly perRecipient = new Map<string, number>();
  batchCalls = 0;
  private readonly idem = new Map<string, { hash: string; status: number; body: unknown }>();
  private server?: http.Server;
  private crashAfter: number | null = null;
  private crashed = false;
  private acceptedBatches = 0;

  constructor(private readonly opts: Options = {}) {}

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        try {
          this.handle(req, Buffer.concat(chunks).toString("utf8"), res);
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

  heal() {
    this.crashAfter = null;
    this.crashed = false;
  }

  receivedBy(email: string) {
    return this.perRecipient.get(email.toLowerCase()) ?? 0;
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    if (!/^Bearer re_\S+/.test(String(req.headers.authorization ?? "")))
      return send(res, 401, { name: "missing_api_key", message: "Missing API key" });
    if (req.method !== "POST" || (req.url !== "/emails" && req.url !== "/emails/batch"))
      return send(res, 404, { name: "not_found", message: "Not found" });
    const isBatch = req.url === "/emails/batch";
    if (isBatch) this.batchCalls++;
    if (this.crashed) return send(res, 500, { name: "internal_server_error", message: "crashed" });

    const key = req.headers["idempotency-key"] as string | undefined;
    const hash = createHash("sha256").update(raw).digest("hex");
    if (key) {
      const prev = this.idem.get(key);
      if (prev && prev.hash !== hash)
        return send(res, 409, { name: "invalid_idempotent_request", message: "Key reused with a different payload" });
      if (prev) return send(res, prev.status, prev.body);
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
    for (const e of emails) this.record(e, key);
    const body = isBatch ? { data: ids } : ids[0];
    if (key) this.idem.set(key, { hash, status: 200, body });

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

  private record(e: Record<string, unknown>, key?: string) {
    const recipients = (Array.isArray(e.to) ? e.to : [e.to]) as string[];
    for (const to of recipients) {
      const address = to.toLowerCase();
      this.perRecipient.set(address, (this.perRecipient.get(address) ?? 0) + 1);
      this.deliveries.push({
        to: address,
        subject: String(e.subject),
        idempotencyKey: key,
        ...(this.opts.keepBodies === false
          ? { headers: {} }
          : { headers: (e.headers as Record<string, string>) ?? {}, html: e.html as string, text: e.text as string }),
      });
    }
  }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(status >= 400 ? { statusCode: status, ...(body as object) } : body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
