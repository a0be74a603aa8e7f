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
  /** Where a report's footer link leads a browser (`GET /api/reports/verify/{sha256}` sends it here, issue 33). */
  reportVerify: '/reports/verify/:sha256',
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
  orders: '/orders',
  order: '/orders/:id',
  orderQueue: '/order-queue',
  mobile: '/mobile',
  ai: '/ai',
  audit: '/audit',
  /** The signed-in user's organisation (design 12.3). */
  organization: '/organization',
  /** Where an organisation's invitation link leads (`/join?token=`). */
  join: '/join',
  emergency: '/emergency',
  qrExpired: '/qr/expired',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
} as const;

export type ClientRouteName = keyof typeof CLIENT_ROUTES;

/**
 * The routes only a signed-in user has: for anyone else the client router shows its 404 page there, so the
 * server names their code in the page (decision 023) only for a request that carries a session.
 */
export const MEMBER_ROUTES: ReadonlySet<ClientRouteName> = new Set([
  'dashboard',
  'vendor',
  'product',
  'settings',
  'cases',
  'payments',
  'orders',
  'order',
  'orderQueue',
  'mobile',
  'ai',
  'audit',
  'organization',
]);

/**
 * The pages reached by a link someone was sent (the first Director's setup link, a password reset, an address to
 * verify) or printed on a report (its verification): the visitor came to do one thing, so the loading screen of spec 2.2 does
 * not play before them, and signing in from them does not come back to them.
 */
export const SENT_LINK_ROUTES: ReadonlySet<ClientRouteName> = new Set([
  'setup',
  'resetPassword',
  'verifyEmail',
  'reportVerify',
]);

const patterns = (Object.entries(CLIENT_ROUTES) as [ClientRouteName, string][]).map(
  ([name, route]) => [name, new RegExp(`^${route.replace(/:[A-Za-z0-9]+/g, '[^/]+')}/?$`)] as const,
);

/** The client route a path (without its query) belongs to, or undefined when it is none of them. */
export function clientRouteName(pathname: string): ClientRouteName | undefined {
  return patterns.find(([, pattern]) => pattern.test(pathname))?.[0];
}
