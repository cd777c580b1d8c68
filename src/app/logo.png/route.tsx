import { ImageResponse } from "next/og";

/** The brand mark as a 512 × 512 PNG: the publisher logo in JSON-LD (search engines want a raster image). */
export function GET() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#b3261e",
        borderRadius: 64,
      }}
    >
      <svg width="384" height="384" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H9m7-.5L23 23" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
    </div>,
    { width: 512, height: 512, headers: { "cache-control": "public, max-age=86400" } },
  );
}
