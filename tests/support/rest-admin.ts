import { createSession } from "~/platform/auth/sessions.ts";
import { db } from "~/platform/db/db.ts";
import { handleRest } from "~/server/rest/handler.ts";

/** A real admin user and a REST caller carrying its session cookie (what a browser or script would send). */
export async function restAdmin(username: string) {
  const user = await db.user.create({
    data: { username, email: `${username}@example.com`, passwordHash: "x", role: "admin" },
  });
  const token = await createSession(db, user.id);
  const cookie = `next-auth.session-token=${token}`;
  const call = (method: string, path: string, body?: unknown) =>
    handleRest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { cookie, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
        body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
      }),
    );
  return { user, call };
}
