import bcrypt from "bcryptjs";

// bcrypt cost 12: ~250 ms per hash in pure JS, enough to make offline guessing expensive.
const COST = Number(process.env.BCRYPT_COST ?? 12);

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);
