import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3ImageStorage } from "~/platform/providers/image-storage-s3.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";

/**
 * The S3 driver against an S3-compatible server on loopback (s3rver): what one instance stores, another
 * (its own client) serves, under the same /api/media/<key> URL the local driver uses.
 */
let s3: S3Server;
const driver = () =>
  new S3ImageStorage({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

describe("S3 image storage", () => {
  it("stores an image on one instance that another reads back, byte for byte, then deletes it", async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const url = await driver().put(bytes, "image/jpeg", "jpg");
    expect(url).toMatch(/^\/api\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const key = url.slice("/api/media/".length);

    const other = driver();
    const got = await other.get(key);
    expect(got?.contentType).toBe("image/jpeg");
    expect(got && [...got.bytes]).toEqual([...bytes]);

    await other.delete(url);
    expect(await driver().get(key)).toBeNull();
  });

  it("answers null for a missing key, a key that climbs out, and an unknown type, without asking", async () => {
    const storage = driver();
    expect(await storage.get("2026/01/not-there.jpg")).toBeNull();
    expect(await storage.get("../secrets.jpg")).toBeNull();
    expect(await storage.get("2026//x.jpg")).toBeNull();
    expect(await storage.get("2026/01/file.exe")).toBeNull();
    await expect(storage.delete("https://elsewhere.example/x.jpg")).resolves.toBeUndefined();
  });
});
