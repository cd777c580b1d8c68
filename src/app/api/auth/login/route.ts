import { handleRest } from "~/server/rest/handler.ts";

// More specific than next-auth's /api/auth/[...nextauth]: the spec's auth call, served by the REST adapter.
export const dynamic = "force-dynamic";
export { handleRest as POST };
