import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useTabParam } from '@/app/use-tab-param';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { DeviceList } from '@/features/devices/components/device-list';
import { IntegrationsPanel } from '@/features/integrations/components/integrations-panel';
import { QrCodesPanel } from '@/features/qr-codes/components/qr-codes-panel';
import { userQueryKey } from '@/lib/auth';

const MOBILE_TABS = ['devices', 'api-keys', 'integrations', 'qr-codes'] as const;

/** /mobile, signed-in users: devices, API keys, integrations and QR codes. */
export function MobileRoute() {
  const [tab, setTab] = useTabParam(MOBILE_TABS);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  // This browser's session has ended: go to the public home page, read the user again, which now answers "signed
  // out", then forget the account's data (a later sign-in may be someone else). Forgotten last: a page still on
  // screen (or kept hidden while the next one loads) would read its data again.
  const onCurrentDeviceSignedOut = useCallback(async () => {
    navigate(paths.home.getHref(), { replace: true });
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
  }, [navigate, queryClient]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Access</p>
        <h1 className="text-3xl font-bold tracking-tight">Mobile &amp; Integrations</h1>
        <p className="max-w-2xl text-muted-foreground">
          The devices signed in to your account, and the keys and integrations that act on it.
        </p>
      </header>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className={pageTabsListClass}>
          <TabsTrigger value="devices">Mobile Devices</TabsTrigger>
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
          <TabsTrigger value="qr-codes">QR Codes</TabsTrigger>
        </TabsList>
        <TabsContent value="devices">
          <DeviceList onCurrentDeviceSignedOut={() => void onCurrentDeviceSignedOut()} />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysPanel />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsPanel />
        </TabsContent>
        <TabsContent value="qr-codes">
          <QrCodesPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
