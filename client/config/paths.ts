import { CLIENT_ROUTES } from '@contract/routes';

/** The tabs of /settings, in order; the first is the default. */
export const SETTINGS_TABS = ['security', 'profile', 'analytics', 'preferences', 'privacy'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tabs of /payments, in order; the last is the Directors' approvals (pending payments and upgrades). */
export const PAYMENTS_TABS = ['subscription', 'history', 'upgrade', 'approvals'] as const;
export type PaymentsTab = (typeof PAYMENTS_TABS)[number];

/**
 * The route table: every client path in one place (docs/product.md, Screens). Components link with
 * `paths.x.getHref()` and routes match on `paths.x.path`; no string paths elsewhere. The patterns come from
 * `contract/routes.ts`, which the server reads too, so a page it does not know is a 404 there as well.
 */
export const paths = {
  home: { path: CLIENT_ROUTES.home, label: 'Home', getHref: () => '/' },
  login: {
    path: CLIENT_ROUTES.login,
    label: 'Sign in',
    getHref: (returnTo?: string) => (returnTo ? `/login?${new URLSearchParams({ returnTo })}` : '/login'),
  },
  // Account links, reachable by everyone: the reset and verification links in mail lead to the last two.
  forgotPassword: {
    path: CLIENT_ROUTES.forgotPassword,
    label: 'Forgot password',
    getHref: () => '/forgot-password',
  },
  resetPassword: {
    path: CLIENT_ROUTES.resetPassword,
    label: 'Reset password',
    getHref: (token?: string) =>
      token ? `/reset-password?${new URLSearchParams({ token })}` : '/reset-password',
  },
  verifyEmail: {
    path: CLIENT_ROUTES.verifyEmail,
    label: 'Verify e-mail address',
    getHref: (token?: string) =>
      token ? `/verify-email?${new URLSearchParams({ token })}` : '/verify-email',
  },
  // The one-time link the server prints while no Director exists (issue 23).
  setup: {
    path: CLIENT_ROUTES.setup,
    label: 'Set up',
    getHref: (token?: string) => (token ? `/setup?${new URLSearchParams({ token })}` : '/setup'),
  },
  // Where a report's footer link leads a browser: whether the firm issued it, in words.
  reportVerify: {
    path: CLIENT_ROUTES.reportVerify,
    label: 'Verify a report',
    getHref: (sha256: string) => `/reports/verify/${encodeURIComponent(sha256)}`,
  },
  digital: { path: CLIENT_ROUTES.digital, label: 'Digital Services', getHref: () => '/digital' },
  marketplace: { path: CLIENT_ROUTES.marketplace, label: 'Marketplace', getHref: () => '/marketplace' },
  investigations: {
    path: CLIENT_ROUTES.investigations,
    label: 'Investigations',
    getHref: () => '/investigations',
  },
  blog: { path: CLIENT_ROUTES.blog, label: 'Intel Blog', getHref: () => '/blog' },
  blogPost: {
    path: CLIENT_ROUTES.blogPost,
    label: 'Briefing',
    getHref: (id: string) => `/blog/${encodeURIComponent(id)}`,
  },
  secureChannel: {
    path: CLIENT_ROUTES.secureChannel,
    label: 'Secure Channel',
    getHref: () => '/secure-channel',
  },
  team: { path: CLIENT_ROUTES.team, label: 'Team', getHref: () => '/team' },
  adminLinkForm: {
    path: CLIENT_ROUTES.adminLinkForm,
    label: 'Team Link Form',
    getHref: () => '/admin/link-form',
  },
  dashboard: { path: CLIENT_ROUTES.dashboard, label: 'Dashboard', getHref: () => '/dashboard' },
  vendor: { path: CLIENT_ROUTES.vendor, label: 'Vendor', getHref: () => '/vendor' },
  product: {
    path: CLIENT_ROUTES.product,
    label: 'Product',
    getHref: (id: string | number) => `/product/${encodeURIComponent(String(id))}`,
  },
  settings: {
    path: CLIENT_ROUTES.settings,
    label: 'Settings',
    // Mail links open a tab directly (`/settings?tab=preferences`).
    getHref: (tab?: SettingsTab) => (tab ? `/settings?${new URLSearchParams({ tab })}` : '/settings'),
  },
  cases: { path: CLIENT_ROUTES.cases, label: 'Cases', getHref: () => '/cases' },
  payments: {
    path: CLIENT_ROUTES.payments,
    label: 'Payments',
    // The Directors' review links open the approvals tab directly (`/payments?tab=approvals`).
    getHref: (tab?: PaymentsTab) => (tab ? `/payments?${new URLSearchParams({ tab })}` : '/payments'),
  },
  orders: { path: CLIENT_ROUTES.orders, label: 'My orders', getHref: () => '/orders' },
  order: {
    path: CLIENT_ROUTES.order,
    label: 'Order',
    getHref: (id: string) => `/orders/${encodeURIComponent(id)}`,
  },
  // Directors: orders to ship, in transit, returns to decide, refunds the provider refused.
  orderQueue: {
    path: CLIENT_ROUTES.orderQueue,
    label: 'Order queue',
    getHref: (queue?: string) => (queue ? `/order-queue?${new URLSearchParams({ queue })}` : '/order-queue'),
  },
  mobile: { path: CLIENT_ROUTES.mobile, label: 'Mobile & Integrations', getHref: () => '/mobile' },
  ai: {
    path: CLIENT_ROUTES.ai,
    label: 'AI & Enterprise',
    // The import report links each STIX type to its stored objects (`/ai?tab=threats&objects=malware`).
    getHref: (query?: { tab: 'threats'; objects?: string }) =>
      query ? `/ai?${new URLSearchParams(query)}` : '/ai',
  },
  // Directors only: the page tells other tiers what it takes.
  audit: { path: CLIENT_ROUTES.audit, label: 'Audit Trail', getHref: () => '/audit' },
  organization: { path: CLIENT_ROUTES.organization, label: 'Organisation', getHref: () => '/organization' },
  // An invitation's link (design 12.3); signing in from it comes back to it.
  join: {
    path: CLIENT_ROUTES.join,
    label: 'Join an organisation',
    getHref: (token?: string) => (token ? `/join?${new URLSearchParams({ token })}` : '/join'),
  },
  // Where QR code scans lead (the server's /q/{token} redirects here).
  emergency: {
    path: CLIENT_ROUTES.emergency,
    label: 'Emergency',
    getHref: (code?: string) => (code ? `/emergency?${new URLSearchParams({ code })}` : '/emergency'),
  },
  qrExpired: { path: CLIENT_ROUTES.qrExpired, label: 'Expired QR code', getHref: () => '/qr/expired' },
  // The footer's pages, for everyone.
  privacy: { path: CLIENT_ROUTES.privacy, label: 'Privacy Policy', getHref: () => '/privacy' },
  terms: { path: CLIENT_ROUTES.terms, label: 'Terms of Service', getHref: () => '/terms' },
  security: { path: CLIENT_ROUTES.security, label: 'Security', getHref: () => '/security' },
} as const satisfies Record<
  keyof typeof CLIENT_ROUTES,
  { path: string; label: string; getHref: (...args: never[]) => string }
>;

export type PathName = keyof typeof paths;
