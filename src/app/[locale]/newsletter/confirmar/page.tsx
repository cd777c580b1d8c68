import { ConfirmStatus } from "~/features/newsletter/ui/confirm-status.tsx";
import { tokenPage } from "~/features/newsletter/ui/token-page.tsx";
import { TRPCReactProvider } from "~/trpc/react.tsx";

// The confirmation asks newsletter.confirm over tRPC, hence the provider.
const page = tokenPage("newsletterConfirm", ConfirmStatus, (children) => (
  <TRPCReactProvider>{children}</TRPCReactProvider>
));

export const generateMetadata = page.generateMetadata;
export default page.Page;

// Rendered per request (session, token or query), with a nonce CSP: rendersPerRequest in
// src/platform/security/shared-cache.ts lists these pages for the proxy.
export const dynamic = "force-dynamic";
