import { tokenPage } from "~/features/newsletter/ui/token-page.tsx";
import { UnsubscribeStatus } from "~/features/newsletter/ui/unsubscribe-status.tsx";

const page = tokenPage("unsubscribePage", UnsubscribeStatus);

export const generateMetadata = page.generateMetadata;
export default page.Page;

// Rendered per request (session, token or query), with a nonce CSP: rendersPerRequest in
// src/platform/security/shared-cache.ts lists these pages for the proxy.
export const dynamic = "force-dynamic";
