import { z } from "zod";
import { PASSWORD_MIN } from "~/ui/form-limits.ts";

// bcrypt only looks at the first 72 bytes of a password; longer ones are refused rather than cut silently.
const MAX_PASSWORD_BYTES = 72;
const fitsBcrypt = (p: string) => new TextEncoder().encode(p).length <= MAX_PASSWORD_BYTES;

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .email("must be a valid e-mail");

/** POST /api/auth/login. */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "is required").refine(fitsBcrypt, "is too long"),
});
const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .refine(fitsBcrypt, `must be at most ${MAX_PASSWORD_BYTES} bytes`);

/** POST /api/auth/password: a signed-in user changes their password. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, "is required").refine(fitsBcrypt, "is too long"),
  newPassword: newPasswordSchema,
});
/** POST /api/auth/register (docs/product.md §5 plus the username rule). */
export const registerInputSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, "must be 3 to 32 characters")
    .max(32, "must be 3 to 32 characters")
    .regex(USERNAME_PATTERN, "may only contain letters, digits, _ - ."),
  email: emailSchema,
  password: newPasswordSchema,
});
const roleSchema = z.enum(["user", "admin"]);

/** The user as every auth call returns it: never the password hash. */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
});

export const authResultSchema = z.object({ user: sessionUserSchema });

/** Admin users list entry. */
export const adminUserSchema = sessionUserSchema.extend({ created_at: z.date() });

export const userIdInputSchema = z.object({ userId: z.string().trim().min(1, "is required").max(64) });
