/**
 * Every client route's pattern, shared by the client's route table (`client/config/paths.ts`, which adds labels
 * and links) and the server, which answers 200 with the app for these and 404 for any other page (design 11.3).
 * A `:name` segment matches one path segment.
 */
export const CLIENT_ROUTES = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The one-time first-Director page (issue 23); the server answers 404 for it once a Director exists. */
  setup: '/setup',
  digital: '/digital',
  marketplace: '/marketplace',
  investigations: '/investigations',
  blog: '/blog',
  blogPost: '/blog/:id',
  secureChannel: '/secure-channel',
  team: '/team',
  adminLinkForm: '/admin/link-form',
  dashboard: '/dashboard',
  vendor: '/vendor',
  product: '/product/:id',
  settings: '/settings',
  cases: '/cases',
  payments: '/payments',
  mobile: '/mobile',
  ai: '/ai',
  audit: '/audit',
  emergency: '/emergency',
  qrExpired: '/qr/expired',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
} as const;

export type ClientRouteName = keyof typeof CLIENT_ROUTES;

const patterns = Object.values(CLIENT_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** Whether a path (without its query) is one of the client's routes. */
export function isClientRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
