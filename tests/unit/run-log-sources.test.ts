import { describe, expect, it } from "vitest";
import { sourcesCountLine } from "~/features/agents/run-log.ts";
import { renderLogText } from "~/features/agents/run-log-text.ts";
import type { SnapshotView } from "~/features/grounding/index.ts";

// The run log's count of sources: only copies that are readings count (fetched, allow-listed, 2xx or 304);
// each other listed source is named by its number with why, in the admin's language. A copy is built with
// the fields it has on every branch; the ones the count never reads are left out.
const copy = (url: string, over: Partial<SnapshotView> = {}) =>
  ({
    id: url,
    url,
    finalUrl: url,
    ok: true,
    status: 200,
    reason: null,
    detail: "",
    fetchedAt: new Date(0),
    title: "T",
    text: "x",
    contentHash: null,
    etag: null,
    lastModified: null,
    allowListed: true,
    truncated: false,
    checkState: null,
    checkedAt: null,
    ...over,
  }) as SnapshotView;

const A = "https://www.boe.es/a";
const B = "https://www.boe.es/b";
const C = "https://www.boe.es/c";
const D = "https://www.boe.es/d";

describe("the run log's count of sources read", () => {
  it("counts every source when each was read (a 304 keeps its copy)", () => {
    const line = sourcesCountLine([{ url: A }, { url: B }], [copy(A), copy(B, { status: 304 })]);
    expect(renderLogText(line, "es")).toBe("Fuentes verificadas: 2 oficiales");
    expect(renderLogText(line, "en")).toBe("Sources checked: 2 official");
  });

  it("names each listed source not read, by number, with why: refused, off the list, never fetched", () => {
    const listed = [{ url: A }, { url: B }, { url: C }, { url: D }];
    const snapshots = [
      copy(A),
      copy(B, { ok: false, status: null, reason: "timeout", title: "", text: "" }),
      copy(C, { finalUrl: "https://blog.example.com/c", allowListed: false }),
    ];
    const line = sourcesCountLine(listed, snapshots);
    expect(renderLogText(line, "es")).toBe(
      "Fuentes verificadas: 1 oficial de 4 listadas; 3 sin leer: [2] no respondió a tiempo; " +
        "[3] el dominio blog.example.com no está en la lista de fuentes oficiales; [4] no se llegó a descargar",
    );
    expect(renderLogText(line, "en")).toBe(
      "Sources checked: 1 official of 4 listed; 3 not read: [2] it did not answer in time; " +
        "[3] the domain blog.example.com is not on the official-source list; [4] it was never fetched",
    );
  });

  it("an interview's sources (never fetched) count as none read", () => {
    expect(renderLogText(sourcesCountLine([{ url: A }], []), "es")).toBe(
      "Fuentes verificadas: 0 oficiales de 1 listada; 1 sin leer: [1] no se llegó a descargar",
    );
  });
});
