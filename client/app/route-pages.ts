import { preloadedPage } from '@contract/route-preloads';
import { clientRouteName, MEMBER_ROUTES, type ClientRouteName } from '@contract/routes';
import { paths } from '@/config/paths';
import { maybeSignedIn } from '@/lib/auth';
import { lazyNamed, type LazyNamed } from '@/lib/lazy-named';

// A member's home page at `/`: signed-out visitors get the landing page (part of the entry) and never load it.
export const MemberHome = lazyNamed(() => import('@/app/routes/home'), 'Home');
// The sign-in page brings the form libraries and zod: load them only when someone goes there.
const LoginRoute = lazyNamed(() => import('@/app/routes/login'), 'LoginRoute');
// The account pages reached from the sign-in form and from mail links (reset, verification) bring forms too.
const ForgotPasswordRoute = lazyNamed(() => import('@/app/routes/forgot-password'), 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyNamed(() => import('@/app/routes/reset-password'), 'ResetPasswordRoute');
const VerifyEmailRoute = lazyNamed(() => import('@/app/routes/verify-email'), 'VerifyEmailRoute');
// The first Director's one-time page (issue 23) brings its form and the 2FA setup.
const SetupRoute = lazyNamed(() => import('@/app/routes/setup'), 'SetupRoute');
// Where a report's footer link leads: whether the firm issued it.
const ReportVerifyRoute = lazyNamed(() => import('@/app/routes/report-verify'), 'ReportVerifyRoute');
// The catalogue pages stay out of the landing page's JavaScript too.
const MarketplaceRoute = lazyNamed(() => import('@/app/routes/marketplace'), 'MarketplaceRoute');
const ProductRoute = lazyNamed(() => import('@/app/routes/product'), 'ProductRoute');
// The digital suite brings its forms and charts: load it only there.
const DigitalRoute = lazyNamed(() => import('@/app/routes/digital'), 'DigitalRoute');
// Account pages: two-factor setup, devices and API keys (and the analytics charts, loaded later still).
const SettingsRoute = lazyNamed(() => import('@/app/routes/settings'), 'SettingsRoute');
const MobileRoute = lazyNamed(() => import('@/app/routes/mobile'), 'MobileRoute');
// The blog post page brings the Markdown renderer; the team pages and the link form load only there too.
const BlogRoute = lazyNamed(() => import('@/app/routes/blog'), 'BlogRoute');
const BlogPostRoute = lazyNamed(() => import('@/app/routes/blog-post'), 'BlogPostRoute');
const TeamRoute = lazyNamed(() => import('@/app/routes/team'), 'TeamRoute');
const AdminLinkFormRoute = lazyNamed(() => import('@/app/routes/admin-link-form'), 'AdminLinkFormRoute');
// The investigation request form brings zod and the form library.
const InvestigationsRoute = lazyNamed(() => import('@/app/routes/investigations'), 'InvestigationsRoute');
// The vendor portal brings its forms.
const VendorRoute = lazyNamed(() => import('@/app/routes/vendor'), 'VendorRoute');
// The secure channel form brings zod and the form library.
const SecureChannelRoute = lazyNamed(() => import('@/app/routes/secure-channel'), 'SecureChannelRoute');
// Payments and Mission Control bring the payments contract and the upgrade dialog.
const PaymentsRoute = lazyNamed(() => import('@/app/routes/payments'), 'PaymentsRoute');
// The buyer's orders and the Directors' order queue (design 12.7).
const OrdersRoute = lazyNamed(() => import('@/app/routes/orders'), 'OrdersRoute');
const OrderRoute = lazyNamed(() => import('@/app/routes/order'), 'OrderRoute');
const OrderQueueRoute = lazyNamed(() => import('@/app/routes/order-queue'), 'OrderQueueRoute');
const DashboardRoute = lazyNamed(() => import('@/app/routes/dashboard'), 'DashboardRoute');
// The cases page brings the case form and its schema.
const CasesRoute = lazyNamed(() => import('@/app/routes/cases'), 'CasesRoute');

// Where QR code scans lead; small, but no reason to weigh on the landing page.
const EmergencyRoute = lazyNamed(() => import('@/app/routes/emergency'), 'EmergencyRoute');
const QrExpiredRoute = lazyNamed(() => import('@/app/routes/qr-expired'), 'QrExpiredRoute');

// The footer's Privacy Policy, Terms of Service and Security pages: one small module, loaded only there.
const PrivacyRoute = lazyNamed(() => import('@/app/routes/legal'), 'PrivacyRoute');
const TermsRoute = lazyNamed(() => import('@/app/routes/legal'), 'TermsRoute');
const SecurityRoute = lazyNamed(() => import('@/app/routes/legal'), 'SecurityRoute');

// The AI & Enterprise page brings its analysis charts and forms.
const AiRoute = lazyNamed(() => import('@/app/routes/ai'), 'AiRoute');
// The Directors' audit trail brings its filter schema.
const AuditRoute = lazyNamed(() => import('@/app/routes/audit'), 'AuditRoute');
// The organisation's page and where its invitation links lead.
const OrganizationRoute = lazyNamed(() => import('@/app/routes/organization'), 'OrganizationRoute');
const JoinRoute = lazyNamed(() => import('@/app/routes/join'), 'JoinRoute');

/**
 * The page of every client route (contract/routes.ts) but the home page, which the router places itself (the
 * landing page or MemberHome). Each loads its own module, `app/routes/<route name in kebab case>.tsx` (the legal
 * pages share one): the build checks that convention to name a route's code in its HTML (decision 023).
 */
const routePages: Record<Exclude<ClientRouteName, 'home'>, LazyNamed<object>> = {
  login: LoginRoute,
  forgotPassword: ForgotPasswordRoute,
  resetPassword: ResetPasswordRoute,
  verifyEmail: VerifyEmailRoute,
  setup: SetupRoute,
  reportVerify: ReportVerifyRoute,
  digital: DigitalRoute,
  marketplace: MarketplaceRoute,
  investigations: InvestigationsRoute,
  blog: BlogRoute,
  blogPost: BlogPostRoute,
  secureChannel: SecureChannelRoute,
  team: TeamRoute,
  adminLinkForm: AdminLinkFormRoute,
  emergency: EmergencyRoute,
  qrExpired: QrExpiredRoute,
  privacy: PrivacyRoute,
  terms: TermsRoute,
  security: SecurityRoute,
  dashboard: DashboardRoute,
  vendor: VendorRoute,
  product: ProductRoute,
  settings: SettingsRoute,
  cases: CasesRoute,
  payments: PaymentsRoute,
  orders: OrdersRoute,
  order: OrderRoute,
  orderQueue: OrderQueueRoute,
  mobile: MobileRoute,
  ai: AiRoute,
  audit: AuditRoute,
  organization: OrganizationRoute,
  join: JoinRoute,
};

const routeEntries = (Object.keys(routePages) as (keyof typeof routePages)[]).map((name) => ({
  name,
  path: paths[name].path,
  Page: routePages[name],
}));
/** Reachable by everyone, with the account pages reached from mail (forgot/reset password, verify e-mail). */
export const sharedRoutes = routeEntries.filter(({ name }) => !MEMBER_ROUTES.has(name));
/** Signed-in users only (MEMBER_ROUTES); for everyone else these paths do not exist (404). */
export const memberRoutes = routeEntries.filter(({ name }) => MEMBER_ROUTES.has(name));

/**
 * Loads the code of the page at `pathname`: before the first render (main.tsx), and when a link to it is pointed at
 * or focused (preloadLinkedPages). The server names the first page's code in the HTML (decision 023), so it arrives
 * beside the entry script, and a page already loaded renders at once instead of after its spinner, which React keeps
 * on screen for at least 300 ms. Which page that is (a member's needs a browser that may be signed in) is the
 * contract's `preloadedPage`, as on the server.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const name = clientRouteName(pathname);
  const page = name && preloadedPage(name, maybeSignedIn());
  if (!page) return Promise.resolve();
  return page === 'memberHome' ? MemberHome.preload() : routePages[page].preload();
}

/**
 * Starts loading a page's code as soon as a link to it is pointed at, touched or reached with the keyboard: by the
 * click, it is usually there, and the page replaces the last one without a spinner in between.
 */
export function preloadLinkedPages(): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
      preloadPage(link.pathname).catch(() => undefined);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    document.addEventListener(type, onIntent, { capture: true, passive: true });
}
