/** read allows GET, write allows mutations, admin allows what the owner's tier allows (design section 3). */
export const API_KEY_PERMISSIONS = ['read', 'write', 'admin'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
