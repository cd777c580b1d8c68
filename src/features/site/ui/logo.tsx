/** Wordmark: serif name after the red mark (a data URI in the stylesheet), so it costs no request. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={inverted ? "logo logo-inverted" : "logo"}>
      <span>
        Riesgos <span>IA</span>
      </span>
    </span>
  );
}
