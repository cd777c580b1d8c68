import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deviceClass } from "~/features/analytics/exclusion.ts";
import { visitorHash } from "~/features/analytics/visitor.ts";

const salt = (byte: number) => new Uint8Array(32).fill(byte);
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("the daily visitor id", () => {
  it("is 16 bytes, the same for the same salt, address and user agent", () => {
    const a = visitorHash(salt(1), "203.0.113.7", UA);
    expect(a).toHaveLength(16);
    expect(Buffer.from(visitorHash(salt(1), "203.0.113.7", UA)).equals(Buffer.from(a))).toBe(true);
  });

  it("changes with the salt (the next day), the address or the user agent", () => {
    const base = Buffer.from(visitorHash(salt(1), "203.0.113.7", UA));
    expect(Buffer.from(visitorHash(salt(2), "203.0.113.7", UA)).equals(base)).toBe(false);
    expect(Buffer.from(visitorHash(salt(1), "203.0.113.8", UA)).equals(base)).toBe(false);
    expect(Buffer.from(visitorHash(salt(1), "203.0.113.7", `${UA} Edg/131`)).equals(base)).toBe(false);
  });

  it("keeps address and agent apart: moving text between them gives another id", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string(), (left, right, ua) => {
        fc.pre(!left.includes("\n") && !right.includes("\n"));
        const joined = Buffer.from(visitorHash(salt(3), left + right, ua));
        return !Buffer.from(visitorHash(salt(3), left, right + ua)).equals(joined);
      }),
    );
  });

  it("contains neither input", () => {
    const id = Buffer.from(visitorHash(salt(4), "203.0.113.7", UA)).toString("latin1");
    expect(id).not.toContain("203.0");
    expect(id).not.toContain("Mozilla");
  });
});

describe("the device class", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36")).toBe("tablet");
    expect(deviceClass(UA)).toBe("desktop");
  });
});
