import { SecureChannel } from '@/features/secure-channel/components/secure-channel';

/** /secure-channel, for everyone, signed in or not. */
export function SecureChannelRoute() {
  return <SecureChannel />;
}
