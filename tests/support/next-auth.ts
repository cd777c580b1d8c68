import NextAuth from "next-auth";
import { authOptions } from "~/server/auth-options.ts";

/**
 * One request through next-auth's own handler (its Node API form, which needs no Next request scope) with
 * the site's options: what /api/auth/<action> does for a browser.
 */
export async function nextAuthRequest(
  method: string,
  action: string[],
  opts: { body?: unknown; cookies?: Record<string, string> } = {},
) {
  const headers = new Map<string, unknown>();
  let body: unknown;
  let status = 200;
  const res = {
    status: (s: number) => {
      status = s;
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    send: (b: unknown) => {
      body = b;
    },
    json: (b: unknown) => {
      body = b;
    },
    end: () => {},
  };
  const req = {
    method,
    query: { nextauth: action },
    body: opts.body,
    cookies: opts.cookies ?? {},
    headers: { host: "localhost", "x-forwarded-for": "10.88.0.2", "content-type": "application/x-www-form-urlencoded" },
  };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, authOptions);
  const setCookies = ([] as string[]).concat((headers.get("set-cookie") as string[] | undefined) ?? []);
  return { status, body, location: headers.get("location") as string | undefined, setCookies };
}
