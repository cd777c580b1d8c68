import { cn } from "~/ui/cn.ts";

/** The search form's texts (`nav` messages) and its target, /buscar in the page's language. */
export interface SearchFormTexts {
  action: string;
  label: string;
  placeholder: string;
  submit: string;
}

/**
 * Header search: a plain GET form to /buscar, so it works before (and without) JavaScript. Texts as props:
 * the mobile menu renders it in the browser from these few strings instead of a server-rendered copy.
 */
export function SearchForm({
  texts,
  className,
  id = "site-search",
}: {
  texts: SearchFormTexts;
  className?: string;
  id?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" on the form is the ARIA landmark
    <form role="search" aria-label={texts.label} action={texts.action} method="get" className={cn("flex", className)}>
      <label htmlFor={id} className="sr-only">
        {texts.label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        maxLength={200}
        placeholder={texts.placeholder}
        className="search-input"
      />
      <button type="submit" className="search-button">
        <span className="sr-only">{texts.submit}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
