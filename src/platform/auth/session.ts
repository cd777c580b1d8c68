import type { Role } from "~/generated/prisma/enums.ts";

/** What the app knows about a signed-in user (read from the database with the session; never the password hash). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: Role;
}

export interface AppSession {
  user: SessionUser;
}
