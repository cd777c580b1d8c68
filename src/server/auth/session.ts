import type { Role } from "~/generated/prisma/enums.ts";

/** What the app knows about a signed-in user (kept in the JWT; never the password hash). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: Role;
}

export interface AppSession {
  user: SessionUser;
}
