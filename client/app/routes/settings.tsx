import {
  BarChart3,
  ChevronRight,
  LockKeyhole,
  LogIn,
  ShieldCheck,
  SlidersHorizontal,
  Smartphone,
  UserRound,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { DIRECTOR_TIER } from '@contract/tiers';
import { useTabParam } from '@/app/use-tab-param';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingMessage } from '@/components/ui/spinner';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, SETTINGS_TABS } from '@/config/paths';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-panel';
import { ChangeEmailCard } from '@/features/auth/components/change-email-card';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { ProfileCard } from '@/features/auth/components/profile-card';
import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { PasskeysCard } from '@/features/passkeys/components/passkeys-card';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { DeleteAccountCard } from '@/features/privacy/components/delete-account-card';
import { DownloadDataCard } from '@/features/privacy/components/download-data-card';
import { useUser } from '@/lib/auth';

function SettingsHeader() {
  return (
    <header className="mb-8 space-y-2 border-b pb-6">
      <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Account</p>
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <p className="max-w-2xl text-muted-foreground">
        Your password, address and two-factor authentication, your profile, which notifications reach you by
        e-mail, a copy of your data or the deletion of your account and, for Directors, the portal's
        analytics.
      </p>
    </header>
  );
}

/** /settings, signed-in users: Security, Profile, Analytics (tier 4), Preferences and Privacy tabs. */
export function SettingsRoute() {
  const { data: user, isPending } = useUser();
  const [tab, setTab] = useTabParam(SETTINGS_TABS);
  const [location] = useLocation();

  if (isPending || !user) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <SettingsHeader />
        {isPending ? (
          <LoadingMessage>Loading settings...</LoadingMessage>
        ) : (
          <div className="flex flex-col items-start gap-4">
            <p className="text-muted-foreground">Please log in to access settings.</p>
            <Button asChild>
              <Link href={paths.login.getHref(location)}>
                <LogIn aria-hidden="true" />
                Sign in
              </Link>
            </Button>
          </div>
        )}
      </div>
    );
  }

  const analyticsAllowed = user.tier >= DIRECTOR_TIER;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <SettingsHeader />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className={pageTabsListClass}>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden="true" className="hidden size-4 sm:block" />
            Security
          </TabsTrigger>
          <TabsTrigger value="profile">
            <UserRound aria-hidden="true" className="hidden size-4 sm:block" />
            Profile
          </TabsTrigger>
          <TabsTrigger
            value="analytics"
            disabled={!analyticsAllowed}
            title={analyticsAllowed ? undefined : `Requires Tier ${DIRECTOR_TIER} clearance`}
          >
            <BarChart3 aria-hidden="true" className="hidden size-4 sm:block" />
            Analytics
          </TabsTrigger>
          <TabsTrigger value="preferences">
            <SlidersHorizontal aria-hidden="true" className="hidden size-4 sm:block" />
            Preferences
          </TabsTrigger>
          <TabsTrigger value="privacy">
            <LockKeyhole aria-hidden="true" className="hidden size-4 sm:block" />
            Privacy
          </TabsTrigger>
        </TabsList>

        <TabsContent value="security" className="grid gap-6">
          <PasskeysCard />
          <TwoFactorCard />
          <ChangePasswordCard />
          <ChangeEmailCard currentEmail={user.email} />
          <Card>
            <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="grid gap-1.5">
                <CardTitle className="flex items-center gap-2 text-base">
                  <Smartphone aria-hidden="true" className="size-5 text-primary" />
                  Devices and API keys
                </CardTitle>
                <CardDescription>
                  See where your account is signed in, sign out other devices and manage API keys.
                </CardDescription>
              </div>
              <Button asChild variant="outline" className="self-start sm:self-center">
                <Link href={paths.mobile.getHref()}>
                  Manage
                  <ChevronRight aria-hidden="true" />
                </Link>
              </Button>
            </CardHeader>
          </Card>
        </TabsContent>

        <TabsContent value="profile">
          <ProfileCard user={user} />
        </TabsContent>

        <TabsContent value="analytics">
          {analyticsAllowed ? (
            <AnalyticsPanel />
          ) : (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
                <BarChart3 aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="text-muted-foreground">Analytics access requires Tier 4 clearance or higher.</p>
              </CardContent>
            </Card>
          )}
        </TabsContent>

        <TabsContent value="preferences">
          <NotificationPreferencesCard email={user.email} emailVerified={user.emailVerified} />
        </TabsContent>

        <TabsContent value="privacy" className="grid gap-6">
          <DownloadDataCard />
          <DeleteAccountCard />
        </TabsContent>
      </Tabs>
    </div>
  );
}
