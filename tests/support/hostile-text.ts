import { expect } from "vitest";

/**
 * A model-written title at its worst: tags with handlers, a script, CDATA terminators (twice: a library that
 * splits only the first still breaks), control characters, entities that decode to markup, and a stray
 * opening of a tag with no end. The words in it must survive as text.
 */
export const HOSTILE_TEXT =
  'Alerta <img src=x onerror="alert(1)"> sobre ]]> la IA ]]><script>alert(2)</script>\u0007\u0008\u001b\u0085 ' +
  "&lt;b onmouseover=alert(3)&gt;negrita&lt;/b&gt; &amp; fin\r\nBcc: x@example.com <svg/onload=alert(4)";

/** The words of HOSTILE_TEXT that plain text keeps. */
export const HOSTILE_WORDS = ["Alerta", "sobre", "la IA", "negrita", "& fin", "Bcc: x@example.com"];

/** Plain text: no tag-like `<`, no CDATA terminator, no control characters, no entity left to decode. */
export function expectPlainText(text: string, words: string[] = HOSTILE_WORDS) {
  expect(text, text).not.toMatch(/<[a-z!/?]/i);
  expect(text, text).not.toContain("]]>");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters under test
  expect(text, text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  expect(text, text).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i);
  expect(text, text).not.toMatch(/onerror|onload|onmouseover|alert\(/);
  if (text.includes("Alerta")) for (const word of words) expect(text, text).toContain(word);
}
