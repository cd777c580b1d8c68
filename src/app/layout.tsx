import type { ReactNode } from "react";

// The real <html> lives in [locale]/layout.tsx so that `lang` follows the locale.
// Reader pages are rendered once into Next's cache and served from it until a write expires their tags
// (docs/reader-cache.md); pages that read the session or a token render per request.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
