import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatedIntegration, Integration, IntegrationDelivery } from '@contract/integrations';
import { IntegrationsPanel } from '@/features/integrations/components/integrations-panel';
import { mockFetch, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function makeIntegration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: 'i1',
    type: 'slack',
    name: 'Ops Slack',
    config: { url: 'https://hooks.slack.com/••••Xy9z' },
    hasToken: false,
    isActive: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<IntegrationDelivery> = {}): IntegrationDelivery {
  return {
    id: 'd1',
    integrationId: 'i1',
    event: 'test',
    message: 'Test message from Intel Portal: the integration "Ops Slack" works.',
    status: 'delivered',
    attempts: 1,
    responseStatus: 200,
    error: null,
    deliveredAt: '2026-01-15T10:01:00.000Z',
    createdAt: '2026-01-15T10:01:00.000Z',
    updatedAt: '2026-01-15T10:01:00.000Z',
    ...overrides,
  };
}

/** Integrations held in memory, answered like the API does (secrets masked, a webhook secret shown once). */
function serve(initial: Integration[], deliveries: IntegrationDelivery[] = []) {
  let integrations = initial;
  let log = deliveries;
  const fetchMock = mockFetch((request: MockRequest) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/integrations') return { json: integrations };
    if (method === 'POST' && url === '/api/integrations') {
      const body = request.body as {
        type: Integration['type'];
        name: string;
        config: Record<string, string>;
      };
      const created: CreatedIntegration = {
        ...makeIntegration({
          id: 'i-new',
          type: body.type,
          name: body.name,
          config: { url: 'https://x/••••' },
        }),
        ...(body.type === 'webhook' && !body.config.token
          ? { signingSecret: 'whsec_generated_secret_0001' }
          : {}),
      };
      integrations = [created, ...integrations];
      return { status: 201, json: created };
    }
    const match = url.match(/^\/api\/integrations\/([^/]+)(\/.+)?$/);
    if (!match) return undefined;
    const [, id, rest] = match;
    if (method === 'PATCH' && !rest) {
      integrations = integrations.map((i) =>
        i.id === id ? { ...i, ...(request.body as Partial<Integration>) } : i,
      );
      return { json: integrations.find((i) => i.id === id) };
    }
    if (method === 'DELETE' && !rest) {
      integrations = integrations.filter((i) => i.id !== id);
      return { status: 204 };
    }
    if (method === 'POST' && rest === '/test') {
      const queued = makeDelivery({
        id: `d${log.length + 1}`,
        status: 'pending',
        attempts: 0,
        responseStatus: null,
      });
      log = [queued, ...log];
      return { status: 202, json: queued };
    }
    if (method === 'GET' && rest === '/deliveries') return { json: log };
    return undefined;
  });
  return fetchMock;
}

