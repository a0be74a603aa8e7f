import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, registerUser, sessionCookie, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1';

describe('devices', () => {
  it('lists each signed-in session as a device and signs one out', async () => {
    const account = await registerUser(t.app);
    const login = (userAgent: string) =>
      asUser(t.app, null, { 'user-agent': userAgent }).post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
    const laptop = sessionCookie(await login(CHROME_LINUX));
    const phone = sessionCookie(await login(SAFARI_IOS));

    const list = await t.app.inject({ url: '/api/mobile/devices', headers: { cookie: laptop } });
    expect(list.statusCode).toBe(200);
    const devices = list.json();
    expect(devices).toHaveLength(3);
    expect(devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ platform: 'Linux', browser: 'Chrome', current: true, isActive: true }),
        expect.objectContaining({ platform: 'iOS', browser: 'Safari', current: false }),
      ]),
    );

    const iphone = devices.find((d: { platform: string }) => d.platform === 'iOS');
    const stranger = await registerUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/mobile/devices/${iphone.id}`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/mobile/devices/${iphone.id}`,
          headers: { cookie: laptop },
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: laptop } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/mobile/devices', headers: { cookie: laptop } })).json(),
    ).toHaveLength(2);
  });
});
