import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Role } from "~/generated/prisma/enums.ts";
import { db } from "~/server/db.ts";
import { AppError } from "~/server/errors.ts";
import { clientIp } from "~/server/security/rate-limit.ts";
import { signIn } from "~/server/services/users/sign-in.ts";
import { SESSION_MAX_AGE, secureCookiesEnabled } from "./session-cookie.ts";

/** next-auth: credentials (e-mail + password), JWT session in an httpOnly SameSite=Lax cookie. */
export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  // The same cookie name and flags as POST /api/auth/login sets (session-cookie.ts).
  useSecureCookies: secureCookiesEnabled(),
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "credentials",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        // The same rate-limited sign-in as POST /api/auth/login; a 429 surfaces as next-auth's error.
        const headers = new Headers();
        for (const [k, v] of Object.entries(req?.headers ?? {})) if (typeof v === "string") headers.set(k, v);
        const result = await signIn(db, {
          ...credentials,
          ip: clientIp(headers),
          cookie: headers.get("cookie"),
        }).catch((err: unknown) => {
          if (err instanceof AppError && err.code === "UNAUTHORIZED") return null;
          throw err;
        });
        const user = result?.user;
        return user
          ? { id: user.id, name: user.username, email: user.email, username: user.username, role: user.role }
          : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; username: string; role: Role };
        token.sub = u.id;
        token.username = u.username;
        token.role = u.role;
      }
      return token;
    },
    session({ session, token }) {
      return {
        ...session,
        user: {
          id: token.sub ?? "",
          username: String(token.username ?? ""),
          email: token.email ?? "",
          role: (token.role as Role | undefined) ?? "user",
        },
      };
    },
  },
};
