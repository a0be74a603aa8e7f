/** Derived from the User-Agent when a page view is recorded; the spec shows types with percentages only. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const ANALYTICS_REFRESH_MS = 30_000;
