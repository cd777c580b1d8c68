/** Wordmark: serif name with a red rule mark; pure SVG/text so it costs no request. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" width="30" height="30">
        <rect width="32" height="32" rx="4" fill="#b3261e" />
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H9m7-.5L23 23" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      <span className={`font-serif text-2xl font-bold tracking-tight ${inverted ? "text-paper" : "text-ink"}`}>
        Riesgos <span className={inverted ? "text-accent-soft" : "text-accent-text"}>IA</span>
      </span>
    </span>
  );
}
