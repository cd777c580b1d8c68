import { describe, expect, it } from "vitest";
import { plainText, plainTextDeep } from "~/platform/security/plain-text.ts";
import { expectPlainText, HOSTILE_TEXT } from "../support/hostile-text.ts";

describe("plainText", () => {
  it("drops markup, CDATA terminators and control characters, and keeps the words", () => {
    expect(plainText(HOSTILE_TEXT)).toBe("Alerta sobre la IA negrita & fin Bcc: x@example.com");
    expectPlainText(plainText(HOSTILE_TEXT));
  });

  it("decodes entities once, so encoded markup is dropped too, and leaves a '<' that starts no tag", () => {
    expect(plainText("&lt;img src=x onerror=alert(1)&gt;Hola &#60;b&#62;y&#x3c;/b&#x3E;")).toBe("Hola y");
    expect(plainText("IA < humanos & 3 > 2")).toBe("IA < humanos & 3 > 2");
    expect(plainText("AT&amp;T &copy; &#0; &#xD800;")).toBe("AT&T &copy;");
  });

  it("drops tags rebuilt by removing another, comments and unclosed tags", () => {
    expect(plainText("a<<b>img src=x onerror=alert(1)>b")).toBe("ab");
    expect(plainText("uno <!-- <script>x</script> --> dos <style>p{}</style>tres <a href='x'")).toBe("uno dos tres");
  });

  it("is idempotent and leaves ordinary titles alone", () => {
    const title = "La Oficina Europea de IA publica el código «GPAI»: ¿qué cambia?";
    expect(plainText(title)).toBe(title);
    expect(plainText(plainText(HOSTILE_TEXT))).toBe(plainText(HOSTILE_TEXT));
  });

  it("applies to every string of structured data, URLs unchanged", () => {
    const data = { headline: HOSTILE_TEXT, url: "https://example.com/a?b=1&c=2", n: 3, list: [HOSTILE_TEXT] };
    const plain = plainTextDeep(data);
    expect(plain).toEqual({ headline: plainText(HOSTILE_TEXT), url: data.url, n: 3, list: [plainText(HOSTILE_TEXT)] });
  });
});
