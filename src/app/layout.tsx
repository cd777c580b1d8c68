import { connection } from "next/server";
import type { ReactNode } from "react";

// The real <html> lives in [locale]/layout.tsx so that `lang` follows the locale.
// Pages render per request: the Content-Security-Policy (src/proxy.ts) carries a fresh nonce each time, and
// Next can only stamp that nonce on its scripts while rendering; prerendered HTML would be blocked. So pages
// take no `revalidate`: their data comes from the data cache (each feature's cache.ts, e.g. src/features/articles/cache.ts), expired on
// publish, and a shared cache in front may keep whole pages (bench/nginx.conf.template).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}
