import bcrypt from "bcryptjs";
import { env } from "~/platform/env/env.js";

// bcrypt cost 12 by default: ~250 ms per hash in pure JS, enough to make offline guessing expensive.
const COST = env.BCRYPT_COST;

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);
