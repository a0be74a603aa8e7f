import { useState } from 'react';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { Device } from '@contract/devices';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryStates } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDevices } from '@/features/devices/api/get-devices';
import { useSignOutDevice } from '@/features/devices/api/sign-out-device';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate, formatRelativeTime } from '@/lib/format';

const MOBILE_PLATFORMS = new Set(['Android', 'iOS']);

function deviceName(device: Device): string {
  return `${device.platform} · ${device.browser}`;
}

interface DeviceListProps {
  /** Called once this browser's own session has ended (the app then shows the visitor as signed out). */
  onCurrentDeviceSignedOut: () => void;
}

/** The Mobile Devices tab: every signed-in browser or app, each of which can be signed out. */
export function DeviceList({ onCurrentDeviceSignedOut }: DeviceListProps) {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const [confirming, setConfirming] = useState<Device | null>(null);

  function signOutDevice(device: Device) {
    signOut.mutate(device, {
      onSuccess: () => {
        setConfirming(null);
        if (device.current) {
          toast({ title: 'Signed out', description: 'This device has been signed out.' });
          onCurrentDeviceSignedOut();
        } else {
          toast({ title: 'Device signed out', description: `${deviceName(device)} has been signed out.` });
        }
      },
      onError: (error) => {
        setConfirming(null);
        toastFailure(error, 'Failed to sign out the device.');
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mobile devices</CardTitle>
        <CardDescription>
          Every browser and app signed in to your account. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={devices}
          loading={{ label: 'Loading devices', rowClassName: 'h-16' }}
          error="Your devices could not be loaded."
          empty={<p className="text-sm text-muted-foreground">No signed-in devices.</p>}
        >
          {(data) => (
            <ul aria-label="Devices" className="divide-y">
              {/* This browser first, then the others in the server's order. */}
              {[...data]
                .sort((a, b) => Number(b.current) - Number(a.current))
                .map((device) => {
                  const Icon = MOBILE_PLATFORMS.has(device.platform) ? Smartphone : Monitor;
                  const pending = signOut.isPending && signOut.variables?.id === device.id;
                  return (
                    <li
                      key={device.id}
                      data-testid="device"
                      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
                    >
                      <Icon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
                      <div className="min-w-0 flex-1 space-y-1">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          {deviceName(device)}
                          {device.current && <Badge variant="secondary">This device</Badge>}
                          <Badge variant={device.isActive ? 'default' : 'outline'}>
                            {device.isActive ? 'Active' : 'Inactive'}
                          </Badge>
                        </p>
                        <p className="text-xs text-muted-foreground">
                          Last active{' '}
                          <time dateTime={device.lastActive}>{formatRelativeTime(device.lastActive)}</time>
                          {' · '}Signed in {formatDate(device.createdAt)}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        className="self-start sm:self-center"
                        aria-label={`Sign out ${deviceName(device)}${device.current ? ' (this device)' : ''}`}
                        disabled={pending}
                        onClick={() => (device.current ? setConfirming(device) : signOutDevice(device))}
                      >
                        {pending ? <Spinner label="Signing out" /> : <LogOut aria-hidden="true" />}
                        Sign out
                      </Button>
                    </li>
                  );
                })}
            </ul>
          )}
        </QueryStates>
      </CardContent>

      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && signOutDevice(confirming)}
        title="Sign out this device?"
        description="This is the browser you are using now. Its session ends at once and you will need to sign in again."
        confirmLabel="Sign out"
        pendingLabel="Signing out"
        pending={signOut.isPending}
      />
    </Card>
  );
}
