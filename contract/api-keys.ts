import { z } from 'zod';

/** read allows GET, write allows mutations, admin allows what the owner's tier allows. */
export const API_KEY_PERMISSIONS = ['read', 'write', 'admin'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const API_KEY_PREFIX = 'ik_';

export const createApiKeyRequestSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(3, 'Name must be at least 3 characters').max(100),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS), { error: 'At least one permission required' })
    .min(1, 'At least one permission required')
    .max(API_KEY_PERMISSIONS.length)
    .default(['read']),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Invalid date' })
    .refine((value) => new Date(value).getTime() > Date.now(), 'Expiry must be in the future')
    .optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  expiresAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsed: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation answer: the only time the full key is shown (`keyHash` carries it too, for clients that read that field). */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string(), keyHash: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
