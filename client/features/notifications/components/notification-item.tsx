import type { Notification, NotificationPriority } from '@contract/notifications';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A notification's priority colour: urgent red, high orange, normal blue, low gray. */
const priorityStyles: Record<NotificationPriority, { bar: string; dot: string; text: string }> = {
  urgent: { bar: 'border-l-red-500', dot: 'bg-red-500', text: 'text-red-400' },
  high: { bar: 'border-l-orange-500', dot: 'bg-orange-500', text: 'text-orange-400' },
  normal: { bar: 'border-l-blue-500', dot: 'bg-blue-500', text: 'text-blue-400' },
  low: { bar: 'border-l-slate-500', dot: 'bg-slate-500', text: 'text-slate-400' },
};

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** One notification: a button that marks it read and follows its link. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { title, message, priority, isRead, createdAt } = notification;
  const style = priorityStyles[priority];
  return (
    <li data-testid="notification" data-priority={priority} data-read={isRead || undefined}>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={cn(
          'flex w-full flex-col gap-1 border-l-2 px-4 py-3 text-left transition-colors outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          style.bar,
          isRead ? 'opacity-70' : 'bg-muted/40',
        )}
      >
        <span className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className={cn('mt-1.5 size-2 shrink-0 rounded-full', isRead ? 'bg-transparent' : style.dot)}
          />
          <span className={cn('flex-1 text-sm leading-snug', isRead ? 'font-medium' : 'font-semibold')}>
            {!isRead && <span className="sr-only">Unread: </span>}
            {title}
          </span>
        </span>
        <span className="pl-4 text-sm text-muted-foreground">{message}</span>
        <span className="flex items-center gap-2 pl-4 font-mono text-[0.65rem] tracking-wider uppercase">
          <span className={style.text}>{priority}</span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <time dateTime={createdAt} className="text-muted-foreground normal-case">
            {formatRelativeTime(createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}
