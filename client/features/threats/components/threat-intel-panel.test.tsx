import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAXII_COLLECTION_ID } from '@contract/taxii';
import type { StixImportReport, StixImportSummary, Threat } from '@contract/threats';
import { ThreatIntelPanel } from '@/features/threats/components/threat-intel-panel';
import { mockFetch, testUser, type MockRequest, type MockReply } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const director = { ...testUser, id: 'u_dir', tier: 4, effectiveTier: 4 };

function makeThreat(overrides: Partial<Threat> = {}): Threat {
  return {
    id: 't_1',
    source: 'CERT-Example',
    category: 'cyber',
    severity: 'critical',
    title: 'Credential phishing wave',
    description: 'A phishing wave imitating the payroll portal harvests staff credentials.',
    indicators: ['evil.example', '203.0.113.7'],
    mitigations: ['Block the domain at the resolver'],
    tlp: 'RED',
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    addedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ...overrides,
  };
}

function serve({
  user = testUser,
  threats = [],
  latestImport = null,
  other,
}: {
  user?: typeof testUser;
  threats?: Threat[] | ((url: string) => Threat[]);
  latestImport?: StixImportSummary | null;
  other?: (request: MockRequest) => MockReply | undefined;
}) {
  return mockFetch((request) => {
    const { method, url } = request;
    if (url === '/api/auth/user') return { json: user };
    if (method === 'GET' && url === '/api/threat-intelligence/imports/latest') return { json: latestImport };
    if (
      method === 'GET' &&
      (url === '/api/threat-intelligence' || url.startsWith('/api/threat-intelligence?'))
    ) {
      return { json: typeof threats === 'function' ? threats(url) : threats };
    }
    return other?.(request);
  });
}

