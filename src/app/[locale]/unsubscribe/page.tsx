import { tokenPage } from "~/features/newsletter/ui/token-page.tsx";
import { UnsubscribeStatus } from "~/features/newsletter/ui/unsubscribe-status.tsx";

const page = tokenPage("unsubscribePage", UnsubscribeStatus);

export const generateMetadata = page.generateMetadata;
export default page.Page;
