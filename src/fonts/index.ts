import localFont from "next/font/local";

// Local files copied from @fontsource (OFL, see LICENSE-*.txt): no network at build or run time.
export const inter = localFont({
  src: [
    { path: "./inter-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "./inter-latin-500-normal.woff2", weight: "500", style: "normal" },
    { path: "./inter-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "./inter-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  variable: "--font-inter",
  display: "swap",
});

export const sourceSerif = localFont({
  src: [
    { path: "./source-serif-4-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "./source-serif-4-latin-400-italic.woff2", weight: "400", style: "italic" },
    { path: "./source-serif-4-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "./source-serif-4-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  variable: "--font-source-serif",
  display: "swap",
});
