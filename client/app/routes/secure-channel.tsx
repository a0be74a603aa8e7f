import { SecureChannel } from '@/features/secure-channel/components/secure-channel';

/** /secure-channel (spec 2.15), for everyone, signed in or not. */
export function SecureChannelRoute() {
  return <SecureChannel />;
}
