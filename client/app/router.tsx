import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from '@/app/layout/app-layout';
import { Landing } from '@/app/routes/landing';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

// Unknown addresses are rare: the 404 page is not part of every page's JavaScript.
const NotFound = lazy(() =>
  import('@/app/routes/not-found').then((module) => ({ default: module.NotFound })),
);
// A member's home page: signed-out visitors (the landing page) never load it.
const Home = lazy(() => import('@/app/routes/home').then((module) => ({ default: module.Home })));
// The sign-in page brings the form libraries and zod: load them only when someone goes there.
const LoginRoute = lazy(() =>
  import('@/app/routes/login').then((module) => ({ default: module.LoginRoute })),
);
// The account pages reached from the sign-in form and from mail links (reset, verification) bring forms too.
const ForgotPasswordRoute = lazy(() =>
  import('@/app/routes/forgot-password').then((module) => ({ default: module.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('@/app/routes/reset-password').then((module) => ({ default: module.ResetPasswordRoute })),
);
const VerifyEmailRoute = lazy(() =>
  import('@/app/routes/verify-email').then((module) => ({ default: module.VerifyEmailRoute })),
);
// The first Director's one-time page (issue 23) brings its form and the 2FA setup.
const SetupRoute = lazy(() =>
  import('@/app/routes/setup').then((module) => ({ default: module.SetupRoute })),
);
// The catalogue pages stay out of the landing page's JavaScript too.
const MarketplaceRoute = lazy(() =>
  import('@/app/routes/marketplace').then((module) => ({ default: module.MarketplaceRoute })),
);
const ProductRoute = lazy(() =>
  import('@/app/routes/product').then((module) => ({ default: module.ProductRoute })),
);
// The digital suite brings its forms and charts: load it only there.
const DigitalRoute = lazy(() =>
  import('@/app/routes/digital').then((module) => ({ default: module.DigitalRoute })),
);
// Account pages: two-factor setup, devices and API keys (and the analytics charts, loaded later still).
const SettingsRoute = lazy(() =>
  import('@/app/routes/settings').then((module) => ({ default: module.SettingsRoute })),
);
const MobileRoute = lazy(() =>
  import('@/app/routes/mobile').then((module) => ({ default: module.MobileRoute })),
);
// The blog post page brings the Markdown renderer; the team pages and the link form load only there too.
const BlogRoute = lazy(() => import('@/app/routes/blog').then((module) => ({ default: module.BlogRoute })));
const BlogPostRoute = lazy(() =>
  import('@/app/routes/blog-post').then((module) => ({ default: module.BlogPostRoute })),
);
const TeamRoute = lazy(() => import('@/app/routes/team').then((module) => ({ default: module.TeamRoute })));
const AdminLinkFormRoute = lazy(() =>
  import('@/app/routes/admin-link-form').then((module) => ({ default: module.AdminLinkFormRoute })),
);
// The investigation request form brings zod and the form library.
const InvestigationsRoute = lazy(() =>
  import('@/app/routes/investigations').then((module) => ({ default: module.InvestigationsRoute })),
);
// The vendor portal brings its forms.
const VendorRoute = lazy(() =>
  import('@/app/routes/vendor').then((module) => ({ default: module.VendorRoute })),
);
// The secure channel form brings zod and the form library.
const SecureChannelRoute = lazy(() =>
  import('@/app/routes/secure-channel').then((module) => ({ default: module.SecureChannelRoute })),
);
// Payments and Mission Control bring the payments contract and the upgrade dialog.
const PaymentsRoute = lazy(() =>
  import('@/app/routes/payments').then((module) => ({ default: module.PaymentsRoute })),
);
const DashboardRoute = lazy(() =>
  import('@/app/routes/dashboard').then((module) => ({ default: module.DashboardRoute })),
);
// The cases page brings the case form and its schema.
const CasesRoute = lazy(() =>
  import('@/app/routes/cases').then((module) => ({ default: module.CasesRoute })),
);

// Where QR code scans lead; small, but no reason to weigh on the landing page.
const EmergencyRoute = lazy(() =>
  import('@/app/routes/emergency').then((module) => ({ default: module.EmergencyRoute })),
);
const QrExpiredRoute = lazy(() =>
  import('@/app/routes/qr-expired').then((module) => ({ default: module.QrExpiredRoute })),
);

// The footer's Privacy Policy, Terms of Service and Security pages: one small module, loaded only there.
const PrivacyRoute = lazy(() =>
  import('@/app/routes/legal').then((module) => ({ default: module.PrivacyRoute })),
);
const TermsRoute = lazy(() =>
  import('@/app/routes/legal').then((module) => ({ default: module.TermsRoute })),
);
const SecurityRoute = lazy(() =>
  import('@/app/routes/legal').then((module) => ({ default: module.SecurityRoute })),
);

// The AI & Enterprise page brings its analysis charts and forms.
const AiRoute = lazy(() => import('@/app/routes/ai').then((module) => ({ default: module.AiRoute })));
// The Directors' audit trail brings its filter schema.
const AuditRoute = lazy(() =>
  import('@/app/routes/audit').then((module) => ({ default: module.AuditRoute })),
);

interface RouteEntry {
  path: string;
  element: ReactNode;
}

/** Reachable by everyone, with the account pages reached from mail (forgot/reset password, verify e-mail). */
const sharedRoutes: readonly RouteEntry[] = [
  { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
  { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
  { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
  { path: paths.setup.path, element: <SetupRoute /> },
  { path: paths.digital.path, element: <DigitalRoute /> },
  { path: paths.marketplace.path, element: <MarketplaceRoute /> },
  { path: paths.investigations.path, element: <InvestigationsRoute /> },
  { path: paths.blog.path, element: <BlogRoute /> },
  { path: paths.blogPost.path, element: <BlogPostRoute /> },
  { path: paths.secureChannel.path, element: <SecureChannelRoute /> },
  { path: paths.team.path, element: <TeamRoute /> },
  { path: paths.adminLinkForm.path, element: <AdminLinkFormRoute /> },
  { path: paths.emergency.path, element: <EmergencyRoute /> },
  { path: paths.qrExpired.path, element: <QrExpiredRoute /> },
  { path: paths.privacy.path, element: <PrivacyRoute /> },
  { path: paths.terms.path, element: <TermsRoute /> },
  { path: paths.security.path, element: <SecurityRoute /> },
];

/** Signed-in users only; for everyone else these paths do not exist (404). */
const memberRoutes: readonly RouteEntry[] = [
  { path: paths.dashboard.path, element: <DashboardRoute /> },
  { path: paths.vendor.path, element: <VendorRoute /> },
  { path: paths.product.path, element: <ProductRoute /> },
  { path: paths.settings.path, element: <SettingsRoute /> },
  { path: paths.cases.path, element: <CasesRoute /> },
  { path: paths.payments.path, element: <PaymentsRoute /> },
  { path: paths.mobile.path, element: <MobileRoute /> },
  { path: paths.ai.path, element: <AiRoute /> },
  { path: paths.audit.path, element: <AuditRoute /> },
];

/**
 * While a page's code loads: a full screen high, so that the footer stays below the fold and does not jump down
 * when the page appears (a layout shift of a quarter of the screen on phones; issue 19).
 */
function PageSpinner() {
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center py-24">
      <Spinner />
    </div>
  );
}

/** Picks the signed-out or signed-in route set: no user (or a failed user query) means signed out. */
export function AppRouter() {
  const { data: user, isPending } = useUser();

  // Never render the wrong route set while we do not yet know who this is.
  if (isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }

  const routes = user ? [...sharedRoutes, ...memberRoutes] : sharedRoutes;
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path={paths.home.path}>{user ? <Home user={user} /> : <Landing />}</Route>
          <Route path={paths.login.path} component={LoginRoute} />
          {routes.map(({ path, element }) => (
            <Route key={path} path={path}>
              {element}
            </Route>
          ))}
          <Route>
            <NotFound signedIn={Boolean(user)} />
          </Route>
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
