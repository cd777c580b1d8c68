import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "./redis-server.ts";

export interface S3Server {
  /** Settings for the S3 driver (MEDIA_STORAGE=s3) pointing at this server. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  dir: string;
  close(): Promise<void>;
}

/**
 * s3rver: the S3 protocol on loopback, files in a temp folder — enough to exercise the driver built on the
 * AWS SDK's own client (path-style requests, s3rver's fixed S3RVER/S3RVER credentials).
 */
export async function startS3Server(bucket = "media"): Promise<S3Server> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: {
      MEDIA_STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
