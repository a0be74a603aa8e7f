import { z } from 'zod';

/** An e-mail address as every form takes it: trimmed and lower-cased (addresses are stored lower-cased). */
export const email = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email' }));

/** Single-use tokens in reset, verification and e-mail change links: 32 random bytes, base64url (43 characters). */
export const emailTokenSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(200, 'This link is not valid');
