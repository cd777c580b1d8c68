import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Role } from "~/generated/prisma/enums.ts";
import { db } from "~/server/db.ts";
import { authenticate } from "~/server/services/users/authenticate.ts";

/** next-auth: credentials (e-mail + password), JWT session in an httpOnly SameSite=Lax cookie. */
export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 60 * 60 * 24 * 30 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "credentials",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const user = await authenticate(db, credentials.email, credentials.password);
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
