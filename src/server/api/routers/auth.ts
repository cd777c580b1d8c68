import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "~/server/api/trpc.ts";
import { deviceSetCookie } from "~/server/auth/device-cookie.ts";
import { clearedSessionCookies, secureCookiesEnabled, sessionSetCookie } from "~/server/auth/session-cookie.ts";
import { clientIp } from "~/server/security/rate-limit.ts";
import { registerUser } from "~/server/services/users/register.ts";
import { signIn } from "~/server/services/users/sign-in.ts";
import { authResultSchema, loginInputSchema, registerInputSchema, sessionUserSchema } from "~/shared/schemas/auth.ts";

/**
 * SPEC §7 auth calls. Sign-in sets next-auth's own session cookie (see session-cookie.ts), so these routes
 * and next-auth's /api/auth/* share one session. Browsers call them over REST (/api/auth/login…): the
 * site's tRPC link streams batched responses, whose headers (Set-Cookie) are sent before a procedure ends.
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
      ctx.resHeaders.append("set-cookie", await sessionSetCookie(user));
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
      ctx.resHeaders.append("set-cookie", await sessionSetCookie(user));
      return { user };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/auth/logout", tags: ["auth"], summary: "Sign out (always succeeds)" } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx }) => {
      for (const cookie of clearedSessionCookies()) ctx.resHeaders.append("set-cookie", cookie);
      return { success: true as const };
    }),

  /** The signed-in user as the server sees it now (role re-read from the database), or null. */
  me: publicProcedure
    .output(z.object({ user: sessionUserSchema.nullable() }))
    .query(({ ctx }) => ({ user: ctx.session?.user ?? null })),
});
