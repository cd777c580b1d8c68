import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostJsonError, postJson } from "~/ui/post-json.ts";

/** What the loopback server saw of each request, to check the wire format the forms rely on. */
interface Seen {
  method?: string;
  contentType?: string;
  body: string;
}
let server: Server;
let base: string;
let seen: Seen;

const answers: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  "/ok": { status: 200, body: '{"message":"done"}' },
  "/empty": { status: 204, body: "" },
  "/rest-error": {
    status: 409,
    body: '{"error":"Email taken","code":"CONFLICT","field":"email"}',
    headers: { "retry-after": "7" },
  },
  "/trpc-error": {
    status: 401,
    body: '{"error":{"json":{"message":"wrong","data":{"appCode":"WRONG_PASSWORD","field":"currentPassword","retryAfter":12}}}}',
  },
  "/html-error": { status: 502, body: "<html>Bad gateway</html>" },
};

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen = { method: req.method, contentType: req.headers["content-type"], body: await read(req) };
    const answer = answers[req.url ?? ""] ?? { status: 404, body: "{}" };
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(path: string): Promise<PostJsonError> {
  const err = await postJson(`${base}${path}`, { a: 1 }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PostJsonError);
  return err as PostJsonError;
}

describe("postJson", () => {
  it("sends a JSON POST and resolves with the parsed answer", async () => {
    expect(await postJson(`${base}/ok`, { email: "a@b.c" })).toEqual({ message: "done" });
    expect(seen).toEqual({ method: "POST", contentType: "application/json", body: '{"email":"a@b.c"}' });
  });

  it("sends neither body nor content-type when there is nothing to send, and resolves null for no body", async () => {
    expect(await postJson(`${base}/empty`)).toBeNull();
    expect(seen).toEqual({ method: "POST", contentType: undefined, body: "" });
  });

  it("reads a REST error body {error, code, field} and Retry-After", async () => {
    const err = await refusal("/rest-error");
    expect([err.status, err.error, err.code, err.field, err.retryAfter, err.network]).toEqual([
      409,
      "Email taken",
      "CONFLICT",
      "email",
      7,
      false,
    ]);
  });

  it("reads tRPC's plain HTTP error body", async () => {
    const err = await refusal("/trpc-error");
    expect([err.status, err.error, err.code, err.field, err.retryAfter]).toEqual([
      401,
      "wrong",
      "WRONG_PASSWORD",
      "currentPassword",
      12,
    ]);
  });

  it("never takes a non-JSON answer for an error text, but keeps it in the message for logs", async () => {
    const err = await refusal("/html-error");
    expect([err.status, err.error, err.code]).toEqual([502, null, null]);
    expect(err.message).toContain("Bad gateway");
  });

  it("turns a request that gets no answer into status 0", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await postJson(`http://127.0.0.1:${port}/x`, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PostJsonError);
    expect((err as PostJsonError).network).toBe(true);
  });
});
