import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Bell, BellRing, CheckCheck, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { safeReturnTo } from '@contract/auth';
import { unreadBadge, type Notification } from '@contract/notifications';
import { Button } from '@/components/ui/button';
import { CountBadge } from '@/components/ui/count-badge';
import { LoadingMessage } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { LoadError } from '@/components/ui/load-error';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import { handleUnauthorizedError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';

/**
 * The top bar's bell, for signed-in users only: the unread count (fed by the live event stream) and a panel that
 * closes on an outside click, Escape or its close button. The panel is a plain non-modal dialog under the bell:
 * a positioning library for one panel would weigh more than all of this.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback(({ returnFocus = false }: { returnFocus?: boolean } = {}) => {
    setOpen(false);
    if (returnFocus) bellRef.current?.focus();
  }, []);

  // Open: focus moves into the panel; a press anywhere outside the bell and the panel closes it.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const items = notifications.data ?? [];
  const unread = items.filter((notification) => !notification.isRead).length;

  function openNotification(notification: Notification) {
    if (!notification.isRead) {
      markRead.mutate(notification.id, { onError: (error) => void handleUnauthorizedError(error) });
    }
    close();
    // Only a path inside the app is followed, never another site.
    const target = safeReturnTo(notification.actionUrl);
    if (target) navigate(target);
  }

  function markEverythingRead() {
    markAllRead.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success', description: 'All notifications marked as read' }),
      onError: (error) => toastFailure(error, 'Failed to mark notifications as read.'),
    });
  }

  return (
    <div ref={containerRef} className="relative">
      <Button
        ref={bellRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Notifications"
        onClick={() => setOpen((value) => !value)}
      >
        {unread > 0 ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
        {unread > 0 && (
          <CountBadge
            data-testid="notification-count"
            className="-top-0.5 -right-0.5 bg-destructive text-destructive-foreground"
          >
            {unreadBadge(unread)}
          </CountBadge>
        )}
      </Button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={`${panelId}-title`}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close({ returnFocus: true });
          }}
          className="fixed inset-x-2 top-16 z-50 flex animate-fade-in flex-col rounded-lg border bg-popover text-popover-foreground shadow-2xl shadow-black/60 outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center gap-2 border-b px-4 py-3">
            <div className="flex-1">
              <h2 id={`${panelId}-title`} className="text-sm font-semibold">
                Notifications
              </h2>
              <p className="text-xs text-muted-foreground">
                {unread > 0 ? `${unread} unread` : 'All caught up'}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markAllRead.isPending}
              onClick={markEverythingRead}
            >
              <CheckCheck aria-hidden="true" />
              Mark all read
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Close notifications"
              onClick={() => close({ returnFocus: true })}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          {notifications.isPending ? (
            <LoadingMessage className="px-4 py-6">Loading notifications...</LoadingMessage>
          ) : notifications.isError && items.length === 0 ? (
            <LoadError
              className="items-center px-4 py-8 text-center"
              message="Notifications could not be loaded."
              onRetry={() => void notifications.refetch()}
            />
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
              <Bell aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-sm text-muted-foreground">No notifications yet</p>
            </div>
          ) : (
            <ul aria-label="Notification list" className="max-h-96 divide-y overflow-y-auto">
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={openNotification}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
