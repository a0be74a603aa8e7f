/**
 * The route table: every client path in one place (spec section 2.1). Components link with
 * `paths.x.getHref()` and routes match on `paths.x.path`; no string paths elsewhere.
 */
export const paths = {
  home: { path: '/', label: 'Home', getHref: () => '/' },
  login: {
    path: '/login',
    label: 'Sign in',
    getHref: (returnTo?: string) => (returnTo ? `/login?${new URLSearchParams({ returnTo })}` : '/login'),
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
  settings: { path: '/settings', label: 'Settings', getHref: () => '/settings' },
  cases: { path: '/cases', label: 'Cases', getHref: () => '/cases' },
  payments: { path: '/payments', label: 'Payments', getHref: () => '/payments' },
  mobile: { path: '/mobile', label: 'Mobile & Integrations', getHref: () => '/mobile' },
  ai: { path: '/ai', label: 'AI & Enterprise', getHref: () => '/ai' },
  // Where QR code scans lead (the server's /q/{token} redirects here).
  emergency: {
    path: '/emergency',
    label: 'Emergency',
    getHref: (code?: string) => (code ? `/emergency?${new URLSearchParams({ code })}` : '/emergency'),
  },
  qrExpired: { path: '/qr/expired', label: 'Expired QR code', getHref: () => '/qr/expired' },
} as const;

export type PathName = keyof typeof paths;
