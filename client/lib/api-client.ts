import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ErrorBody } from '@contract/errors';
import { LOGIN_URL, SESSION_EXPIRED_REDIRECT_DELAY_MS } from '@/lib/constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Any non-OK answer. `message` is `${status}: ${body text || status text}` so that
 * `isUnauthorizedError` and older screens can read the status from the message alone; `body` is the API's
 * error body (the shape in docs/api.md) when the answer was one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

// A hand-written guard rather than the contract's zod schema: it keeps zod out of the first page's bundle.
function parseErrorBody(text: string): ErrorBody | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.message !== 'string' || typeof record.code !== 'string') return null;
  const body: ErrorBody = { message: record.message, code: record.code };
  if (Array.isArray(record.issues)) {
    body.issues = record.issues.filter(
      (issue): issue is { path: string; message: string } =>
        typeof issue === 'object' &&
        issue !== null &&
        typeof (issue as Record<string, unknown>).path === 'string' &&
        typeof (issue as Record<string, unknown>).message === 'string',
    );
  }
  if (typeof record.requiredTier === 'number') body.requiredTier = record.requiredTier;
  if (typeof record.ssoUrl === 'string') body.ssoUrl = record.ssoUrl;
  return body;
}

async function errorOf(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body still yields an error with the status text.
  }
  return new ApiError(response.status, response.statusText, text);
}

/** Rejects with `ApiError` (status, text and the body's error fields) unless the answer is OK. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw await errorOf(response);
}

async function readJson<T>(response: Response): Promise<T> {
  // 204 and other empty answers carry no JSON; callers that expect none get undefined.
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * One call to the API. Credentials (the session cookie) always go along; a mutation always sends a JSON body
 * with a JSON content type (`{}` when it has nothing to say), as the API requires. Resolves to the parsed
 * JSON answer (undefined for an empty one); rejects with `ApiError` on any non-OK status.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const send = () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const init: RequestInit = { method, credentials: 'include', headers };
    if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    return fetch(path, init);
  };
  let response = await send();
  // An action that changes how the account is protected asks for a fresh proof (design 12.2): the installed
  // handler asks the person for it once, and the action is sent again. Every guarded call gets this here.
  if (response.status === 403 && reauthHandler) {
    const refusal = await errorOf(response);
    if (refusal.code !== REAUTH_REQUIRED || !(await reauthHandler())) throw refusal;
    response = await send();
  }
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** The API's answer to an action that needs a recent proof of identity. */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

/** Asks the person to prove it is them again; resolves true once they did, false when they gave up. */
export type ReauthHandler = () => Promise<boolean>;

let reauthHandler: ReauthHandler | null = null;

/** Installs how a fresh proof is asked for (the app's dialog); none: a REAUTH_REQUIRED answer is thrown as is. */
export function setReauthHandler(handler: ReauthHandler | null): void {
  reauthHandler = handler;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

function get(path: string, signal?: AbortSignal): Promise<Response> {
  return fetch(path, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
}

async function fetchJson<T>(
  path: string,
  on401: UnauthorizedBehavior,
  signal?: AbortSignal,
): Promise<T | null> {
  const response = await get(path, signal);
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** GET a path; on a 401 either resolve to null (signed out is a normal state) or throw (the default). */
export function getJson<T>(
  path: string,
  options: { on401: 'returnNull'; signal?: AbortSignal },
): Promise<T | null>;
export function getJson<T>(path: string, options?: { on401: 'throw'; signal?: AbortSignal }): Promise<T>;
export function getJson<T>(
  path: string,
  { on401, signal }: { on401: UnauthorizedBehavior; signal?: AbortSignal } = { on401: 'throw' },
): Promise<T | null> {
  return fetchJson<T>(path, on401, signal);
}

/**
 * GET a path and keep the answer's headers too, for lists that carry their total in a header
 * (`X-Total-Count`). Throws `ApiError` on any non-OK status, 401 included.
 */
export async function getJsonWithHeaders<T>(
  path: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await get(path, signal);
  await throwIfNotOk(response);
  return { data: await readJson<T>(response), headers: response.headers };
}

/**
 * The URL a query key stands for: string and number parts joined with '/', later parts URL-encoded, and a
 * trailing plain object turned into the query string (undefined and null values left out).
 * `['/api/products', 7]` -> `/api/products/7`; `['/api/blog', { category: 'Intelligence' }]` -> `/api/blog?category=Intelligence`.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const segments: string[] = [];
  const params = new URLSearchParams();
  queryKey.forEach((part, index) => {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(index === 0 ? String(part) : encodeURIComponent(String(part)));
    } else if (typeof part === 'object' && part !== null && !Array.isArray(part)) {
      for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
        if (value !== undefined && value !== null) params.append(key, String(value));
      }
    }
  });
  const query = params.toString();
  return segments.join('/') + (query ? `?${query}` : '');
}

/** The default query function: a GET of the path the query key stands for. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => fetchJson<T>(queryKeyToPath(queryKey), on401, signal);
}

/** The marker of a lost session: the error message starts with '401: ' (see ApiError's message). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ');
}

export interface SessionExpiredToast {
  title: string;
  description: string;
}

/**
 * The most common lost-session toast: a request made with an expired session shows it, then goes to sign in.
 */
export const LOGGED_OUT_TOAST: SessionExpiredToast = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
};

/** Shows a lost session to the person; the app installs one that raises a toast (client/app/provider.tsx). */
export type UnauthorizedHandler = (message: SessionExpiredToast) => void;

let unauthorizedHandler: UnauthorizedHandler = () => {};

/** Installs how a lost session is shown: this module knows no UI of its own. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function goTo(url: string): void {
  window.location.href = url;
}

/**
 * A mutation's 401: the installed handler shows `message` (the app's: a destructive
 * toast), then a full-page navigation to /api/login after `delayMs` (500 ms by default; 1 s for service
 * inquiries and checkout). Returns true when the error was a 401 and has been handled, so the caller can
 * skip its own failure toast.
 */
export function handleUnauthorizedError(
  error: unknown,
  message: SessionExpiredToast = LOGGED_OUT_TOAST,
  {
    delayMs = SESSION_EXPIRED_REDIRECT_DELAY_MS,
    navigate = goTo,
  }: { delayMs?: number; navigate?: (url: string) => void } = {},
): boolean {
  if (!isUnauthorizedError(error)) return false;
  unauthorizedHandler(message);
  setTimeout(() => navigate(LOGIN_URL), delayMs);
  return true;
}

/**
 * The message to show a person for a failed call: the API's own words (a quantity above the stock, a tier
 * required, the last owner leaving, a service down for now), else the screen's `fallback`: without an answer of the
 * API's (no network, a proxy's page), and for its 500, whose body says only that something failed.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 500 && error.body?.message) return error.body.message;
  return fallback;
}
