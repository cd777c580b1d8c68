import { describe, expect, it } from "vitest";
import { route } from "~/platform/http/route.ts";

/** A body stream that fails after its first bytes, as Node fails a request whose client went away mid-body. */
function bodyFailingWith(error: Error) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"email":"a'));
      controller.error(error);
    },
  });
}

const post = (body: ReadableStream<Uint8Array>) =>
  new Request("http://127.0.0.1/api/echo", { method: "POST", body, duplex: "half" } as RequestInit);
const echo = route("public", async (req) => Response.json(await req.json()));

describe("a request body the client aborted", () => {
  it("is answered 400 by a route handler, not a 500 server error", async () => {
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const res = await echo(post(bodyFailingWith(aborted)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", error: "Request body aborted" });
  });

  it("is told apart from a reset on another connection, which is not answered as one", async () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    expect((await echo(post(bodyFailingWith(reset)))).status).not.toBe(400);
  });
});
