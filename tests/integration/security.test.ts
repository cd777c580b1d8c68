import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as docsAsset } from "~/app/api/docs/assets/[file]/route.ts";
import { csrfRejection } from "~/platform/request-edge/csrf.ts";
import proxy from "~/proxy.ts";
import nextConfig from "../../next.config.mjs";

describe("API docs assets", () => {
  it("serves only its four files: prototype names are 404", async () => {
    const params = (file: string) => ({ params: Promise.resolve({ file }) });
    for (const file of ["__proto__", "constructor", "hasOwnProperty", "valueOf"])
      expect((await docsAsset(new Request("http://localhost/"), params(file))).status, file).toBe(404);
    expect((await docsAsset(new Request("http://localhost/"), params("init.js"))).status).toBe(200);
  });
});

describe("CSRF: Origin check on cookie-authenticated writes", () => {
  const cookie = "next-auth.session-token=abc";
  const check = (method: string, headers: Record<string, string>) =>
    csrfRejection({ method, headers: new Headers({ host: "riesgos.example", ...headers }) });

  it("refuses a write with our session cookie from another origin", () => {
    expect(check("POST", { cookie, origin: "https://evil.example" })).toMatch(/cross-origin/);
    expect(check("DELETE", { cookie, origin: "null" })).toMatch(/opaque/);
    expect(check("PUT", { cookie, "sec-fetch-site": "cross-site" })).toMatch(/cross-site/);
  });

  it("lets same-origin writes, reads, cookie-less calls and non-browser clients through", () => {
    expect(check("POST", { cookie, origin: "https://riesgos.example" })).toBeNull();
    expect(check("GET", { cookie, origin: "https://evil.example" })).toBeNull();
    expect(check("POST", { origin: "https://evil.example" })).toBeNull();
    expect(check("POST", { cookie })).toBeNull();
  });

  it("refuses sign-in and sign-up from anywhere but the site itself, with or without a session cookie", () => {
    const signIn = (path: string, headers: Record<string, string>) =>
      csrfRejection({
        method: "POST",
        url: `http://riesgos.example${path}`,
        headers: new Headers({ host: "riesgos.example", ...headers }),
      });
    const paths = [
      "/api/auth/login",
      "/api/auth/register",
      "/api/auth/callback/credentials",
      "/api/auth/signin/credentials",
      "/api/auth/%63allback/credentials",
      "//api/auth//login",
      "/api/trpc/auth.login",
      "/api/trpc/auth.me,auth.register",
    ];
    for (const path of paths) {
      // Same site, another port: not the site's origin.
      expect(signIn(path, { origin: "http://riesgos.example:3998" }), path).toMatch(/cross-origin/);
      expect(signIn(path, { origin: "null" }), path).toMatch(/opaque/);
      for (const site of ["same-site", "cross-site", "none"])
        expect(signIn(path, { "sec-fetch-site": site }), `${path} ${site}`).toMatch(/Sec-Fetch-Site/);
      expect(signIn(path, { origin: "http://riesgos.example" }), path).toBeNull();
      expect(signIn(path, { "sec-fetch-site": "same-origin" }), path).toBeNull();
      // Neither header: not a browser, so no visitor's cookie jar is at stake (scripts, the REST contract).
      expect(signIn(path, {}), path).toBeNull();
    }
    // Other cookie-less writes stay open to any origin (the newsletter form is public, for one).
    expect(signIn("/api/newsletter/subscribe", { origin: "http://riesgos.example:3998" })).toBeNull();
  });

  it("takes only JSON on the sign-in and sign-up that take JSON", async () => {
    const call = (path: string, type?: string) =>
      proxy(
        new NextRequest(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { origin: "http://localhost:3000", ...(type ? { "content-type": type } : {}) },
          body: "{}",
        }),
      );
    const paths = [
      "/api/auth/login",
      "/api/auth/register",
      "/api/trpc/auth.login",
      "/api/trpc/auth.register",
      "/api/trpc/auth.me,auth.register?batch=1",
    ];
    for (const path of paths) {
      for (const type of [undefined, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"]) {
        const res = await call(path, type);
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(await res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
      }
      expect((await call(path, "application/json; charset=utf-8")).status, path).toBe(200);
    }
    // next-auth's credentials callback takes a form.
    expect((await call("/api/auth/callback/credentials", "application/x-www-form-urlencoded")).status).toBe(200);
  });

  it("is enforced by the proxy on /api routes with a JSON 403", async () => {
    const req = new NextRequest("http://localhost:3000/api/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    const res = await proxy(req);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
    const ok = await proxy(
      new NextRequest("http://localhost:3000/api/auth/logout", {
        method: "POST",
        headers: { cookie, origin: "http://localhost:3000" },
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("security headers", () => {
  it("gives pages rendered per request a nonce CSP (no unsafe-eval outside development) and passes the nonce to rendering", async () => {
    const first = await proxy(new NextRequest("http://localhost:3000/login"));
    const second = await proxy(new NextRequest("http://localhost:3000/login"));
    const csp = first.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // Next reads the request's CSP header while rendering to stamp the nonce on its scripts.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("keeps the locale rules: Spanish at /, Accept-Language never redirects, NEXT_LOCALE only at the root", async () => {
    const english = await proxy(new NextRequest("http://localhost:3000/", { headers: { "accept-language": "en" } }));
    expect(english.status).toBe(200);
    expect(english.headers.get("x-middleware-rewrite")).toContain("/es");
    // The reader's remembered choice (the toggle's cookie) takes the bare root to its language…
    const chosen = await proxy(
      new NextRequest("http://localhost:3000/?x=1", { headers: { cookie: "NEXT_LOCALE=en" } }),
    );
    expect(chosen.status).toBe(307);
    expect(chosen.headers.get("location")).toBe("http://localhost:3000/en?x=1");
    expect(chosen.headers.get("cache-control")).toBe("private, no-store");
    // …but a deep link keeps its URL's language, and a remembered Spanish or a bogus value changes nothing.
    const kept: [string, string][] = [
      ["/noticias", "NEXT_LOCALE=en"],
      ["/", "NEXT_LOCALE=es"],
      ["/", "NEXT_LOCALE=fr"],
    ];
    for (const [path, cookie] of kept) {
      const res = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { cookie } }));
      expect(res.status, `${path} ${cookie}`).toBe(200);
      expect(res.headers.get("location"), `${path} ${cookie}`).toBeNull();
      expect(res.headers.get("x-middleware-rewrite"), `${path} ${cookie}`).toContain("/es");
    }
  });

  it("sends the static security headers on every path", async () => {
    const rules = await nextConfig(PHASE_PRODUCTION_BUILD).headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const names = all.headers.map((h) => h.key.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"]),
    );
  });
});
