/** The tabs of /settings, in order; the first is the default. */
export const SETTINGS_TABS = ['security', 'profile', 'analytics', 'preferences', 'privacy'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tabs of /payments, in order; the last is the Directors' approvals (pending payments and upgrades). */
export const PAYMENTS_TABS = ['subscription', 'history', 'upgrade', 'approvals'] as const;
export type PaymentsTab = (typeof PAYMENTS_TABS)[number];

/**
 * The route table: every client path in one place (docs/product.md, Screens). Components link with
 * `paths.x.getHref()` and routes match on `paths.x.path`; no string paths elsewhere.
 */
export const paths = {
  home: { path: '/', label: 'Home', getHref: () => '/' },
  login: {
    path: '/login',
    label: 'Sign in',
    getHref: (returnTo?: string) => (returnTo ? `/login?${new URLSearchParams({ returnTo })}` : '/login'),
  },
  // Account links, reachable by everyone: the reset and verification links in mail lead to the last two.
  forgotPassword: { path: '/forgot-password', label: 'Forgot password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    label: 'Reset password',
    getHref: (token?: string) =>
      token ? `/reset-password?${new URLSearchParams({ token })}` : '/reset-password',
  },
  verifyEmail: {
    path: '/verify-email',
    label: 'Verify e-mail address',
    getHref: (token?: string) =>
      token ? `/verify-email?${new URLSearchParams({ token })}` : '/verify-email',
  },
  digital: { path: '/digital', label: 'Digital Services', getHref: () => '/digital' },
  marketplace: { path: '/marketplace', label: 'Marketplace', getHref: () => '/marketplace' },
  investigations: { path: '/investigations', label: 'Investigations', getHref: () => '/investigations' },
  blog: { path: '/blog', label: 'Intel Blog', getHref: () => '/blog' },
  blogPost: {
    path: '/blog/:id',
    label: 'Briefing',
    getHref: (id: string) => `/blog/${encodeURIComponent(id)}`,
  },
  secureChannel: { path: '/secure-channel', label: 'Secure Channel', getHref: () => '/secure-channel' },
  team: { path: '/team', label: 'Team', getHref: () => '/team' },
  adminLinkForm: { path: '/admin/link-form', label: 'Team Link Form', getHref: () => '/admin/link-form' },
  dashboard: { path: '/dashboard', label: 'Dashboard', getHref: () => '/dashboard' },
  vendor: { path: '/vendor', label: 'Vendor', getHref: () => '/vendor' },
  product: {
    path: '/product/:id',
    label: 'Product',
    getHref: (id: string | number) => `/product/${encodeURIComponent(String(id))}`,
  },
  settings: {
    path: '/settings',
    label: 'Settings',
    // Mail links open a tab directly (`/settings?tab=preferences`).
    getHref: (tab?: SettingsTab) => (tab ? `/settings?${new URLSearchParams({ tab })}` : '/settings'),
  },
  cases: { path: '/cases', label: 'Cases', getHref: () => '/cases' },
  payments: {
    path: '/payments',
    label: 'Payments',
    // The Directors' review links open the approvals tab directly (`/payments?tab=approvals`).
    getHref: (tab?: PaymentsTab) => (tab ? `/payments?${new URLSearchParams({ tab })}` : '/payments'),
  },
  mobile: { path: '/mobile', label: 'Mobile & Integrations', getHref: () => '/mobile' },
  ai: { path: '/ai', label: 'AI & Enterprise', getHref: () => '/ai' },
  // Directors only: the page tells other tiers what it takes.
  audit: { path: '/audit', label: 'Audit Trail', getHref: () => '/audit' },
  // Where QR code scans lead (the server's /q/{token} redirects here).
  emergency: {
    path: '/emergency',
    label: 'Emergency',
    getHref: (code?: string) => (code ? `/emergency?${new URLSearchParams({ code })}` : '/emergency'),
  },
  qrExpired: { path: '/qr/expired', label: 'Expired QR code', getHref: () => '/qr/expired' },
  // The footer's pages, for everyone.
  privacy: { path: '/privacy', label: 'Privacy Policy', getHref: () => '/privacy' },
  terms: { path: '/terms', label: 'Terms of Service', getHref: () => '/terms' },
  security: { path: '/security', label: 'Security', getHref: () => '/security' },
} as const;

export type PathName = keyof typeof paths;
