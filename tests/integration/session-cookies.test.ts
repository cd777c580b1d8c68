import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { getSessionFromHeaders } from "~/server/auth/get-session.ts";
import { hashPassword } from "~/server/auth/password.ts";
import { db } from "~/server/db.ts";

const secret = () => process.env.NEXTAUTH_SECRET!;
const cookie = (token: string) => new Headers({ cookie: `next-auth.session-token=${token}` });

async function adminToken(opts: { maxAge?: number; secret?: string } = {}) {
  const name = `cookie_${Math.random().toString(36).slice(2, 10)}`;
  const user = await db.user.create({
    data: {
      username: name,
      email: `${name}@example.com`,
      passwordHash: await hashPassword("secreto-123"),
      role: "admin",
    },
  });
  const token = await encode({
    token: { sub: user.id, email: user.email, username: user.username, role: "admin" },
    secret: opts.secret ?? secret(),
    maxAge: opts.maxAge,
  });
  return { user, token };
}

describe("session cookies", () => {
  it("accepts a genuine cookie", async () => {
    const { user, token } = await adminToken();
    expect((await getSessionFromHeaders(cookie(token)))?.user).toMatchObject({ id: user.id, role: "admin" });
  });

  it("rejects a tampered cookie", async () => {
    const { token } = await adminToken();
    const i = Math.floor(token.length / 2);
    const flipped = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
    expect(await getSessionFromHeaders(cookie(flipped))).toBeNull();
    expect(await getSessionFromHeaders(cookie(`${token}x`))).toBeNull();
    expect(await getSessionFromHeaders(cookie("not-a-jwt"))).toBeNull();
  });

  it("rejects a cookie signed with another secret", async () => {
    const { token } = await adminToken({ secret: "another-secret-another-secret-another-secret" });
    expect(await getSessionFromHeaders(cookie(token))).toBeNull();
  });

  it("rejects an expired cookie", async () => {
    const { token } = await adminToken({ maxAge: -60 });
    expect(await getSessionFromHeaders(cookie(token))).toBeNull();
  });

  it("rejects a valid cookie whose user no longer exists", async () => {
    const { user, token } = await adminToken();
    await db.user.delete({ where: { id: user.id } });
    expect(await getSessionFromHeaders(cookie(token))).toBeNull();
  });
});
