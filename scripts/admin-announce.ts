import fs from "node:fs";
import path from "node:path";
import type { EnsureAdminResult } from "~/features/users/ensure-admin.ts";

/**
 * The first admin's generated password goes to a file only its owner can read (0600), never to the log:
 * output of `npm start` often ends up in journals and CI logs. The console names the file; an interactive
 * terminal (a person watching, not a log) also sees the password, this once.
 */
export function announceAdmin(
  admin: EnsureAdminResult | null,
  dataDir: string,
  out: { isTTY: boolean; log: (line: string) => void },
): string | null {
  if (!admin?.generatedPassword) {
    if (admin?.created) out.log(`created ${admin.email} from ADMIN_EMAIL/ADMIN_PASSWORD`);
    return null;
  }
  const file = path.join(dataDir, "admin-credentials.txt");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(file, { force: true }); // a new file, so the mode below applies
  fs.writeFileSync(file, `email: ${admin.email}\npassword: ${admin.generatedPassword}\n`, { mode: 0o600 });
  out.log(`\n  Admin account created — email: ${admin.email}`);
  if (out.isTTY) out.log(`  password: ${admin.generatedPassword}  (shown this once)`);
  out.log(`  The password is in ${file} (readable only by you). Change it after signing in: /password\n`);
  return file;
}
