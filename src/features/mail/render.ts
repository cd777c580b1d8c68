import { render } from "@react-email/render";
import type { ReactElement } from "react";

/** HTML and plain-text versions of a react-email template (both go out: spam filters like the text part). */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
