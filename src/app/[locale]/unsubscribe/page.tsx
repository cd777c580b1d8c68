import { tokenPage } from "~/features/newsletter/ui/token-page.tsx";
import { UnsubscribeStatus } from "~/features/newsletter/ui/unsubscribe-status.tsx";

const page = tokenPage("unsubscribePage", UnsubscribeStatus);

export const generateMetadata = page.generateMetadata;
export default page.Page;

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
