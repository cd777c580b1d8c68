import NextAuth from "next-auth";
import { authOptions } from "~/platform/auth/options.ts";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
