import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238: 30-second steps, 6 digits, SHA-1 (what every authenticator app reads). */
export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  // 20 random bytes (160 bits, RFC 4226's recommendation), base32.
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD_SECONDS });
}

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/**
 * Checks a code against the current step and one step either side (clock drift). A code is accepted once: steps
 * at or before `lastTimeStep` are refused. Returns the step that matched, to remember, or null.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastTimeStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an authenticator shows now (tests and the CLI use it). */
export function currentTotp(secret: string, at = Date.now()): Promise<string> {
  return generate({ secret, period: TOTP_PERIOD_SECONDS, epoch: Math.floor(at / 1000) });
}
