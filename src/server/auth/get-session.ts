import { getServerSession } from "next-auth";
import { authOptions } from "./options.ts";
import type { AppSession } from "./session.ts";

/** The signed-in user of the current request (server components, route handlers), or null. */
export async function getSession(): Promise<AppSession | null> {
  const session = (await getServerSession(authOptions)) as AppSession | null;
  return session?.user?.id ? session : null;
}
