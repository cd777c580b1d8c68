import { connection } from "next/server";
import type { ReactNode } from "react";

// The real <html> lives in [locale]/layout.tsx so that `lang` follows the locale.
// Pages render per request: the Content-Security-Policy (src/proxy.ts) carries a fresh nonce each time, and
// Next can only stamp that nonce on its scripts while rendering; prerendered HTML would be blocked.
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}
