import { z } from 'zod';

/** A signed-in browser or app, i.e. one of the user's sessions (the Mobile Devices tab). */
export const deviceSchema = z.object({
  id: z.string(),
  /** From the User-Agent: 'Android', 'iOS', 'Windows', 'macOS', 'Linux' or 'Unknown'. */
  platform: z.string(),
  browser: z.string(),
  lastActive: z.iso.datetime(),
  isActive: z.boolean(),
  /** The session making this request. */
  current: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Device = z.infer<typeof deviceSchema>;
