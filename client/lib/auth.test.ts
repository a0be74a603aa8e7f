import { describe, expect, it } from 'vitest';
import { getUser, maybeSignedIn } from '@/lib/auth';
import { mockFetch, testUser } from '@/test/fetch-mock';

const dropHint = () => {
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
};

describe('the current user (decision 013)', () => {
  it('is null without asking when the browser holds no session hint: no 401 for a signed-out visitor', async () => {
    dropHint();
    const fetchMock = mockFetch(() => ({ json: testUser }));
    expect(maybeSignedIn()).toBe(false);
    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked when the hint is there, and answers the user', async () => {
    const fetchMock = mockFetch(({ url }) => (url === '/api/auth/user' ? { json: testUser } : undefined));
    expect(maybeSignedIn()).toBe(true);
    await expect(getUser()).resolves.toMatchObject({ id: testUser.id });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('forgets a hint the server no longer backs (a 401), so the next page does not ask again', async () => {
    const fetchMock = mockFetch(() => ({
      status: 401,
      json: { message: 'Unauthorized', code: 'UNAUTHENTICATED' },
    }));
    await expect(getUser()).resolves.toBeNull();
    expect(maybeSignedIn()).toBe(false);
    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
