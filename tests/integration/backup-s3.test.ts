import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyMediaIn, copyMediaOut } from "~/platform/backup/media-files.ts";
import { downloadBackup, s3Media, uploadBackup } from "~/platform/backup/s3-media.ts";
import type { S3Settings } from "~/platform/providers/image-storage-s3.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";

/**
 * Backups with MEDIA_STORAGE=s3, on s3rver (the S3 protocol on loopback): the bucket's images are copied out
 * (never the backups kept beside them), a backup folder goes to the bucket under backups/<name>/ and comes
 * back identical, and a restore writes the images into another bucket.
 */
let s3: S3Server;
let target: S3Server;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-s3-"));
const settings = (server: S3Server): S3Settings => ({
  bucket: server.bucket,
  region: "us-east-1",
  endpoint: server.endpoint,
  forcePathStyle: true,
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
});

beforeAll(async () => {
  s3 = await startS3Server();
  target = await startS3Server("restored");
});
afterAll(async () => {
  await s3.close();
  await target.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("backups in the bucket", () => {
  it("copies the bucket's images, keeps a backup under backups/, brings it back and restores into a bucket", async () => {
    const media = s3Media(settings(s3));
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);
    await media.write("2026/12/one.png", image);
    const dir = path.join(work, "2026-12-02T01-00-00-000Z");
    const entries = await copyMediaOut(media, dir);
    expect(entries.map((e) => e.key)).toEqual(["2026/12/one.png"]);
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ media: entries }));

    expect(await uploadBackup(settings(s3), dir)).toBe(`s3://media/backups/${path.basename(dir)}/`);
    // The backup beside the images is not an image: the next backup does not copy it.
    expect(await media.keys()).toEqual(["2026/12/one.png"]);

    const back = await downloadBackup(settings(s3), path.basename(dir), path.join(work, "download"));
    expect(fs.readFileSync(path.join(back, "media/2026/12/one.png"))).toEqual(image);
    expect(fs.readFileSync(path.join(back, "manifest.json"), "utf8")).toBe(
      fs.readFileSync(path.join(dir, "manifest.json"), "utf8"),
    );

    const restored = s3Media(settings(target));
    expect(await restored.isEmpty()).toBe(true);
    await copyMediaIn(back, entries, restored);
    expect(await restored.read("2026/12/one.png")).toEqual(image);
  }, 60_000);
});