/** Pastes rather than types: long tokens typed key by key make the test slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

// Dialogs and forms with several fields: allow for a busy machine.
const FORM_TEST_TIMEOUT = 15_000;

describe('Integrations tab', () => {
  it('lists integrations with their type, masked settings and state', async () => {
    serve([
      makeIntegration(),
      makeIntegration({
        id: 'i2',
        type: 'telegram',
        name: 'Field team',
        config: { token: '••••6789', channel: '-100123' },
        hasToken: true,
        isActive: false,
      }),
    ]);
    renderWithProviders(<IntegrationsPanel />);
    const items = await screen.findAllByTestId('integration');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Ops Slack')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(items[0]!).getByText('https://hooks.slack.com/••••Xy9z')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/^Slack ·/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(items[1]!).getByText('••••6789')).toBeInTheDocument();
    expect(within(items[1]!).getByText('-100123')).toBeInTheDocument();
    // An inactive integration cannot be tested (the API would answer 409).
    expect(within(items[1]!).getByRole('button', { name: 'Test Field team' })).toBeDisabled();
    expect(within(items[1]!).getByRole('switch', { name: 'Enable Field team' })).not.toBeChecked();
  });

  it(
    'checks the Add Integration form with the contract schema, with fields per type',
    async () => {
      const fetchMock = serve([]);
      const user = userEvent.setup();
      renderWithProviders(<IntegrationsPanel />);
      expect(await screen.findByText('No integrations yet')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Integration' }));
      const form = await screen.findByRole('form', { name: 'Add integration' });

      await fill(user, within(form).getByLabelText('Name'), 'ab');
      await fill(user, within(form).getByLabelText('Webhook URL'), 'http://hooks.example.com/x');
      await user.click(within(form).getByRole('button', { name: 'Add Integration' }));
      expect(await within(form).findByText('Name must be at least 3 characters')).toBeInTheDocument();
      expect(
        within(form).getByText('Slack needs its incoming-webhook URL (https://...)'),
      ).toBeInTheDocument();

      await user.selectOptions(within(form).getByLabelText('Type'), 'telegram');
      expect(within(form).queryByLabelText('Webhook URL')).not.toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Add Integration' }));
      expect(
        await within(form).findByText('Telegram needs a bot token such as 123456789:AAE...'),
      ).toBeInTheDocument();
      expect(
        within(form).getByText('Telegram needs a chat id such as -1001234567890 or @channel'),
      ).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/integrations')).toHaveLength(0);

      await user.clear(within(form).getByLabelText('Name'));
      await fill(user, within(form).getByLabelText('Name'), 'Field team');
      await fill(user, within(form).getByLabelText('Bot token'), '123456789:AAEabcdefghijklmnopqrstuvwxyz');
      await fill(user, within(form).getByLabelText('Chat id'), '@field_team');
      await user.click(within(form).getByRole('button', { name: 'Add Integration' }));

      await waitFor(() => expect(calls(fetchMock, 'POST', '/api/integrations')).toHaveLength(1));
      // The Slack URL typed before switching type is not sent.
      expect(JSON.parse(String(calls(fetchMock, 'POST', '/api/integrations')[0]![1]!.body))).toEqual({
        type: 'telegram',
        name: 'Field team',
        config: { token: '123456789:AAEabcdefghijklmnopqrstuvwxyz', channel: '@field_team' },
      });
      await waitFor(() =>
        expect(screen.queryByRole('form', { name: 'Add integration' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('Field team')).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    "shows a webhook's generated signing secret once",
    async () => {
      serve([]);
      const user = userEvent.setup();
      renderWithProviders(<IntegrationsPanel />);
      await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
      const form = await screen.findByRole('form', { name: 'Add integration' });
      await user.selectOptions(within(form).getByLabelText('Type'), 'webhook');
      await fill(user, within(form).getByLabelText('Name'), 'SIEM');
      await fill(user, within(form).getByLabelText('Endpoint URL'), 'https://siem.example.com/hook');
      await user.click(within(form).getByRole('button', { name: 'Add Integration' }));

      const dialog = await screen.findByRole('dialog', { name: 'Webhook signing secret' });
      expect(within(dialog).getByTestId('signing-secret')).toHaveTextContent('whsec_generated_secret_0001');
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByText('SIEM')).toBeInTheDocument();
      expect(screen.queryByText('whsec_generated_secret_0001')).not.toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT,
  );

  it('switches an integration off and on', async () => {
    const fetchMock = serve([makeIntegration()]);
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPanel />);
    await user.click(await screen.findByRole('switch', { name: 'Disable Ops Slack' }));
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/api/integrations/i1')[0]![1]!.body))).toEqual({
      isActive: false,
    });
    await user.click(screen.getByRole('switch', { name: 'Enable Ops Slack' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('sends a test message and opens the delivery log with status, attempts and response', async () => {
    const fetchMock = serve(
      [makeIntegration()],
      [
        makeDelivery({
          id: 'd0',
          status: 'failed',
          attempts: 5,
          responseStatus: 500,
          error: 'HTTP 500: down',
        }),
      ],
    );
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Test Ops Slack' }));
    expect(calls(fetchMock, 'POST', '/api/integrations/i1/test')).toHaveLength(1);

    const dialog = await screen.findByRole('dialog', { name: 'Delivery log' });
    const rows = await within(dialog).findAllByTestId('delivery');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5 attempts · HTTP 500')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('HTTP 500: down')).toBeInTheDocument();
  });

  it('deletes an integration after confirming', async () => {
    const fetchMock = serve([makeIntegration()]);
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Delete Ops Slack' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this integration?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete integration' }));
    expect(await screen.findByText('No integrations yet')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/integrations/i1')).toHaveLength(1);
  });

  it('shows the server’s message when a test is refused', async () => {
    mockFetch((request) => {
      if (request.url === '/api/integrations') return { json: [makeIntegration()] };
      if (request.url === '/api/integrations/i1/test') {
        return {
          status: 409,
          json: { message: 'The integration is inactive; enable it to send', code: 'CONFLICT' },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<IntegrationsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Test Ops Slack' }));
    expect(
      (await screen.findAllByText('The integration is inactive; enable it to send')).length,
    ).toBeGreaterThan(0);
  });
});
