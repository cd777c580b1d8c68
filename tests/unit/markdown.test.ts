import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/platform/security/markdown.ts";

describe("renderMarkdown", () => {
  it("renders editorial Markdown", () => {
    const html = renderMarkdown(
      "## Qué cambia\n\nEl **AI Act** [texto](https://eur-lex.europa.eu/eli/reg/2024/1689/oj).",
    );
    expect(html).toContain("<h2>Qué cambia</h2>");
    expect(html).toContain("<strong>AI Act</strong>");
    expect(html).toContain('href="https://eur-lex.europa.eu/eli/reg/2024/1689/oj"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("leaves nothing executable", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="JaVaScRiPt:alert(4)">x</a>\n\n<iframe src="https://evil"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<img/i);
  });
});
