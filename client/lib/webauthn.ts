import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/api-client';

/*
 * The browser's side of a passkey assertion, shared by the sign-in, its two-factor step and the re-authentication
 * dialog (features do not import each other). @simplewebauthn/browser runs the ceremony; the server verifies it.
 */

export type AssertionPurpose = 'sign-in' | 'mfa' | 'reauth';

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

export function passkeyAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/**
 * Fresh request options from the server, then the browser's ceremony. `autofill`: offered in the username field's
 * autofill (conditional UI) instead of a dialog, resolving only when the person picks a passkey there.
 */
export async function passkeyAssertion(
  purpose: AssertionPurpose,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/auth/passkeys/authentication/options',
    purpose === 'sign-in' ? {} : { purpose },
  );
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Ends a ceremony still waiting (the autofill one, when its form goes away). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** Words for a ceremony the person or the browser ended, where the API's own message is not there. */
export function passkeyErrorMessage(error: unknown): string | null {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey request was cancelled or timed out.';
  }
  return null;
}
