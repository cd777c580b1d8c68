import type { IncomingHttpHeaders } from "node:http";

export type SourceKind = "html" | "pdf" | "text";

/** What the body is, from Content-Type, or from its first bytes when the server does not say. */
export function kindOf(headers: IncomingHttpHeaders, body: Buffer): SourceKind | null {
  const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "application/pdf" || type === "application/x-pdf") return "pdf";
  if (type === "text/plain") return "text";
  if (type && type !== "application/octet-stream") return null;
  const head = body.subarray(0, 1024).toString("latin1");
  if (head.startsWith("%PDF-")) return "pdf";
  return /<html|<!doctype html/i.test(head) ? "html" : null;
}

/** The body as text in its declared charset (header, then an HTML meta tag), UTF-8 when none is given. */
export function decodeBody(headers: IncomingHttpHeaders, body: Buffer, kind: SourceKind): string {
  const declared = /charset\s*=\s*"?([\w-]+)/i.exec(headers["content-type"] ?? "")?.[1];
  const sniffed =
    kind === "html"
      ? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString("latin1"))?.[1]
      : undefined;
  for (const label of [declared, sniffed, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next one.
    }
  }
  return body.toString("utf8");
}
