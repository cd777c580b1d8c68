/** Accounts and sign-in: register, login, sessions, password change, admin bootstrap and roles. */
export { adminUsersRouter } from "./admin-router.ts";
export { editorContent } from "./editor-profile.ts";
export { listAdmins } from "./list-users.ts";
export { authRouter } from "./router.ts";
export { signIn } from "./sign-in.ts";
