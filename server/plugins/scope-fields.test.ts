import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, registerUser, type TestApp } from '../test/helpers.js';
import { droppedScopeFields, SCOPE_FIELDS } from './scope-fields.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newCase = {
  title: 'Missing shipment audit',
  description: 'Two pallets of equipment vanished between the port and our warehouse in March.',
  category: 'investigation',
};

describe('fields that limit who may see something (design 11.2)', () => {
  it('finds the scope fields a parse dropped, and nothing else', () => {
    expect(droppedScopeFields({ tier: 4, title: 'x', extra: 1 }, { title: 'x' })).toEqual(['tier']);
    expect(droppedScopeFields({ tlp: 'RED' }, { tlp: 'RED' })).toEqual([]);
    expect(droppedScopeFields(['tier'], [])).toEqual([]);
    expect(droppedScopeFields(null, null)).toEqual([]);
  });

  // `visibility` is a case's own field since design 12.3 (shared with the organisation): honoured, not refused.
  it.each(SCOPE_FIELDS.filter((field) => field !== 'visibility'))(
    'refuses %s with a 400 where the call cannot honour it, and creates nothing',
    async (field) => {
      const owner = await registerUser(t.app);
      const response = await asUser(t.app, owner).post('/api/cases', { ...newCase, [field]: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: field, message: `${field} is not accepted here: this call cannot honour it` }],
      });
      expect((await asUser(t.app, owner).get('/api/cases')).json()).toEqual([]);
    },
  );

  it('refuses them in query strings too, and still answers when the field is absent', async () => {
    const owner = await registerUser(t.app);
    expect((await asUser(t.app, owner).get('/api/cases?visibility=all')).statusCode).toBe(400);
    expect((await asUser(t.app, owner).get('/api/notifications?isInternal=true')).statusCode).toBe(400);
    expect((await asUser(t.app, owner).get('/api/cases')).statusCode).toBe(200);
  });

  it('refuses an API key asking for a scope it cannot have, and keeps no key', async () => {
    const owner = await registerUser(t.app);
    const key = await asUser(t.app, owner).post('/api/api-keys', {
      name: 'Reporting',
      permissions: ['read'],
      scope: 'all',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().issues[0].path).toBe('scope');
    expect((await asUser(t.app, owner).get('/api/api-keys')).json()).toEqual([]);
  });
});
