import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AiAnalysis } from '../../../contract/ai.js';
import { createThreatRequestSchema } from '../../../contract/threats.js';
import { setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import * as auth from '../auth/auth.service.js';
import * as threats from '../threats/threats.service.js';
import * as repository from './ai.repository.js';
import { ANALYZERS, REASONS, runAnalysis } from './ai.service.js';
import { AnalyzerError } from './analyzers/shared.js';

let t: TestApp;
let owner: Member;
const log = { error: vi.fn() };
beforeAll(async () => {
  // The real workers run, as in the server: a sent job is picked up at once.
  t = await createTestApp({}, { jobs: true });
  owner = await member();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const account = await registerUser(t.app);
  return account;
}

async function start(who: Member, body: unknown): Promise<AiAnalysis> {
  const response = await asUser(t.app, who).post('/api/ai/analysis', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AiAnalysis>();
}

/** Polls as the client does until the job has finished the analysis. */
async function finished(who: Member, id: string): Promise<AiAnalysis> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await asUser(t.app, who).get(`/api/ai/analysis/${id}`);
    expect(response.statusCode).toBe(200);
    const analysis = response.json<AiAnalysis>();
    if (analysis.status === 'completed' || analysis.status === 'failed') return analysis;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`analysis ${id} did not finish`);
}

const issuesOf = async (body: unknown) => {
  const response = await asUser(t.app, owner).post('/api/ai/analysis', body);
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('VALIDATION_FAILED');
  return response.json<{ issues: { path: string; message: string }[] }>().issues;
};

describe('AI analysis requests', () => {
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/analysis' });
    expect(response.statusCode).toBe(401);
  });

  it('checks the input each type needs, with clear messages', async () => {
    expect(await issuesOf({ type: 'poetry', inputData: { text: 'x' } })).toEqual([
      {
        path: 'type',
        message: 'Type must be one of threat_assessment, pattern_analysis, sentiment_analysis',
      },
    ]);
    expect(await issuesOf({ type: 'sentiment_analysis', inputData: { text: '   ' } })).toEqual([
      { path: 'inputData.text', message: 'Text is required for sentiment analysis' },
    ]);
    expect(await issuesOf({ type: 'threat_assessment' })).toEqual([
      { path: 'inputData.text', message: 'Text is required for a threat assessment' },
    ]);
    expect(await issuesOf({ type: 'sentiment_analysis', inputData: { text: 'a'.repeat(20_001) } })).toEqual([
      { path: 'inputData.text', message: 'Text must be at most 20000 characters' },
    ]);
    expect(await issuesOf({ type: 'pattern_analysis', inputData: { dataPoints: [1, 2] } })).toEqual([
      { path: 'inputData.dataPoints', message: 'Pattern analysis needs at least 3 data points' },
    ]);
    expect(
      await issuesOf({
        type: 'pattern_analysis',
        inputData: { dataPoints: Array.from({ length: 10_001 }, () => 1) },
      }),
    ).toEqual([
      { path: 'inputData.dataPoints', message: 'Pattern analysis takes at most 10000 data points' },
    ]);
    const badPoint = await issuesOf({ type: 'pattern_analysis', inputData: { dataPoints: [1, 'two', 3] } });
    expect(badPoint[0]).toEqual({
      path: 'inputData.dataPoints.1',
      message: expect.stringContaining('Each data point must be a number'),
    });
    // No image model runs here: an image is refused, not answered with an invented result.
    expect(
      await issuesOf({ type: 'threat_assessment', inputData: { imageUrl: 'https://example.com/a.png' } }),
    ).toEqual([
      {
        path: 'inputData.imageUrl',
        message:
          'Image analysis is not available: no local model reads images. Send text or data points instead',
      },
      { path: 'inputData.text', message: 'Text is required for a threat assessment' },
    ]);
  });

  it('stores the analysis pending with only the input its type uses, and keeps it to its owner', async () => {
    const created = await start(owner, {
      type: 'pattern_analysis',
      inputData: { text: 'ignored', dataPoints: [1, { value: 2, label: 'Tue', extra: true }, 3] },
    });
    expect(created).toMatchObject({
      type: 'pattern_analysis',
      inputData: { dataPoints: [1, { value: 2, label: 'Tue' }, 3] },
      confidence: null,
      results: null,
      error: null,
      completedAt: null,
    });
    expect(['pending', 'processing', 'completed']).toContain(created.status);

    const other = await member();
    expect((await asUser(t.app, other).get(`/api/ai/analysis/${created.id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, other).get('/api/ai/analysis/not-an-id')).statusCode).toBe(404);
    expect((await asUser(t.app, other).get('/api/ai/analysis')).json()).toEqual([]);
    const second = await start(other, { type: 'sentiment_analysis', inputData: { text: 'Fine.' } });
    const listed = (await asUser(t.app, other).get('/api/ai/analysis')).json<AiAnalysis[]>();
    expect(listed.map((a) => a.id)).toEqual([second.id]);
  });

  it('lists the owner’s analyses newest first', async () => {
    const who = await member();
    const first = await start(who, { type: 'sentiment_analysis', inputData: { text: 'One.' } });
    const second = await start(who, { type: 'sentiment_analysis', inputData: { text: 'Two.' } });
    const listed = (await asUser(t.app, who).get('/api/ai/analysis')).json<AiAnalysis[]>();
    expect(listed.map((a) => a.id)).toEqual([second.id, first.id]);
    expect((await asUser(t.app, who).get('/api/ai/analysis?limit=1')).json()).toHaveLength(1);
  });
});

describe('AI analysis jobs', () => {
  it('completes a sentiment analysis through the queue', async () => {
    const created = await start(owner, {
      type: 'sentiment_analysis',
      inputData: { text: 'I love this product. It is not good at all!\nTerrible support.' },
    });
    const done = await finished(owner, created.id);
    expect(done).toMatchObject({ status: 'completed', confidence: 0.596, error: null });
    expect(done.completedAt).not.toBeNull();
    expect(done.results).toMatchObject({ label: 'negative', score: -1, sentenceCount: 3 });
  });

  it('completes a pattern analysis through the queue', async () => {
    const created = await start(owner, {
      type: 'pattern_analysis',
      inputData: { dataPoints: [1, 2, 1, 2, 1, 9, 10, 9, 10, 9] },
    });
    const done = await finished(owner, created.id);
    expect(done.status).toBe('completed');
    expect(done.results).toMatchObject({
      count: 10,
      mean: 5.4,
      changePoints: [{ index: 5, meanBefore: 1.4, meanAfter: 9.4 }],
      trend: { direction: 'rising' },
    });
  });

  it('assesses a text against stored threat intelligence the owner may read', async () => {
    const directorAccount = await registerUser(t.app);
    await setUserTier(t, directorAccount.id, 4);
    const director = (await auth.findUser(t.database.db, directorAccount.id))!;
    const add = (extra: Record<string, unknown>) =>
      threats.createThreat(
        t.ctx,
        director,
        createThreatRequestSchema.parse({
          source: 'CERT-Example',
          category: 'cyber',
          title: 'Payroll phishing wave',
          description: 'A phishing wave imitating the payroll portal harvests staff credentials.',
          ...extra,
        }),
      );
    await add({
      severity: 'critical',
      tlp: 'GREEN',
      indicators: ['payroll-login.example.net'],
      mitigations: ['Block payroll-login.example.net at the proxy', 'Reset the credentials entered'],
    });
    await add({
      title: 'Directors only',
      severity: 'low',
      tlp: 'RED',
      indicators: ['203.0.113.9'],
      mitigations: ['Secret step'],
    });

    const created = await start(owner, {
      type: 'threat_assessment',
      inputData: {
        text: 'Staff got mail linking hxxps://payroll-login[.]example[.]net/sso from 203.0.113.9.',
      },
    });
    const done = await finished(owner, created.id);
    expect(done.status).toBe('completed');
    if (done.type !== 'threat_assessment') throw new Error('wrong type');
    expect(done.results).toMatchObject({
      riskLevel: 'critical',
      matchedThreats: [
        {
          title: 'Payroll phishing wave',
          severity: 'critical',
          matchedIndicators: ['payroll-login.example.net'],
        },
      ],
      mitigations: ['Block payroll-login.example.net at the proxy', 'Reset the credentials entered'],
    });
    // The RED record stays hidden from a tier-1 owner: its address does not match.
    expect(done.results!.indicators.find((i) => i.value === '203.0.113.9')).toMatchObject({ matched: false });
    expect(done.results!.reasons).toContain(
      'Matches stored threat "Payroll phishing wave" (critical) on payroll-login.example.net',
    );
  });

  it('fails an analysis when the queue refuses its job', async () => {
    const send = vi.spyOn(t.ctx.queue, 'send').mockRejectedValueOnce(new Error('queue down'));
    const created = await start(owner, { type: 'sentiment_analysis', inputData: { text: 'Hello.' } });
    send.mockRestore();
    expect(created).toMatchObject({ status: 'failed', error: REASONS.notQueued });
  });
});

describe('running an analysis', () => {
  async function pending(text = 'A calm day.') {
    return repository.insertAnalysis(t.database.db, {
      userId: owner.id,
      type: 'sentiment_analysis',
      inputData: { text },
    });
  }

  it('marks the analysis failed with a reason when its analyzer throws', async () => {
    const row = await pending();
    const broken = {
      ...ANALYZERS,
      sentiment_analysis: () => {
        throw new TypeError('cannot read properties of undefined');
      },
    };
    const failed = await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 0 }, log, broken);
    expect(failed).toMatchObject({ status: 'failed', error: REASONS.analyzerFailed, results: null });
    expect(log.error).toHaveBeenCalled();
    const shown = (await asUser(t.app, owner).get(`/api/ai/analysis/${row.id}`)).json<AiAnalysis>();
    expect(shown).toMatchObject({ status: 'failed', error: 'The analyzer could not process this input' });

    const refusing = await pending();
    const refused = await runAnalysis(t.ctx, { analysisId: refusing.id, retryCount: 0 }, log, {
      ...ANALYZERS,
      sentiment_analysis: () => {
        throw new AnalyzerError('The text has no words');
      },
    });
    expect(refused).toMatchObject({ status: 'failed', error: 'The text has no words' });
  });

  it('fails an analysis whose analyzer returns results that break the contract', async () => {
    const row = await pending();
    const wrong = await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 0 }, log, {
      ...ANALYZERS,
      sentiment_analysis: () => ({ confidence: 2, results: { label: 'positive' } as never }),
    });
    expect(wrong).toMatchObject({ status: 'failed', error: REASONS.invalidResult });
  });

  it('does not redo a finished analysis when its job runs again', async () => {
    const row = await pending('What a wonderful result.');
    const done = await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 0 }, log);
    expect(done).toMatchObject({ status: 'completed', results: { label: 'positive' } });
    const counting = { ...ANALYZERS, sentiment_analysis: vi.fn(ANALYZERS.sentiment_analysis) };
    expect(await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 0 }, log, counting)).toBeNull();
    expect(await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 1 }, log, counting)).toBeNull();
    expect(counting.sentiment_analysis).not.toHaveBeenCalled();
    expect(await repository.findAnalysis(t.database.db, row.id)).toMatchObject({
      status: 'completed',
      completedAt: done!.completedAt,
    });
  });

  it('retries a threat lookup that failed, and gives up with a reason on the last try', async () => {
    const row = await repository.insertAnalysis(t.database.db, {
      userId: owner.id,
      type: 'threat_assessment',
      inputData: { text: 'Traffic from 198.51.100.7.' },
    });
    const lookup = vi
      .spyOn(threats, 'findThreatsByIndicators')
      .mockRejectedValue(new Error('connection lost'));
    try {
      await expect(runAnalysis(t.ctx, { analysisId: row.id, retryCount: 0 }, log)).rejects.toThrow();
      // The retry takes over the analysis the failed try left in processing.
      expect(await runAnalysis(t.ctx, { analysisId: row.id, retryCount: 2 }, log)).toMatchObject({
        status: 'failed',
        error: REASONS.threatsUnavailable,
      });
    } finally {
      lookup.mockRestore();
    }
  });
});
