import { createHash, createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeMastodon {
  origin: string;
  actorId: string;
  keyId: string;
  /** What its inbox received: the parsed body and the headers, in order. */
  inbox: { body: { type?: string; object?: unknown }; headers: http.IncomingHttpHeaders }[];
  /** The actor id of one of its users (the first user's is `actorId`). */
  actorOf(user: string): string;
  /**
   * A request signed as Mastodon signs it (draft-cavage: (request-target) host date digest content-type,
   * rsa-sha256), by its first user or by `user`.
   */
  signedPost(url: string, body: string, opts?: { key?: KeyObject; date?: Date; user?: string }): Request;
  close(): Promise<void>;
}

/**
 * A Mastodon instance as far as a follow needs: the actor document Mastodon serves (Person, publicKeyPem,
 * shared inbox) and an inbox that records what it is sent; its users' requests signed with its RSA key. One
 * user by default; a list gives an instance of many (the inbox benchmark), each user with a key id of its own
 * (the instance's one key pair behind them all: generating thousands of RSA keys would dwarf what is measured).
 */
export async function startFakeMastodon(users: string | readonly string[] = "alice"): Promise<FakeMastodon> {
  const names = typeof users === "string" ? [users] : users;
  const user = names[0] ?? "alice";
  const served = new Set(names);
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const inbox: FakeMastodon["inbox"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const [, name, rest] = /^\/users\/([^/]+)(\/inbox)?$/.exec(req.url ?? "") ?? [];
      const known = name !== undefined && served.has(name);
      if (req.method === "GET" && known && !rest) {
        res.writeHead(200, { "content-type": "application/activity+json" });
        return res.end(JSON.stringify(actorDocument(name)));
      }
      if (req.method === "POST" && ((known && rest) || req.url === "/inbox")) {
        inbox.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), headers: req.headers });
        return res.writeHead(202).end();
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actorOf = (name: string) => `${origin}/users/${name}`;
  const actorId = actorOf(user);
  const keyId = `${actorId}#main-key`;
  const actorDocument = (name: string) => ({
    "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
    id: actorOf(name),
    type: "Person",
    following: `${actorOf(name)}/following`,
    followers: `${actorOf(name)}/followers`,
    inbox: `${actorOf(name)}/inbox`,
    outbox: `${actorOf(name)}/outbox`,
    preferredUsername: name,
    name: "Alice",
    summary: "<p>Reads about AI risk.</p>",
    url: `${origin}/@${name}`,
    manuallyApprovesFollowers: false,
    discoverable: true,
    published: "2024-01-01T00:00:00Z",
    publicKey: {
      id: `${actorOf(name)}#main-key`,
      owner: actorOf(name),
      publicKeyPem: publicKey.export({ type: "spki", format: "pem" }),
    },
    endpoints: { sharedInbox: `${origin}/inbox` },
  });

  function signedPost(url: string, body: string, opts: { key?: KeyObject; date?: Date; user?: string } = {}): Request {
    const target = new URL(url);
    const date = (opts.date ?? new Date()).toUTCString();
    const digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
    const contentType = "application/activity+json";
    const signingString = [
      `(request-target): post ${target.pathname}`,
      `host: ${target.host}`,
      `date: ${date}`,
      `digest: ${digest}`,
      `content-type: ${contentType}`,
    ].join("\n");
    const signature = createSign("sha256")
      .update(signingString)
      .sign(opts.key ?? privateKey, "base64");
    return new Request(url, {
      method: "POST",
      // Host is the one fetch sends for the URL (target.host), which is what was signed.
      headers: {
        date,
        digest,
        "content-type": contentType,
        signature: `keyId="${opts.user ? `${actorOf(opts.user)}#main-key` : keyId}",algorithm="rsa-sha256",headers="(request-target) host date digest content-type",signature="${signature}"`,
      },
      body,
    });
  }

  return {
    origin,
    actorId,
    keyId,
    inbox,
    actorOf,
    signedPost,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
