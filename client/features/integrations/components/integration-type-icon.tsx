import { Hash, MessageCircle, Send, Webhook } from 'lucide-react';
import type { IntegrationType } from '@contract/integrations';
import { cn } from '@/lib/utils';

const ICONS = { slack: Hash, discord: MessageCircle, telegram: Send, webhook: Webhook } as const;

/** A type's mark in a tile (generic glyphs: the services' own logos are theirs). */
export function IntegrationTypeIcon({ type, className }: { type: IntegrationType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-md border bg-surface',
        className,
      )}
    >
      <Icon className="size-4 text-primary" />
    </span>
  );
}
