export { adminUsersRouter } from "./admin-router.ts";
export { authRouter } from "./router.ts";
export { signIn } from "./sign-in.ts";
