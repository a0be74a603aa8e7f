import { vi } from 'vitest';
import type { User } from '@contract/auth';

export interface MockRequest {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

export type MockReply = {
  status?: number;
  statusText?: string;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
};

/**
 * Replaces global fetch: `handler` answers each request (undefined means 404). Returns the mock to inspect
 * calls. Unstubbed after each test by the setup file.
 */
export function mockFetch(
  handler: (request: MockRequest) => MockReply | undefined | Promise<MockReply | undefined>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = (await handler({ method, url, body, init })) ?? {
      status: 404,
      json: { message: 'Not found', code: 'NOT_FOUND' },
    };
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: {
        ...(reply.json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...reply.headers,
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const testUser: User = {
  id: 'u_1',
  email: 'agent@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  tier: 2,
  effectiveTier: 2,
  organization: null,
  mfaEnabled: false,
  emailVerified: true,
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const UNAUTHENTICATED = { status: 401, json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' } };
