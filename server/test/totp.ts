import { setTimeout as sleep } from 'node:timers/promises';
import { currentTotp, TOTP_PERIOD_SECONDS } from '../lib/totp.js';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** Far longer than a code takes from a test to the server's check, on a loaded machine too. */
const EDGE_MS = 5_000;

/**
 * The code of the step before the current one. Tests enable 2FA with it, so the current step's code is still unused
 * for what follows (a step is accepted once). The server accepts one step either side of its own, so this code is
 * refused once the server's clock passes into the next step: near the end of a step, this waits for the next one.
 */
export async function previousStepTotp(secret: string): Promise<string> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < EDGE_MS) await sleep(left + 100);
  return currentTotp(secret, Date.now() - STEP_MS);
}
