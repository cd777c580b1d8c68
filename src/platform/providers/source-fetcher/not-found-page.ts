/**
 * A page that answers 200 with "page not found" (a soft 404: many official sites' CMSs do it) is not the
 * document a draft cites. Only a short page is judged, so an article that mentions "page not found" is not.
 */
const NOT_FOUND =
  /p[áa]gina no encontrada|no (?:se ha )?(?:podido )?encontr(?:ado|ar) la p[áa]gina|la p[áa]gina (?:que busca|solicitada|que ha solicitado) no (?:existe|est[áa] disponible)|page not found|page (?:cannot|could not|can't) be found|(?:this|the) page (?:does not|doesn't) exist|the page you (?:requested|are looking for)|error 404|404 not found|^\s*404\s*$/imu;

const SHORT = 2500;

export function isNotFoundPage(page: { title: string; text: string }): boolean {
  if (page.text.length > SHORT) return false;
  return NOT_FOUND.test(page.title) || NOT_FOUND.test(page.text);
}
