export { useAuth } from "./use-auth.ts";
export { UsersPanel } from "./users-panel.tsx";
