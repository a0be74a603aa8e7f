import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { seedDataDir } from '../../lib/paths.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

describe('team', () => {
  it('serves the dossiers in the data file order, the advisors and the notice, publicly', async () => {
    const data = JSON.parse(await readFile(path.join(seedDataDir, 'team.json'), 'utf8')) as {
      members: { id: string; links: unknown[] }[];
      advisors: unknown[];
      classificationNotice: string;
    };
    const response = await t.app.inject({ url: '/api/team' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.members.map((m: { id: string }) => m.id)).toEqual(data.members.map((m) => m.id));
    expect(page.members).toHaveLength(2);
    expect(page.members[0]).toMatchObject({
      name: expect.any(String),
      title: expect.any(String),
      classification: expect.any(String),
      clearanceLevel: expect.any(String),
      securityClearance: expect.any(String),
      yearsActive: expect.any(Number),
      bio: expect.any(String),
    });
    expect(page.members[0].specializations.length).toBeGreaterThan(0);
    expect(page.members[0].operationalHistory.length).toBeGreaterThan(0);
    expect(page.members[1].links).toEqual(data.members[1]!.links);
    expect(page.advisors).toEqual(data.advisors);
    expect(page.advisors).toHaveLength(3);
    expect(page.classificationNotice).toBe(data.classificationNotice);
  });

  it('is an empty list, not an error, before the seed', async () => {
    const empty = await createTestApp();
    try {
      const response = await empty.app.inject({ url: '/api/team' });
      expect(response.statusCode).toBe(200);
      expect(response.json().members).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
