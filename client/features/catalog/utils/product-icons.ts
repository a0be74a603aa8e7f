import {
  Activity,
  AudioLines,
  Backpack,
  Binoculars,
  BriefcaseMedical,
  Bug,
  Camera,
  Car,
  Cctv,
  Eye,
  Hand,
  HardDrive,
  HardHat,
  KeyRound,
  Laptop,
  LocateFixed,
  Lock,
  Mic,
  Package,
  Radar,
  RadioReceiver,
  Satellite,
  ScanEye,
  ScanSearch,
  Shield,
  ShieldHalf,
  Siren,
  Thermometer,
  Usb,
  VolumeX,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import type { Product } from '@contract/catalog';

/*
 * What a product is, told by an icon when it has no photograph of its own (issue 18: one picture per category made
 * the catalogue look like placeholders). The first rule whose words occur in the name decides; the category's icon
 * otherwise. Each icon has a name, which the card exposes for tests (data-icon).
 */
const RULES: readonly { words: readonly string[]; name: string; icon: LucideIcon }[] = [
  { words: ['thermal'], name: 'thermometer', icon: Thermometer },
  { words: ['dashcam', 'vehicle'], name: 'car', icon: Car },
  { words: ['body-worn'], name: 'camera', icon: Camera },
  { words: ['ptz', 'perimeter camera', 'cctv'], name: 'cctv', icon: Cctv },
  { words: ['binocular', 'rangefinder'], name: 'binoculars', icon: Binoculars },
  { words: ['transcription', 'interview'], name: 'audio-lines', icon: AudioLines },
  { words: ['recorder', 'microphone'], name: 'mic', icon: Mic },
  { words: ['helmet'], name: 'hard-hat', icon: HardHat },
  { words: ['glove'], name: 'hand', icon: Hand },
  { words: ['first-aid', 'trauma', 'medical'], name: 'briefcase-medical', icon: BriefcaseMedical },
  { words: ['backpack'], name: 'backpack', icon: Backpack },
  { words: ['driving', 'emergency'], name: 'siren', icon: Siren },
  { words: ['stab', 'spike'], name: 'shield-half', icon: ShieldHalf },
  { words: ['armour', 'armor', 'vest', 'ballistic'], name: 'shield', icon: Shield },
  { words: ['gps'], name: 'locate-fixed', icon: LocateFixed },
  { words: ['junction'], name: 'scan-search', icon: ScanSearch },
  { words: ['bug', 'tscm', 'sweep'], name: 'bug', icon: Bug },
  { words: ['lens', 'hidden camera'], name: 'scan-eye', icon: ScanEye },
  { words: ['acoustic', 'masking'], name: 'volume-x', icon: VolumeX },
  { words: ['spectrum'], name: 'activity', icon: Activity },
  { words: ['rf detector', 'rf '], name: 'radar', icon: Radar },
  { words: ['satellite'], name: 'satellite', icon: Satellite },
  { words: ['faraday', 'signal-blocking'], name: 'wifi-off', icon: WifiOff },
  { words: ['usb'], name: 'usb', icon: Usb },
  { words: ['laptop'], name: 'laptop', icon: Laptop },
  { words: ['security key', 'fido'], name: 'key-round', icon: KeyRound },
  { words: ['ssd', 'drive', 'storage'], name: 'hard-drive', icon: HardDrive },
  { words: ['radio'], name: 'radio-receiver', icon: RadioReceiver },
];

const CATEGORY_ICONS: Readonly<Record<string, { name: string; icon: LucideIcon }>> = {
  'surveillance-audio': { name: 'eye', icon: Eye },
  'protection-gear': { name: 'shield', icon: Shield },
  'counter-surveillance': { name: 'radar', icon: Radar },
  'secure-devices': { name: 'lock', icon: Lock },
};

export function productIcon(product: Pick<Product, 'name' | 'category'>): { name: string; icon: LucideIcon } {
  const name = product.name.toLowerCase();
  const rule = RULES.find(({ words }) => words.some((word) => name.includes(word)));
  if (rule) return rule;
  return CATEGORY_ICONS[product.category.slug] ?? { name: 'package', icon: Package };
}

/** The seed's pictures are one drawing per category: a product with one of those has no picture of its own. */
export function ownImage(src: string | null): string | null {
  return src && !src.startsWith('/images/categories/') ? src : null;
}
