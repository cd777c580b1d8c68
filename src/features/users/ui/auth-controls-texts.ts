/** The `auth` texts the controls show; `hello` keeps its `{username}` placeholder, filled by AuthControls. */
export type AuthControlsTexts = Record<
  "admin" | "adminMobile" | "changePasswordLink" | "hello" | "login" | "logout" | "newsletter",
  string
>;
