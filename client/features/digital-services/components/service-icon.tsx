import { Eye, Search, ShieldAlert, TrendingUp, UserCheck, type LucideIcon } from 'lucide-react';
import type { DigitalService, DigitalServiceCategory } from '@contract/digital-services';
import { cn } from '@/lib/utils';

/** The icons the catalogue names in `iconClass` (lucide names); unknown names fall back to the category's. */
const ICONS: Record<string, LucideIcon> = { ShieldAlert, Eye, Search, UserCheck, TrendingUp };

const CATEGORY_ICONS: Record<DigitalServiceCategory, LucideIcon> = {
  threat: ShieldAlert,
  reputation: Eye,
  osint: Search,
  risk: UserCheck,
  trend: TrendingUp,
};

export function ServiceIcon({
  service,
  className,
}: {
  service: Pick<DigitalService, 'iconClass' | 'category'>;
  className?: string;
}) {
  const Icon = ICONS[service.iconClass] ?? CATEGORY_ICONS[service.category];
  return <Icon aria-hidden="true" className={cn('size-5', className)} />;
}
