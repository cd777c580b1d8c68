/**
 * A page Next caches cannot set its own HTTP status, and Next 16's notFound() in such a page answers an empty
 * error shell that only JavaScript fills in. So an unknown slug or path renders the site's 404 view itself,
 * marked with this attribute, and the cache handler (page-cache-handler.mjs) answers it with status 404 and
 * does not store it. Plain JavaScript: the handler, which Next loads unbundled, reads it.
 */
export const NOT_FOUND_ATTRIBUTE = "data-page-status";
export const NOT_FOUND_VALUE = "404";

/** A `<main>` element carrying the marker (markdown in an article cannot write attributes). */
const MARKED = new RegExp(`<main\\b[^>]*\\s${NOT_FOUND_ATTRIBUTE}="${NOT_FOUND_VALUE}"`);

/** @param {string} html */
export function rendersNotFound(html) {
  return MARKED.test(html);
}
