import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";

/** docs/product.md §9: social images are 1200 × 630. */
const OG_SIZE = { width: 1200, height: 630 };
/** satori lays out flex boxes only: the image's root box fills the canvas. */
const CANVAS = { width: "100%", height: "100%", display: "flex" } as const;
const BRAND_RED = "#b3261e";

// Local font files (satori reads woff/ttf, not woff2); the server runs from the project folder.
const fonts = () =>
  Promise.all([
    readFile(path.join(process.cwd(), "src/fonts/source-serif-4-latin-700-normal.woff")),
    readFile(path.join(process.cwd(), "src/fonts/inter-latin-600-normal.woff")),
  ]);

/**
 * The branded card: kicker, serif headline, footer line with the site name. Cached by browsers and shared
 * caches for five minutes; the server keeps no copy (a copy per requested slug would grow without bound).
 */
export async function renderOgImage({
  kicker,
  title,
  footer,
  status = 200,
}: {
  kicker: string;
  title: string;
  footer: string;
  status?: number;
}) {
  const [serif, sans] = await fonts();
  const size = title.length > 110 ? 50 : title.length > 70 ? 58 : 68;
  return new ImageResponse(
    <div
      style={{
        ...CANVAS,
        flexDirection: "column",
        justifyContent: "space-between",
        background: "#fbfaf7",
        borderTop: `18px solid ${BRAND_RED}`,
        padding: "56px 72px",
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", fontSize: 26, letterSpacing: 4, textTransform: "uppercase", color: "#a3221b" }}>
        {kicker}
      </div>
      <div style={{ display: "flex", fontFamily: "Source Serif", fontSize: size, lineHeight: 1.12, color: "#1b1f24" }}>
        {title.length > 160 ? `${title.slice(0, 157)}…` : title}
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          fontSize: 26,
          color: "#555d68",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
          <div style={{ width: 44, height: 44, background: BRAND_RED, borderRadius: 6, display: "flex" }} />
          <span style={{ fontFamily: "Source Serif", fontSize: 38, color: "#1b1f24" }}>Riesgos IA</span>
        </div>
        <span>{footer}</span>
      </div>
    </div>,
    {
      ...OG_SIZE,
      status,
      headers: { "cache-control": "public, max-age=300, s-maxage=300" },
      fonts: [
        { name: "Source Serif", data: serif, weight: 700, style: "normal" },
        { name: "Inter", data: sans, weight: 600, style: "normal" },
      ],
    },
  );
}

/** The brand mark as a 512 × 512 PNG: the publisher logo in JSON-LD (search engines want a raster image). */
export function renderLogoImage() {
  return new ImageResponse(
    <div style={{ ...CANVAS, alignItems: "center", justifyContent: "center", background: BRAND_RED, borderRadius: 64 }}>
      <svg width="384" height="384" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H9m7-.5L23 23" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
    </div>,
    { width: 512, height: 512, headers: { "cache-control": "public, max-age=86400" } },
  );
}

/**
 * The fediverse actors' header picture, 1500 × 500 (the size Mastodon crops a header to): the brand red with
 * the mark, no words (the actor's name and summary carry them, in each language).
 */
export function renderFediverseHeaderImage() {
  return new ImageResponse(
    <div style={{ ...CANVAS, alignItems: "center", justifyContent: "center", background: BRAND_RED }}>
      <svg width="280" height="280" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H9m7-.5L23 23" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
    </div>,
    { width: 1500, height: 500, headers: { "cache-control": "public, max-age=86400" } },
  );
}
