/** Delay before the e-mail input gets focus, once the smooth scroll has run (docs/product.md §9: 800 ms). */
const NEWSLETTER_FOCUS_DELAY_MS = 800;

/**
 * Smoothly scrolls to the newsletter block (#newsletter) and focuses its e-mail input after 800 ms.
 * Returns false when the page has no block (callers then navigate to the home page's block).
 */
export function scrollToNewsletter(): boolean {
  const block = document.getElementById("newsletter");
  if (!block) return false;
  block.scrollIntoView({ behavior: "smooth", block: "center" });
  window.setTimeout(() => {
    document.getElementById("newsletter-email")?.focus({ preventScroll: true });
  }, NEWSLETTER_FOCUS_DELAY_MS);
  return true;
}
