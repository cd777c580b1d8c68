import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { signIn } from "~/features/users/index.ts";
import { loginInputSchema } from "~/features/users/schema.ts";
import { db } from "~/platform/db/db.ts";
import { authSecret } from "~/platform/env/live.ts";
import { AppError } from "~/platform/errors.ts";
import { log } from "~/platform/log/logger.ts";

import { clientIp } from "~/platform/security/rate-limit.ts";
import { nulCharacterPath } from "~/platform/security/storable-text.ts";
import type { SessionUser } from "../platform/auth/session.ts";
import { secureCookiesEnabled } from "../platform/auth/session-cookie.ts";
import { createSession, resolveSession, revokeSession, SESSION_ABSOLUTE_SECONDS } from "../platform/auth/sessions.ts";

const authLog = log.child({ scope: "auth" });

interface SessionJwt extends JWT {
  sessionToken?: string;
  user?: SessionUser;
  expiresAt?: string;
}

/**
 * next-auth over the site's one session store (sessions.ts): its "JWT" is the session token itself, so the
 * cookie it sets, /api/auth/session and /api/auth/signout all read and end the same PostgreSQL row as the
 * app's own calls. Nothing about the user lives in the cookie: role and name come from the database.
 */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_SECONDS },
  jwt: {
    // Called when next-auth writes its cookie: the token of the session created at sign-in, unchanged.
    encode: async ({ token }) => (token as SessionJwt | undefined)?.sessionToken ?? "",
    // Called when next-auth reads its cookie: a live session or nothing (next-auth then clears the cookie).
    decode: async ({ token }) => {
      const session = token ? await resolveSession(db, token) : null;
      if (!token || !session) return null;
      return {
        sub: session.user.id,
        sessionToken: token,
        user: session.user,
        expiresAt: session.expires.toISOString(),
      } satisfies SessionJwt;
    },
  },
  // The same cookie name and flags as POST /api/auth/login sets (session-cookie.ts).
  useSecureCookies: secureCookiesEnabled(),
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "credentials",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, req) {
        // Invalid input is a failed sign-in, never an error whose text would reach the redirect URL.
        const input = loginInputSchema.safeParse(credentials);
        if (!input.success || nulCharacterPath(credentials) !== null) return null;
        const headers = new Headers();
        for (const [k, v] of Object.entries(req?.headers ?? {})) if (typeof v === "string") headers.set(k, v);
        try {
          const { user } = await signIn(db, { ...input.data, ip: clientIp(headers), cookie: headers.get("cookie") });
          return {
            id: user.id,
            name: user.username,
            email: user.email,
            sessionToken: await createSession(db, user.id),
          };
        } catch (err) {
          if (err instanceof AppError && err.code === "UNAUTHORIZED") return null;
          if (err instanceof AppError && err.code === "TOO_MANY_REQUESTS") throw new Error("TooManyRequests");
          authLog.error({ err }, "sign-in failed");
          throw new Error("SignInUnavailable");
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      const started = user as { sessionToken?: string } | undefined;
      return started?.sessionToken ? { ...token, sessionToken: started.sessionToken } : token;
    },
    session({ token }) {
      const t = token as SessionJwt;
      return { user: t.user, expires: t.expiresAt ?? new Date().toISOString() } as never;
    },
  },
  events: {
    async signOut({ token }) {
      const sessionToken = (token as SessionJwt | null)?.sessionToken;
      if (sessionToken) await revokeSession(db, sessionToken);
    },
  },
  logger: {
    // A revoked or timed-out session is routine, not an error worth a stack trace.
    error(code, metadata) {
      if (code !== "JWT_SESSION_ERROR") authLog.error({ metadata, code }, "next-auth error");
    },
    warn() {},
    debug() {},
  },
};
