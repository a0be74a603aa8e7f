import { z } from 'zod';
import { registerRequestSchema } from './auth.js';

/**
 * The one-time setup link (issue 23): while no Director (tier 4) exists, the server prints
 * `{base}/setup?token=T` at each start (T: 32 random bytes, base64url, new at every start until used), and the
 * page creates the first Director with it. Once a Director exists, the page and these calls answer 404.
 */
export const SETUP_TOKEN_MAX = 200;

const token = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(SETUP_TOKEN_MAX, 'This setup link is not valid');

/** `POST /api/setup/check`: whether the link's token is the current one (200 `{}`), before the form is shown. */
export const setupCheckRequestSchema = z.object({ token });
export type SetupCheckRequest = z.infer<typeof setupCheckRequestSchema>;

/** `POST /api/setup/director`: the first Director's account; 201 with the user, signed in. */
export const setupDirectorRequestSchema = registerRequestSchema.extend({ token });
export type SetupDirectorRequest = z.infer<typeof setupDirectorRequestSchema>;

/** Wrong tokens allowed per IP address in a window before the setup calls answer 429. */
export const SETUP_FAILURES_MAX = 10;
export const SETUP_FAILURES_WINDOW_MIN = 15;
