import localFont from "next/font/local";

// Local files copied from @fontsource (OFL, see LICENSE-*.txt): no network at build or run time.
// Not preloaded: a page uses 4–6 of these faces, and preloading all 7 (≈160 kB) on every page took the
// bandwidth that the stylesheet and scripts need first. The stylesheet fetches only the faces a page uses;
// `swap` plus the size-adjusted fallbacks keep the text visible and in place while they arrive.
export const inter = localFont({
  src: [
    { path: "./inter-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "./inter-latin-500-normal.woff2", weight: "500", style: "normal" },
    { path: "./inter-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "./inter-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  variable: "--font-inter",
  display: "swap",
  preload: false,
});

// No 600 weight: no serif text is set semibold (a 600 request would resolve to the 700 face anyway).
export const sourceSerif = localFont({
  src: [
    { path: "./source-serif-4-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "./source-serif-4-latin-400-italic.woff2", weight: "400", style: "italic" },
    { path: "./source-serif-4-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  variable: "--font-source-serif",
  display: "swap",
  preload: false,
  adjustFontFallback: "Times New Roman",
});
