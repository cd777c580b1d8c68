import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Many followers' inboxes behind one loopback HTTP server, as a Mastodon counts them: each POST's activity is
 * taken by its id, per inbox path (`/users/{n}/inbox`, or a shared inbox). A signed request carries a
 * `Signature` (draft-cavage) or `Signature-Input` (RFC 9421) header; unsigned ones are refused and counted.
 * `answer` scripts a status per path (a 410 for a gone account, a 500 for a failing server).
 */
export class FakeInboxes {
  /** path → activity id → times received. */
  readonly received = new Map<string, Map<string, number>>();
  unsigned = 0;
  posts = 0;
  answer: (path: string) => number = () => 202;
  private server?: http.Server;
  origin = "";

  async listen(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (req.method !== "POST") return void res.writeHead(405).end();
        const path = req.url ?? "/";
        this.posts += 1;
        if (!req.headers.signature && !req.headers["signature-input"]) {
          this.unsigned += 1;
          return void res.writeHead(401).end();
        }
        const status = this.answer(path);
        if (status < 300) {
          const id = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: string }).id ?? "(no id)";
          const byId = this.received.get(path) ?? new Map<string, number>();
          byId.set(id, (byId.get(id) ?? 0) + 1);
          this.received.set(path, byId);
        }
        res.writeHead(status).end();
      });
    });
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  inboxOf(n: number): string {
    return `${this.origin}/users/${n}/inbox`;
  }

  /** `count` followers of our actor `noticias`, the n-th with the inbox `inboxOf(n)`: rows to store directly. */
  followerRows(count: number) {
    return Array.from({ length: count }, (_, n) => ({
      actor: "noticias",
      follower_uri: `${this.origin}/users/${n}`,
      follow_uri: `${this.origin}/follows/${n}`,
      inbox: this.inboxOf(n),
    }));
  }

  /** Deliveries taken (2xx) at this inbox URL or path, of every activity. */
  countAt(inbox: string): number {
    const path = inbox.startsWith("http") ? new URL(inbox).pathname : inbox;
    let n = 0;
    for (const times of this.received.get(path)?.values() ?? []) n += times;
    return n;
  }

  /** Of the activity: how many inboxes got it once, more than once (and how many extra copies), and the total. */
  tally(activityId: string) {
    let once = 0;
    let repeated = 0;
    let extra = 0;
    for (const byId of this.received.values()) {
      const times = byId.get(activityId) ?? 0;
      if (times === 1) once += 1;
      if (times > 1) {
        repeated += 1;
        extra += times - 1;
      }
    }
    return { once, repeated, extra, inboxes: once + repeated };
  }

  /** The activity ids received anywhere. */
  activityIds(): Set<string> {
    const ids = new Set<string>();
    for (const byId of this.received.values()) for (const id of byId.keys()) ids.add(id);
    return ids;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
