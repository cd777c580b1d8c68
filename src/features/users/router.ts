import { z } from "zod";
import { deviceSetCookie } from "~/platform/auth/device-cookie.ts";
import {
  clearedSessionCookies,
  secureCookiesEnabled,
  sessionSetCookie,
  sessionTokenFromHeaders,
} from "~/platform/auth/session-cookie.ts";
import { createSession, revokeSession } from "~/platform/auth/sessions.ts";
import { clientIp } from "~/platform/security/rate-limit.ts";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "~/platform/trpc/trpc.ts";
import { setPassword } from "./change-password.ts";
import { registerUser } from "./register.ts";
import {
  authResultSchema,
  changePasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  sessionUserSchema,
} from "./schema.ts";
import { signIn } from "./sign-in.ts";

/**
 * docs/product.md §7 auth calls. Sign-in starts a session in the one session store (src/platform/auth/sessions.ts) and
 * sets next-auth's session cookie to its token, so these routes and next-auth's /api/auth/* share it.
 * Browsers call them over REST (/api/auth/login…): the site's tRPC link streams batched responses, whose
 * headers (Set-Cookie) are sent before a procedure ends.
 */
export const authRouter = createTRPCRouter({
  login: publicProcedure
    .meta({ openapi: { method: "POST", path: "/auth/login", tags: ["auth"], summary: "Sign in" } })
    .input(loginInputSchema)
    .output(authResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, device } = await signIn(ctx.db, {
        ...input,
        ip: clientIp(ctx.headers),
        cookie: ctx.headers.get("cookie"),
      });
      ctx.resHeaders.append("set-cookie", sessionSetCookie(await createSession(ctx.db, user.id)));
      ctx.resHeaders.append("set-cookie", deviceSetCookie(user.email, device, secureCookiesEnabled()));
      return { user };
    }),

  register: publicProcedure
    .meta({
      openapi: { method: "POST", path: "/auth/register", tags: ["auth"], summary: "Create an account and sign in" },
    })
    .input(registerInputSchema)
    .output(authResultSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await registerUser(ctx.db, { ...input, ip: clientIp(ctx.headers) });
      ctx.resHeaders.append("set-cookie", sessionSetCookie(await createSession(ctx.db, user.id)));
      return { user };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/auth/logout", tags: ["auth"], summary: "Sign out (always succeeds)" } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      const token = sessionTokenFromHeaders(ctx.headers);
      if (token) await revokeSession(ctx.db, token);
      for (const cookie of clearedSessionCookies()) ctx.resHeaders.append("set-cookie", cookie);
      return { success: true as const };
    }),

  /** Ends every session of the user (other browsers too) and keeps this browser signed in with a new one. */
  // Not in the spec's REST table: the form posts to /api/trpc/auth.changePassword as a single, unbatched call,
  // so the response carries the new session cookie.
  changePassword: protectedProcedure
    .input(changePasswordInputSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { sessionToken } = await setPassword(ctx.db, {
        userId: ctx.session.user.id,
        newPassword: input.newPassword,
        current: { password: input.currentPassword, ip: clientIp(ctx.headers) },
        startSession: true,
      });
      if (sessionToken) ctx.resHeaders.append("set-cookie", sessionSetCookie(sessionToken));
      return { success: true as const };
    }),

  /** The signed-in user as the server sees it now (role re-read from the database), or null. */
  me: publicProcedure
    .output(z.object({ user: sessionUserSchema.nullable() }))
    .query(({ ctx }) => ({ user: ctx.session?.user ?? null })),
});
