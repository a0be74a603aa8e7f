import { lazy, Suspense, useRef, useState } from 'react';
import { ArrowUpCircle } from 'lucide-react';
import type { UpgradeTierResponse } from '@contract/subscriptions';
import { TIER_MAX } from '@contract/tiers';
import { Button, type ButtonProps } from '@/components/ui/button';

// The dialog brings the payment step and the payments contract (with zod): load it on the first click only.
const loadUpgradeDialog = () => import('@/features/subscriptions/components/upgrade-dialog');
const UpgradeDialog = lazy(() => loadUpgradeDialog().then((module) => ({ default: module.UpgradeDialog })));

interface UpgradeTierButtonProps {
  userTier: number;
  onUpgraded: (result: UpgradeTierResponse) => void;
  variant?: ButtonProps['variant'];
  className?: string;
}

/** 'Upgrade Tier', opening the shared upgrade dialog; nothing at the top tier, where there is nothing to buy. */
export function UpgradeTierButton({ userTier, onUpgraded, variant, className }: UpgradeTierButtonProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (userTier >= TIER_MAX) return null;
  return (
    <>
      <Button
        ref={buttonRef}
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadUpgradeDialog()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <ArrowUpCircle aria-hidden="true" />
        Upgrade Tier
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <UpgradeDialog open={open} onOpenChange={setOpen} userTier={userTier} onUpgraded={onUpgraded} />
        </Suspense>
      )}
    </>
  );
}
