import {
  Building2,
  Eye,
  FileSearch,
  HardDrive,
  Landmark,
  MapPin,
  ShieldAlert,
  UserCheck,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** The icons the catalogue names in `icon` (lucide names); an unknown name gets a generic one. */
const ICONS: Record<string, LucideIcon> = {
  UserCheck,
  Building2,
  HardDrive,
  Eye,
  MapPin,
  Landmark,
  ShieldAlert,
};

export function InvestigationIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? FileSearch;
  return <Icon aria-hidden="true" className={cn('size-5', className)} />;
}
