import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AiAnalysis, PatternResults, SentimentResults, ThreatResults } from '@contract/ai';
import { AiAnalysisPanel } from '@/features/ai/components/ai-analysis-panel';
import { ANALYSIS_POLL_MS } from '@/features/ai/api/get-analyses';
import { parseDataPoints } from '@/features/ai/utils/data-points';
import { mockFetch, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const base = {
  status: 'completed' as const,
  confidence: 0.596,
  error: null,
  createdAt: new Date().toISOString(),
  completedAt: new Date().toISOString(),
};

const sentiment: SentimentResults = {
  label: 'negative',
  score: -1,
  comparative: -0.08333333333,
  wordCount: 12,
  knownWordCount: 4,
  sentenceCount: 2,
  sentences: [
    { index: 0, text: 'I love this product.', score: 3, comparative: 0.75, label: 'positive' },
    { index: 1, text: 'Terrible support, not good.', score: -4, comparative: -1, label: 'negative' },
  ],
  positiveTerms: [{ term: 'love', score: 3, count: 1 }],
  negativeTerms: [{ term: 'terrible', score: -3, count: 1 }],
  threshold: 0.05,
};

const pattern: PatternResults = {
  count: 8,
  min: 10,
  max: 40,
  mean: 15.125,
  median: 12,
  standardDeviation: 10.09154526,
  trend: { slope: 1.821428571, intercept: 8.75, rSquared: 0.1954610355, direction: 'rising' },
  anomalyDetection: { method: 'mad', mad: 1, threshold: 3.5 },
  anomalies: [{ index: 6, value: 40, robustZ: 18.886, label: 'Sun 7th' }],
  changePoints: [],
};

const threat: ThreatResults = {
  riskLevel: 'critical',
  score: 7,
  reasons: [
    'Mentions ransomware (cyber, +3)',
    'Matches stored threat "Payroll phishing" (critical) on evil.example',
  ],
  indicators: [
    { type: 'domain', value: 'evil.example', defanged: true, matched: true },
    { type: 'ipv4', value: '203.0.113.9', defanged: false, matched: false },
  ],
  keywordCues: [{ cue: 'ransomware', category: 'cyber', weight: 3, count: 1 }],
  matchedThreats: [
    {
      id: 't1',
      title: 'Payroll phishing',
      severity: 'critical',
      category: 'cyber',
      tlp: 'GREEN',
      matchedIndicators: ['evil.example'],
    },
  ],
  mitigations: ['Block evil.example at the proxy'],
};

const analyses = {
  sentiment: {
    ...base,
    id: 'a1',
    type: 'sentiment_analysis',
    inputData: { text: 'I love this product. Terrible support, not good.' },
    results: sentiment,
  },
  pattern: {
    ...base,
    id: 'a2',
    type: 'pattern_analysis',
    confidence: 0.382,
    inputData: { dataPoints: [10, 12, 11, 13, 12, 11, { value: 40, label: 'Sun 7th' }, 12] },
    results: pattern,
  },
  threat: {
    ...base,
    id: 'a3',
    type: 'threat_assessment',
    confidence: 0.9,
    inputData: { text: 'Ransomware from hxxp://evil[.]example' },
    results: threat,
  },
  failed: {
    ...base,
    id: 'a4',
    type: 'sentiment_analysis',
    status: 'failed',
    confidence: null,
    completedAt: null,
    error: 'The analyzer could not process this input',
    inputData: { text: 'Broken' },
    results: null,
  },
} satisfies Record<string, AiAnalysis>;

function serve(
  list: () => AiAnalysis[],
  other?: (request: MockRequest) => { status?: number; json?: unknown } | undefined,
) {
  return mockFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/ai/analysis') return { json: list() };
    return other?.(request);
  });
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the AI Analysis tab', () => {
  it("checks the form with the API's messages and sends nothing while it is invalid", async () => {
    const fetchMock = serve(() => []);
    const actor = userEvent.setup();
    renderWithProviders(<AiAnalysisPanel />);
    expect(await screen.findByText('No analyses yet')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));
    expect(await screen.findByText('Text is required for sentiment analysis')).toBeInTheDocument();

    await actor.selectOptions(screen.getByLabelText('Analysis type'), 'threat_assessment');
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));
    expect(await screen.findByText('Text is required for a threat assessment')).toBeInTheDocument();

    await actor.selectOptions(screen.getByLabelText('Analysis type'), 'pattern_analysis');
    await actor.type(screen.getByLabelText('Data points'), '1, 2');
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));
    expect(await screen.findByText('Pattern analysis needs at least 3 data points')).toBeInTheDocument();
    await actor.type(screen.getByLabelText('Data points'), ', x, 4');
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));
    expect(await screen.findByText('“x” is not a number')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('starts an analysis, shows the 65% bar while it runs and polls until it completes', async () => {
    let stored: AiAnalysis[] = [];
    let posted: unknown;
    const fetchMock = serve(
      () => stored,
      ({ method, url, body }) => {
        if (method !== 'POST' || url !== '/api/ai/analysis') return undefined;
        posted = body;
        stored = [
          { ...analyses.pattern, status: 'processing', confidence: null, results: null, completedAt: null },
        ];
        return { status: 201, json: stored[0] };
      },
    );
    // jsdom lays nothing out, so the chart measures 0 x 0 and recharts says so; the figures are what we check.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderWithProviders(<AiAnalysisPanel />);
    await screen.findByText('No analyses yet');
    await actor.selectOptions(screen.getByLabelText('Analysis type'), 'pattern_analysis');
    await actor.type(screen.getByLabelText('Data points'), '10 12 11\n13; 12, 11 40 12');
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));

    expect(posted).toEqual({
      type: 'pattern_analysis',
      inputData: { dataPoints: [10, 12, 11, 13, 12, 11, 40, 12] },
    });
    const card = await screen.findByTestId('analysis-card');
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Pattern Analysis progress' })).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    expect(within(card).getByText('Processing… 65%')).toBeInTheDocument();

    stored = [analyses.pattern];
    await within(card).findByText('Completed', {}, { timeout: ANALYSIS_POLL_MS + 3000 });
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).getByText('Confidence 38.2%')).toBeInTheDocument();

    // Nothing is left running, so the list is not read again.
    const reads = () =>
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/ai/analysis' && !init?.method).length;
    const before = reads();
    await new Promise((resolve) => setTimeout(resolve, ANALYSIS_POLL_MS + 500));
    expect(reads()).toBe(before);
  }, 15_000);

  it('shows the sentiment verdict with a bar per sentence and the strongest terms', async () => {
    serve(() => [analyses.sentiment]);
    renderWithProviders(<AiAnalysisPanel />);
    const card = await screen.findByTestId('analysis-card');
    expect(within(card).getByTestId('sentiment-label')).toHaveTextContent('Negative');
    const sentences = within(card).getByRole('list', { name: 'Sentences' });
    expect(within(sentences).getAllByRole('listitem')).toHaveLength(2);
    const bars = within(card).getAllByTestId('sentence-bar');
    expect(bars.map((bar) => bar.style.width)).toEqual(['37.5%', '50%']);
    expect(bars[1]).toHaveClass('bg-red-400');
    expect(
      within(within(card).getByRole('list', { name: 'Strongest positive terms' })).getByText(/love/),
    ).toBeInTheDocument();
    expect(within(card).getByText('4 of 12')).toBeInTheDocument();
  });

  it('shows pattern statistics, the trend and the anomalies', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => [analyses.pattern]);
    renderWithProviders(<AiAnalysisPanel />);
    const card = await screen.findByTestId('analysis-card');
    expect(within(card).getByText('Mean').nextSibling).toHaveTextContent('15.125');
    expect(within(card).getByText('Std. deviation').nextSibling).toHaveTextContent('10.0915');
    expect(within(card).getByTestId('pattern-trend')).toHaveTextContent(
      'Trend: Rising (slope +1.8214 per point, intercept 8.75, R² 0.1955)',
    );
    expect(within(card).getByRole('list', { name: 'Anomalies' })).toHaveTextContent(
      'Sun 7th: 40 (z +18.886)',
    );
    expect(within(card).getByText('No shift in level')).toBeInTheDocument();
    expect(within(card).getByTestId('pattern-chart')).toBeInTheDocument();
  });

  it('shows the threat assessment: risk, reasons, indicators, matched threats and mitigations', async () => {
    serve(() => [analyses.threat]);
    renderWithProviders(<AiAnalysisPanel />);
    const card = await screen.findByTestId('analysis-card');
    expect(within(card).getByTestId('risk-level')).toHaveTextContent('Critical risk');
    expect(within(card).getByRole('list', { name: 'Reasons' })).toHaveTextContent(
      'Mentions ransomware (cyber, +3)',
    );
    const rows = within(within(card).getByRole('table', { name: 'Indicators' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TypeValueKnown threat',
      'Domainevil.example(was defanged)Match',
      'IPv4203.0.113.9No',
    ]);
    expect(within(card).getByRole('list', { name: 'Matched threats' })).toHaveTextContent('Payroll phishing');
    expect(within(card).getByRole('list', { name: 'Mitigations' })).toHaveTextContent(
      'Block evil.example at the proxy',
    );
  });

  it('shows why a failed analysis failed', async () => {
    serve(() => [analyses.failed]);
    renderWithProviders(<AiAnalysisPanel />);
    const card = await screen.findByTestId('analysis-card');
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('The analyzer could not process this input');
  });

  it('shows the server’s message when it refuses the analysis', async () => {
    serve(
      () => [],
      ({ method }) =>
        method === 'POST'
          ? {
              status: 400,
              json: { message: 'Text must be at most 20000 characters', code: 'VALIDATION_FAILED' },
            }
          : undefined,
    );
    const actor = userEvent.setup();
    renderWithProviders(<AiAnalysisPanel />);
    await actor.type(await screen.findByLabelText('Text'), 'Fine words.');
    await actor.click(screen.getByRole('button', { name: 'Run Analysis' }));
    await waitFor(() =>
      expect(screen.getByRole('form', { name: 'New analysis' })).toHaveTextContent(
        'Text must be at most 20000 characters',
      ),
    );
  });
});

describe('parseDataPoints', () => {
  it('reads numbers between commas, semicolons, spaces and lines, and names the first non-number', () => {
    expect(parseDataPoints(' 1, 2.5;-3\n4e2  ')).toEqual({ values: [1, 2.5, -3, 400], invalid: null });
    expect(parseDataPoints('1, two, 3')).toEqual({ values: [1], invalid: 'two' });
    expect(parseDataPoints('')).toEqual({ values: [], invalid: null });
  });
});
