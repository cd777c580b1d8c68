import NextAuth from "next-auth";
import { isClientAbort } from "~/platform/http/client-abort.ts";
import { authOptions } from "~/server/auth-options.ts";

const handler = NextAuth(authOptions);

/** A sign-in form whose body never arrived whole: nobody is left to answer, and it is no server error. */
async function POST(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  try {
    return await handler(req, context);
  } catch (err) {
    if (isClientAbort(err)) return new Response(null, { status: 400 });
    throw err;
  }
}

export { handler as GET, POST };