const postsTo = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  fetchMock.mock.calls.filter(([callUrl, init]) => callUrl === url && init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('the Threat Intelligence tab', () => {
  it('shows each threat with its severity, category, TLP, indicators, mitigations, source and age', async () => {
    serve({ threats: [makeThreat()] });
    renderWithProviders(<ThreatIntelPanel />);
    const card = await screen.findByTestId('threat-card');
    expect(within(card).getByRole('heading', { name: 'Credential phishing wave' })).toBeInTheDocument();
    expect(within(card).getByText('Critical')).toBeInTheDocument();
    expect(within(card).getByText('Cyber')).toBeInTheDocument();
    expect(within(card).getByText('TLP:RED')).toHaveAttribute('data-tlp', 'RED');
    expect(within(card).getByText('TLP:RED').className).toContain('text-[#FF2B2B]');
    const indicators = within(card).getByRole('region', { name: 'Indicators' });
    expect(
      within(indicators)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['evil.example', '203.0.113.7']);
    expect(within(card).getByRole('region', { name: 'Mitigations' })).toHaveTextContent(
      'Block the domain at the resolver',
    );
    expect(within(card).getByText('CERT-Example')).toBeInTheDocument();
    expect(within(card).getByText('3 hours ago')).toBeInTheDocument();
  });

  it('keeps Add Threat and Import STIX for Directors; everyone may export', async () => {
    serve({ threats: [makeThreat()] });
    renderWithProviders(<ThreatIntelPanel />);
    await screen.findByTestId('threat-card');
    expect(screen.getByRole('button', { name: 'Export STIX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Threat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import STIX' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and asks the server again when a filter changes', async () => {
    const fetchMock = serve({
      threats: (url) => (url.endsWith('?category=physical') ? [makeThreat({ category: 'physical' })] : []),
    });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    expect(await screen.findByText('No threats found')).toBeInTheDocument();
    await actor.selectOptions(screen.getByLabelText('Category'), 'physical');
    expect(await screen.findByTestId('threat-card')).toHaveTextContent('Physical');
    await actor.selectOptions(screen.getByLabelText('Severity'), 'high');
    expect(await screen.findByText('No threats match these filters.')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toContain('/api/threat-intelligence');
    expect(urls).toContain('/api/threat-intelligence?category=physical');
    expect(urls).toContain('/api/threat-intelligence?category=physical&severity=high');
  });

  it('says when the feed cannot be loaded and tries again', async () => {
    let fail = true;
    mockFetch(({ url }) => {
      if (url === '/api/auth/user') return { json: testUser };
      if (url === '/api/threat-intelligence') {
        return fail
          ? { status: 500, json: { message: 'Internal server error', code: 'INTERNAL' } }
          : { json: [] };
      }
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The threat intelligence could not be loaded.',
    );
    fail = false;
    await actor.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No threats found')).toBeInTheDocument();
  });

  it('exports the filtered feed as a STIX file download', async () => {
    const bundle = { type: 'bundle', id: 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e', objects: [] };
    const fetchMock = serve({
      other: ({ url }) => (url.startsWith('/api/threat-intelligence/export') ? { json: bundle } : undefined),
    });
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:stix';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    await screen.findByText('No threats found');
    await actor.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await actor.click(screen.getByRole('button', { name: 'Export STIX' }));
    expect(await screen.findByText('STIX Exported')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/threat-intelligence/export?severity=critical',
    );
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await blob.text())).toEqual(bundle);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});

// Forms filled key by key: slower than the default timeout allows on a busy two-core machine.
describe('Add Threat (Directors)', { timeout: 15_000 }, () => {
  it("shows the schema's messages and sends nothing while the form is invalid", async () => {
    const fetchMock = serve({ user: director });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    await actor.click(await screen.findByRole('button', { name: 'Add Threat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Threat' });
    expect(within(dialog).getByLabelText('TLP marking')).toHaveValue('AMBER');
    await actor.type(within(dialog).getByLabelText('Source'), 'ab');
    await actor.type(within(dialog).getByLabelText('Title'), 'Abc');
    await actor.click(within(dialog).getByRole('button', { name: 'Add Threat' }));
    expect(await within(dialog).findByText('Source is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at least 20 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Severity is required')).toBeInTheDocument();
    expect(postsTo(fetchMock, '/api/threat-intelligence')).toHaveLength(0);
  });

  it('sends the threat with its lists, closes the dialog and refreshes the feed', async () => {
    let threats: Threat[] = [];
    let posted: unknown;
    serve({
      user: director,
      threats: () => threats,
      other: ({ method, url, body }) => {
        if (method !== 'POST' || url !== '/api/threat-intelligence') return undefined;
        posted = body;
        threats = [makeThreat({ title: 'Tailgating at the depot', category: 'physical', tlp: 'GREEN' })];
        return { status: 201, json: threats[0] };
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    await actor.click(await screen.findByRole('button', { name: 'Add the First Threat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Threat' });
    await actor.type(within(dialog).getByLabelText('Title'), 'Tailgating at the depot');
    // Pasted rather than typed: long keystroke runs are slow on a busy machine.
    await actor.click(within(dialog).getByLabelText('Description'));
    await actor.paste('Visitors follow staff through the depot gate without badges.');
    await actor.type(within(dialog).getByLabelText('Source'), 'Site security');
    await actor.selectOptions(within(dialog).getByLabelText('Category'), 'physical');
    await actor.selectOptions(within(dialog).getByLabelText('Severity'), 'medium');
    await actor.selectOptions(within(dialog).getByLabelText('TLP marking'), 'GREEN');
    await actor.click(within(dialog).getByLabelText('Indicators'));
    await actor.paste('Gate 3 camera\n\n  Van KA-01 \n');
    await actor.click(within(dialog).getByLabelText('Mitigations'));
    await actor.paste('Turnstile at gate 3\nEscort visitors');
    await actor.click(within(dialog).getByRole('button', { name: 'Add Threat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual({
      title: 'Tailgating at the depot',
      description: 'Visitors follow staff through the depot gate without badges.',
      source: 'Site security',
      category: 'physical',
      severity: 'medium',
      tlp: 'GREEN',
      indicators: ['gate 3 camera', 'van ka-01'],
      mitigations: ['Turnstile at gate 3', 'Escort visitors'],
    });
    expect(await screen.findByRole('heading', { name: 'Tailgating at the depot' })).toBeInTheDocument();
    expect(screen.getByText('Threat Added')).toBeInTheDocument();
  });
});

const importReport: StixImportReport = {
  importId: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
  imported: 2,
  updated: 1,
  unchanged: 4,
  skipped: { indicator: 3 },
  skippedReasons: { indicator: 'revoked by its producer: a withdrawn object is not kept' },
  failed: 1,
  errors: [
    {
      index: 4,
      id: 'report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f',
      type: 'report',
      message: 'name is missing',
    },
  ],
  warnings: [],
  records: { imported: 1, updated: 0 },
  byType: {
    report: { imported: 1, updated: 0, unchanged: 0, skipped: 0, failed: 1 },
    indicator: { imported: 1, updated: 1, unchanged: 4, skipped: 3, failed: 0 },
  },
};

describe('TAXII feed and the last import', () => {
  it('shows everyone the feed’s address and how to connect; Directors also the last import’s counts', async () => {
    serve({
      user: director,
      latestImport: {
        id: importReport.importId,
        via: 'taxii',
        createdAt: new Date().toISOString(),
        totalCount: 11,
        report: importReport,
      },
    });
    renderWithProviders(<ThreatIntelPanel />);
    const feed = await screen.findByRole('region', { name: 'TAXII 2.1 feed' });
    expect(within(feed).getByText(`${window.location.origin}/taxii2/`)).toBeInTheDocument();
    expect(within(feed).getByText(TAXII_COLLECTION_ID)).toBeInTheDocument();
    expect(within(feed).getByRole('link', { name: /API Keys/ })).toHaveAttribute(
      'href',
      '/mobile?tab=api-keys',
    );
    expect(within(feed).getByText(/the API key as the\s+password/)).toBeInTheDocument();
    const last = await screen.findByRole('region', { name: 'Last import report' });
    expect(screen.getByText(/11 objects through the TAXII feed/)).toBeInTheDocument();
    expect(
      within(last)
        .getAllByRole('definition')
        .map((node) => node.textContent),
    ).toEqual(['2', '1', '4', '3', '1']);
  });

  it('shows a member the feed but no import report', async () => {
    const fetchMock = serve({});
    renderWithProviders(<ThreatIntelPanel />);
    expect(await screen.findByRole('region', { name: 'TAXII 2.1 feed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Last import' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/threat-intelligence/imports/latest');
  });
});

describe('Import STIX (Directors)', { timeout: 15_000 }, () => {
  const bundleFile = (content: string) => new File([content], 'feed.stix.json', { type: 'application/json' });

  it('sends the chosen bundle and shows what went in and what did not', async () => {
    const bundle = {
      type: 'bundle',
      id: 'bundle--4b8f1c56-2a6d-4a4e-9c1e-7f1a2b3c4d5e',
      objects: [
        { type: 'malware', id: 'malware--0c7b5b88-8ff7-4a4d-aa9d-feb398cd0061' },
        { type: 'relationship', id: 'relationship--44298a74-ba52-4f0c-87a3-1824e67d7fad' },
        { type: 'relationship', id: 'relationship--55298a74-ba52-4f0c-87a3-1824e67d7fad' },
        { type: 'report', id: 'report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f' },
      ],
    };
    let posted: unknown;
    serve({
      user: director,
      other: ({ method, url, body }) => {
        if (method !== 'POST' || url !== '/api/threat-intelligence/import') return undefined;
        posted = body;
        return {
          json: importReport,
        };
      },
    });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    await actor.click(await screen.findByRole('button', { name: 'Import STIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import STIX' });
    expect(dialog).toHaveTextContent('(and every object of an unmarked bundle) is stored as TLP:AMBER');
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await actor.upload(
      within(dialog).getByLabelText('STIX 2.1 bundle (JSON)'),
      bundleFile(JSON.stringify(bundle)),
    );
    await actor.click(importButton);
    const report = await within(dialog).findByRole('region', { name: 'Import report' });
    expect(posted).toEqual(bundle);
    const counts = Object.fromEntries(
      within(report)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Imported: '2', Updated: '1', Unchanged: '4', Skipped: '3', Failed: '1' });
    expect(within(report).getByRole('list', { name: 'Objects not imported' })).toHaveTextContent(
      '#4 report--1d7f4c1e-5b6a-4c3d-8e9f-0a1b2c3d4e5f name is missing',
    );
    expect(within(report).getByRole('list', { name: 'Objects skipped' })).toHaveTextContent(
      '3 indicator revoked by its producer',
    );
    // What was stored, type by type, each with a link to where its objects are listed.
    const stored = within(report).getByRole('list', { name: 'Stored by type' });
    expect(stored).toHaveTextContent('report1 new, 1 failedSee 1 stored report');
    expect(stored).toHaveTextContent('indicator1 new, 1 updated, 4 unchanged, 3 skipped');
    expect(within(stored).getByRole('link', { name: 'See 6 stored indicator' })).toHaveAttribute(
      'href',
      '/ai?tab=threats&objects=indicator',
    );
  });

  it('says when the file is not JSON, and shows the reasons the server refuses a bundle', async () => {
    const fetchMock = serve({
      user: director,
      other: ({ method, url }) =>
        method === 'POST' && url === '/api/threat-intelligence/import'
          ? {
              status: 400,
              json: {
                message: 'A STIX bundle has type "bundle"',
                code: 'VALIDATION_FAILED',
                issues: [
                  { path: 'type', message: 'A STIX bundle has type "bundle"' },
                  { path: 'objects.0.id', message: 'Object id "report--42" is not <type>--<uuid>' },
                ],
              },
            }
          : undefined,
    });
    const actor = userEvent.setup();
    renderWithProviders(<ThreatIntelPanel />);
    await actor.click(await screen.findByRole('button', { name: 'Import STIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import STIX' });
    const input = within(dialog).getByLabelText('STIX 2.1 bundle (JSON)');
    await actor.upload(input, bundleFile('{"type": '));
    await actor.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is not valid JSON.');
    expect(postsTo(fetchMock, '/api/threat-intelligence/import')).toHaveLength(0);

    await actor.upload(input, bundleFile('{"type": "collection"}'));
    await actor.click(within(dialog).getByRole('button', { name: 'Import' }));
    const alert = await within(dialog).findByText(
      'objects.0.id: Object id "report--42" is not <type>--<uuid>',
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent('type: A STIX bundle has type "bundle"');
  });
});
