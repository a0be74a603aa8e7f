import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AutomationRule, AutomationRun } from '@contract/automation';
import { AutomationTab } from '@/app/routes/ai';
import { mockFetch, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function makeRule(overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id: 'r1',
    name: 'Critical threats to Slack',
    trigger: {
      event: 'threat.created',
      conditions: [{ field: 'severity', operator: 'in', value: ['high', 'critical'] }],
    },
    actions: [
      { type: 'send_integration', config: { integrationId: 'i1', message: 'Threat {{title}}' } },
      { type: 'webhook', config: { url: 'https://siem.example.com/hook' } },
    ],
    isActive: true,
    executionCount: 3,
    lastExecuted: new Date(Date.now() - 5 * 60_000).toISOString(),
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function makeRun(overrides: Partial<AutomationRun> = {}): AutomationRun {
  return {
    id: 'run1',
    ruleId: 'r1',
    event: 'threat.created',
    eventData: { title: 'Ransomware', severity: 'critical' },
    status: 'succeeded',
    outcomes: [
      { type: 'send_integration', ok: true, detail: 'Delivery d1 queued' },
      { type: 'webhook', ok: true, detail: 'HTTP 200' },
    ],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Rules held in memory, answered like the API does (409 to run an inactive rule). */
function serve(initial: AutomationRule[], runs: AutomationRun[] = []) {
  let rules = initial;
  let history = runs;
  let signing: { configured: boolean; createdAt: string | null } = { configured: false, createdAt: null };
  let secrets = 0;
  return mockFetch((request: MockRequest) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/automation/rules') return { json: rules };
    if (method === 'GET' && url === '/api/automation/signing-secret') return { json: signing };
    if (method === 'POST' && url === '/api/automation/signing-secret') {
      secrets += 1;
      signing = { configured: true, createdAt: new Date().toISOString() };
      return { status: 201, json: { secret: `whsec_test_secret_${secrets}` } };
    }
    if (method === 'GET' && url === '/api/integrations') {
      return { json: [{ id: 'i1', name: 'SOC Slack', type: 'slack', isActive: true }] };
    }
    if (method === 'GET' && url === '/api/cases') {
      return { json: [{ id: 'c1', caseNumber: 'CASE-1001', title: 'Billing follow-up' }] };
    }
    if (method === 'POST' && url === '/api/automation/rules') {
      const body = request.body as Pick<AutomationRule, 'name' | 'trigger' | 'actions'>;
      const created = makeRule({ id: 'r-new', ...body, executionCount: 0, lastExecuted: null });
      rules = [created, ...rules];
      return { status: 201, json: created };
    }
    const match = url.match(/^\/api\/automation\/rules\/([^/]+)(\/.+)?$/);
    if (!match) return undefined;
    const [, id, rest] = match;
    const rule = rules.find((r) => r.id === id);
    if (method === 'PATCH' && !rest) {
      rules = rules.map((r) => (r.id === id ? { ...r, ...(request.body as Partial<AutomationRule>) } : r));
      return { json: rules.find((r) => r.id === id) };
    }
    if (method === 'DELETE' && !rest) {
      rules = rules.filter((r) => r.id !== id);
      return { status: 204 };
    }
    if (method === 'POST' && rest === '/execute') {
      if (!rule?.isActive) {
        return {
          status: 409,
          json: { message: 'This rule is inactive; activate it to run it', code: 'CONFLICT' },
        };
      }
      const run = makeRun({
        id: `run${history.length + 1}`,
        event: 'manual',
        status: 'failed',
        outcomes: [
          { type: 'send_integration', ok: true, detail: 'Delivery d2 queued' },
          { type: 'webhook', ok: false, detail: 'HTTP 500' },
        ],
      });
      history = [run, ...history];
      rules = rules.map((r) =>
        r.id === id ? { ...r, executionCount: r.executionCount + 1, lastExecuted: run.createdAt } : r,
      );
      return { json: run };
    }
    if (method === 'GET' && rest === '/runs') return { json: history.filter((r) => r.ruleId === id) };
    return undefined;
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

const FORM_TEST_TIMEOUT = 20_000;

describe('Automation tab', () => {
  it('lists each rule with its trigger, conditions, actions, state and runs', async () => {
    serve([
      makeRule(),
      makeRule({
        id: 'r2',
        name: 'Payment trouble',
        isActive: false,
        executionCount: 0,
        lastExecuted: null,
        trigger: { event: 'payment.failed', conditions: [] },
        actions: [{ type: 'notify', config: { message: 'x' } }],
      }),
    ]);
    renderWithProviders(<AutomationTab />);
    const items = await screen.findAllByTestId('automation-rule');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Critical threats to Slack')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('(threat.created)')).toBeInTheDocument();
    expect(within(first).getByText('severity is one of high, critical')).toBeInTheDocument();
    expect(
      within(first).getByText('Send through an integration, then Call a webhook (siem.example.com)'),
    ).toBeInTheDocument();
    expect(within(first).getByText(/Ran 3 times/)).toBeInTheDocument();
    expect(within(first).getByText('last 5 minutes ago')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Run Critical threats to Slack' })).toBeEnabled();

    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('Every event')).toBeInTheDocument();
    expect(within(second).getByText(/never run/)).toBeInTheDocument();
    // Only an active rule can be run.
    expect(within(second).getByRole('button', { name: 'Run Payment trouble' })).toBeDisabled();
    expect(within(second).getByRole('switch', { name: 'Activate Payment trouble' })).not.toBeChecked();
  });

  it('switches a rule on and off, runs it and shows the run history', async () => {
    const fetchMock = serve([makeRule()], [makeRun()]);
    const user = userEvent.setup();
    renderWithProviders(<AutomationTab />);
    const item = (await screen.findAllByTestId('automation-rule'))[0]!;

    await user.click(within(item).getByRole('switch', { name: 'Deactivate Critical threats to Slack' }));
    await waitFor(() => expect(within(item).getByText('Inactive')).toBeInTheDocument());
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/api/automation/rules/r1')[0]![1]!.body))).toEqual({
      isActive: false,
    });
    expect(within(item).getByRole('button', { name: 'Run Critical threats to Slack' })).toBeDisabled();

    await user.click(within(item).getByRole('switch', { name: 'Activate Critical threats to Slack' }));
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Run Critical threats to Slack' })).toBeEnabled(),
    );
    await user.click(within(item).getByRole('button', { name: 'Run Critical threats to Slack' }));

    const dialog = await screen.findByRole('dialog', { name: 'Run history' });
    await waitFor(() => expect(within(dialog).getAllByTestId('run')).toHaveLength(2));
    const [latest, earlier] = within(dialog).getAllByTestId('run') as [HTMLElement, HTMLElement];
    expect(within(latest).getByText('Failed')).toBeInTheDocument();
    expect(within(latest).getByText('Run by hand')).toBeInTheDocument();
    expect(within(latest).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(earlier).getByText('Succeeded')).toBeInTheDocument();
    expect(within(earlier).getByText('Threat added')).toBeInTheDocument();
    expect(await screen.findByText('Rule ran with failures')).toBeInTheDocument();
    expect(within(item).getByText(/Ran 4 times/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/automation/rules/r1/execute')).toHaveLength(1);
  });

  it(
    'checks the New Rule form with the contract schema and sends conditions and per-type actions',
    async () => {
      const fetchMock = serve([]);
      const user = userEvent.setup();
      renderWithProviders(<AutomationTab />);
      expect(await screen.findByText('No rules yet')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'New Rule' }));
      const form = await screen.findByRole('form', { name: 'New rule' });

      await fill(user, within(form).getByLabelText('Name'), 'ab');
      await user.click(within(form).getByRole('button', { name: 'Create Rule' }));
      expect(await within(form).findByText('Name is required')).toBeInTheDocument();
      expect(within(form).getByText('Message is required')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/automation/rules')).toHaveLength(0);

      await user.clear(within(form).getByLabelText('Name'));
      await fill(user, within(form).getByLabelText('Name'), 'Failed payments to billing');
      await user.selectOptions(within(form).getByLabelText('When this happens'), 'payment.failed');

      await user.click(within(form).getByRole('button', { name: 'Add condition' }));
      const condition = within(form).getByTestId('condition');
      await user.selectOptions(within(condition).getByLabelText('Field'), 'amount');
      await user.selectOptions(within(condition).getByLabelText('Operator'), 'gt');
      await fill(user, within(condition).getByLabelText('Value'), 'lots');

      const action = within(form).getByTestId('action');
      await user.selectOptions(within(action).getByLabelText('Action 1'), 'add_case_update');
      await fill(user, await within(action).findByLabelText('Message'), 'Payment {{amount}} failed');
      await user.click(within(form).getByRole('button', { name: 'Create Rule' }));
      expect(await within(form).findByText('Enter a number')).toBeInTheDocument();

      await user.clear(within(condition).getByLabelText('Value'));
      await fill(user, within(condition).getByLabelText('Value'), '100');
      await user.click(within(form).getByRole('button', { name: 'Create Rule' }));
      // payment.failed names no case, so the case must be chosen.
      expect(await within(form).findByText('Choose a case: this event names none')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/automation/rules')).toHaveLength(0);
      await waitFor(() =>
        expect(
          within(action).getByRole('option', { name: 'CASE-1001: Billing follow-up' }),
        ).toBeInTheDocument(),
      );
      await user.selectOptions(within(action).getByLabelText('Case'), 'c1');

      await user.click(within(form).getByRole('button', { name: 'Add action' }));
      const second = within(form).getAllByTestId('action')[1]!;
      await user.selectOptions(within(second).getByLabelText('Action 2'), 'webhook');
      await fill(user, within(second).getByLabelText('Webhook URL'), 'https://siem.example.com/hook');

      await user.click(within(form).getByRole('button', { name: 'Create Rule' }));
      await waitFor(() => expect(calls(fetchMock, 'POST', '/api/automation/rules')).toHaveLength(1));
      expect(JSON.parse(String(calls(fetchMock, 'POST', '/api/automation/rules')[0]![1]!.body))).toEqual({
        name: 'Failed payments to billing',
        trigger: { event: 'payment.failed', conditions: [{ field: 'amount', operator: 'gt', value: 100 }] },
        actions: [
          { type: 'add_case_update', config: { caseId: 'c1', message: 'Payment {{amount}} failed' } },
          { type: 'webhook', config: { url: 'https://siem.example.com/hook' } },
        ],
        isActive: true,
      });
      await waitFor(() => expect(screen.queryByRole('form', { name: 'New rule' })).not.toBeInTheDocument());
      expect(await screen.findByText('Failed payments to billing')).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT,
  );

  it('shows the server’s field messages on the form', async () => {
    mockFetch((request: MockRequest) => {
      if (request.url === '/api/automation/rules' && request.method === 'GET') return { json: [] };
      if (request.url === '/api/integrations') return { json: [] };
      if (request.url === '/api/cases') return { json: [] };
      if (request.url === '/api/automation/rules' && request.method === 'POST') {
        return {
          status: 400,
          json: {
            message: 'Choose one of your integrations',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'actions.0.config.message', message: 'Rejected by the server' }],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AutomationTab />);
    await user.click(await screen.findByRole('button', { name: 'New Rule' }));
    const form = await screen.findByRole('form', { name: 'New rule' });
    await fill(user, within(form).getByLabelText('Name'), 'Case watcher');
    await fill(user, within(form).getByLabelText('Message'), 'New case {{caseNumber}}');
    await user.click(within(form).getByRole('button', { name: 'Create Rule' }));
    expect(await within(form).findByText('Rejected by the server')).toBeInTheDocument();
  });

  it('deletes a rule after confirmation', async () => {
    const fetchMock = serve([makeRule()]);
    const user = userEvent.setup();
    renderWithProviders(<AutomationTab />);
    const item = (await screen.findAllByTestId('automation-rule'))[0]!;
    await user.click(within(item).getByRole('button', { name: 'Delete Critical threats to Slack' }));
    await user.click(await screen.findByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/automation/rules/r1')).toHaveLength(1));
    expect(await screen.findByText('No rules yet')).toBeInTheDocument();
  });

  it('creates the webhook signing secret, shows it once, and rotates it only after a warning', async () => {
    const fetchMock = serve([makeRule()]);
    const user = userEvent.setup();
    renderWithProviders(<AutomationTab />);
    const status = await screen.findByTestId('signing-secret-status');
    await waitFor(() =>
      expect(status).toHaveTextContent('None yet: rules’ webhook actions are not sent until you create one.'),
    );

    await user.click(screen.getByRole('button', { name: 'Create secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Webhook signing secret' });
    expect(within(shown).getByTestId('automation-signing-secret')).toHaveTextContent('whsec_test_secret_1');
    expect(within(shown).getByText('Copy this secret now. It will not be shown again.')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('automation-signing-secret')).not.toBeInTheDocument());
    await waitFor(() => expect(status).toHaveTextContent(/^Set /));

    // Rotating asks first; cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'POST', '/api/automation/signing-secret')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', {
        name: 'Rotate secret',
      }),
    );
    expect(await screen.findByTestId('automation-signing-secret')).toHaveTextContent('whsec_test_secret_2');
    expect(calls(fetchMock, 'POST', '/api/automation/signing-secret')).toHaveLength(2);
  });
});
