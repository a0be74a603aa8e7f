import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ProduceReport from '@/features/reports/api/produce-report';
import { ReportTimeout } from '@/features/reports/api/produce-report';
import { ReportButtons } from '@/features/reports/components/report-buttons';
import { ApiError } from '@/lib/api-client';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

const produced = vi.hoisted(() => ({ failure: null as unknown }));
vi.mock('@/features/reports/api/produce-report', async (importOriginal) => ({
  ...(await importOriginal<typeof ProduceReport>()),
  produceReport: () => Promise.reject(produced.failure),
}));
vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const apiError = (status: number, message: string, code: string) =>
  new ApiError(status, message, JSON.stringify({ message, code }));

async function download(failure: unknown) {
  produced.failure = failure;
  renderWithProviders(<ReportButtons base="/api/cases/c1" director={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Download report' }));
}

describe('ReportButtons failures', () => {
  it('says the report is still being made when the wait ran out', async () => {
    await download(new ReportTimeout());
    expect(
      await screen.findByText('The report is taking longer than expected; try again shortly.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The report could not be produced')).toBeInTheDocument();
  });

  it("says the API's reason for a refusal", async () => {
    await download(apiError(403, 'The staff version is for Directors', 'FORBIDDEN'));
    expect(await screen.findByText('The staff version is for Directors')).toBeInTheDocument();
  });

  it("says only 'Please try again.' for a fault, never the answer's raw body", async () => {
    await download(apiError(500, 'Internal Server Error', 'INTERNAL'));
    expect(await screen.findByText('Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
  });

  it('a lost session says so and goes to sign-in', async () => {
    await download(apiError(401, 'Unauthorized', 'UNAUTHENTICATED'));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
  });
});
