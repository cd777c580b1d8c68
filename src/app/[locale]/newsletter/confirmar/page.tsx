import { ConfirmStatus } from "~/features/newsletter/ui/confirm-status.tsx";
import { tokenPage } from "~/features/newsletter/ui/token-page.tsx";
import { TRPCReactProvider } from "~/trpc/react.tsx";

// The confirmation asks newsletter.confirm over tRPC, hence the provider.
const page = tokenPage("newsletterConfirm", ConfirmStatus, (children) => (
  <TRPCReactProvider>{children}</TRPCReactProvider>
));

export const generateMetadata = page.generateMetadata;
export default page.Page;

// Rendered per request (session, token or query), with a nonce CSP: the proxy's matcher (src/proxy.ts) lists
// these pages, so that it runs for them.
export const dynamic = "force-dynamic";
