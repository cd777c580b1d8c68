"use client";

/**
 * The header's account controls (SPEC §2 shared header). Signed in: greeting with the username, logout and,
 * for admins, the Admin button ('Panel Admin' in the mobile menu). Signed out: login and newsletter buttons.
 * Owned by the accounts feature; the site header renders it. `onNavigate` lets the mobile menu close.
 */
export function AuthControls(_props: { variant: "desktop" | "mobile"; onNavigate?: () => void }) {
  return null;
}
