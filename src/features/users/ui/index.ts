export { AuthCard } from "./auth-card.tsx";
export { AuthControls } from "./auth-controls.tsx";
export { LoginForm } from "./login-form.tsx";
export { PasswordForm } from "./password-form.tsx";
export { RegisterForm } from "./register-form.tsx";
