import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiRequest,
  getJsonWithHeaders,
  getQueryFn,
  handleUnauthorizedError,
  isUnauthorizedError,
  queryKeyToPath,
  setReauthHandler,
} from '@/lib/api-client';
import { queryConfig } from '@/lib/query-client';
import { resetToastsForTests, useToast } from '@/components/ui/use-toast';
import { mockFetch } from '@/test/fetch-mock';
import { act, renderHook } from '@testing-library/react';

function runQueryFn<T>(queryFn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) {
  return queryFn({
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: new QueryClient(),
  } as unknown as Parameters<typeof queryFn>[0]);
}

describe('apiRequest', () => {
  afterEach(() => setReauthHandler(null));

  it('asks for a fresh proof on REAUTH_REQUIRED and sends the action again once it is given', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() =>
      ++calls === 1
        ? { status: 403, json: { message: 'Confirm it is you', code: 'REAUTH_REQUIRED' } }
        : { status: 201, json: { id: 'k1' } },
    );
    const handler = vi.fn(async () => true);
    setReauthHandler(handler);
    await expect(apiRequest('POST', '/api/api-keys', { name: 'Script' })).resolves.toEqual({ id: 'k1' });
    expect(handler).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{"name":"Script"}');
  });

  it('throws the refusal when the proof is not given, and leaves other 403s alone', async () => {
    mockFetch(() => ({ status: 403, json: { message: 'Confirm it is you', code: 'REAUTH_REQUIRED' } }));
    const handler = vi.fn(async () => false);
    setReauthHandler(handler);
    const refused = await apiRequest('POST', '/api/api-keys').catch((error: unknown) => error);
    expect((refused as ApiError).code).toBe('REAUTH_REQUIRED');
    mockFetch(() => ({ status: 403, json: { message: 'Tier 4 access required', code: 'TIER_REQUIRED' } }));
    await expect(apiRequest('POST', '/api/cases/1/assign')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('sends credentials and a JSON body with a JSON content type', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, json: { id: 1 } }));
    await expect(apiRequest('POST', '/api/cart', { productId: 3, quantity: 1 })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cart');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"productId":3,"quantity":1}',
    });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends {} for a mutation without a body, and no body for a GET', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    await expect(apiRequest('PATCH', '/api/notifications/read-all')).resolves.toBeUndefined();
    await apiRequest('DELETE', '/api/cart/4');
    await apiRequest('GET', '/api/cart');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{}');
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{}');
    expect(fetchMock.mock.calls[2]![1]?.body).toBeUndefined();
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws "status: body text" and carries the parsed error body', async () => {
    const body = {
      message: 'Tier 3 required',
      code: 'TIER_REQUIRED',
      requiredTier: 3,
    };
    mockFetch(() => ({ status: 403, statusText: 'Forbidden', json: body }));
    const error = await apiRequest('POST', '/api/cart', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`403: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).code).toBe('TIER_REQUIRED');
  });

  it('keeps the validation issues of a 400', async () => {
    const body = {
      message: 'Validation failed',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'email', message: 'Invalid email' }],
    };
    mockFetch(() => ({ status: 400, json: body }));
    const error = (await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.body?.issues).toEqual([{ path: 'email', message: 'Invalid email' }]);
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(() => ({ status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('GET', '/api/products')).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps a plain-text body as is, with no parsed body', async () => {
    mockFetch(() => ({ status: 502, statusText: 'Bad Gateway', text: 'upstream down' }));
    const error = (await apiRequest('GET', '/api/products').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: upstream down');
    expect(error.body).toBeNull();
  });
});

describe('getQueryFn', () => {
  it('GETs the path the query key stands for, with credentials', async () => {
    const fetchMock = mockFetch(() => ({ json: [{ id: 7 }] }));
    await expect(runQueryFn(getQueryFn({ on401: 'throw' }), ['/api/products', 7])).resolves.toEqual([
      { id: 7 },
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/products/7',
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
  });

  it('returns null on 401 when asked to', async () => {
    mockFetch(() => ({ status: 401, json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' } }));
    await expect(runQueryFn(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    mockFetch(() => ({ status: 401, statusText: 'Unauthorized' }));
    await expect(runQueryFn(queryConfig.queries.queryFn, ['/api/cart'])).rejects.toThrow('401: Unauthorized');
  });
});

describe('getJsonWithHeaders', () => {
  it('returns the JSON and the headers (a list total, say), and throws on errors', async () => {
    mockFetch(({ url }) =>
      url === '/api/products?limit=24'
        ? { json: [{ id: 'p1' }], headers: { 'X-Total-Count': '28' } }
        : { status: 401, json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' } },
    );
    const { data, headers } = await getJsonWithHeaders<{ id: string }[]>('/api/products?limit=24');
    expect(data).toEqual([{ id: 'p1' }]);
    expect(headers.get('x-total-count')).toBe('28');
    await expect(getJsonWithHeaders('/api/cart')).rejects.toThrow(/^401: /);
  });
});

describe('queryKeyToPath', () => {
  it('joins segments and turns a trailing object into a query string', () => {
    expect(queryKeyToPath(['/api/products', 'a b'])).toBe('/api/products/a%20b');
    expect(queryKeyToPath(['/api/blog', { category: 'Ethics & Legal', tier: 2, skip: undefined }])).toBe(
      '/api/blog?category=Ethics+%26+Legal&tier=2',
    );
    expect(queryKeyToPath(['/api/cases?assigned=true'])).toBe('/api/cases?assigned=true');
  });
});

describe('query client defaults', () => {
  it('never goes stale, never retries, never refetches on focus or polls', () => {
    expect(queryConfig.queries).toMatchObject({
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(queryConfig.mutations.retry).toBe(false);
  });
});

describe('lost session', () => {
  afterEach(() => resetToastsForTests());

  it('recognises a 401 by its message', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Unauthorized', ''))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', ''))).toBe(false);
    expect(isUnauthorizedError('401: not an error object')).toBe(false);
  });

  it('shows a destructive toast, then goes to /api/login after 500 ms', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const { result } = renderHook(() => useToast());
    let handled = false;
    act(() => {
      handled = handleUnauthorizedError(
        new ApiError(401, 'Unauthorized', ''),
        { title: 'Unauthorized', description: 'Please log in again to upgrade your tier.' },
        { navigate },
      );
    });
    expect(handled).toBe(true);
    expect(result.current.toasts[0]).toMatchObject({
      variant: 'destructive',
      title: 'Unauthorized',
      description: 'Please log in again to upgrade your tier.',
    });
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login');
  });

  it('honours a longer delay and ignores other errors', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    expect(handleUnauthorizedError(new ApiError(500, 'Oops', ''), undefined, { navigate })).toBe(false);
    expect(handleUnauthorizedError(new ApiError(401, '', ''), undefined, { navigate, delayMs: 1000 })).toBe(
      true,
    );
    vi.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledOnce();
  });
});
