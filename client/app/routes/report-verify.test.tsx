import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRouter } from '@/app/router';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const ISSUED = 'a'.repeat(64);
const STAFF = 'b'.repeat(64);

function serve() {
  return mockFetch(({ url }) => {
    if (url === `/api/reports/verify/${ISSUED}`)
      return {
        json: {
          issuedAt: '2026-11-20T10:15:00.000Z',
          subjectType: 'case',
          subjectNumber: 'CASE-1001',
          version: 'client',
        },
      };
    if (url === `/api/reports/verify/${STAFF}`)
      return {
        json: {
          issuedAt: '2026-11-21T08:00:00.000Z',
          subjectType: 'investigation',
          subjectNumber: 'INV-1A2B3C4D',
          version: 'staff',
        },
      };
    if (url === '/api/reports/verify/not-a-hash')
      return {
        status: 400,
        json: { message: 'A SHA-256 is 64 hexadecimal characters', code: 'VALIDATION_FAILED' },
      };
    return undefined; // 404: not issued here
  });
}

describe('/reports/verify/{sha256}', () => {
  it('says in words that a report is genuine, when it was issued and that it is the client version', async () => {
    serve();
    renderWithProviders(<AppRouter />, { path: `/reports/verify/${ISSUED}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Genuine report' })).toBeInTheDocument();
    expect(screen.getByText(/We issued this report/).parentElement).toHaveTextContent(
      /on Nov 20, 2026.*It is the client version of case CASE-1001\./,
    );
    expect(screen.getByText(/Client version: what the client may see/)).toBeInTheDocument();
    expect(screen.getByText(ISSUED)).toBeInTheDocument();
    expect(screen.getByLabelText('Check a PDF file you hold')).toHaveAttribute('type', 'file');
  });

  it("names the staff version of an investigation request's report", async () => {
    serve();
    renderWithProviders(<AppRouter />, { path: `/reports/verify/${STAFF.toUpperCase()}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Genuine report' })).toBeInTheDocument();
    expect(
      screen.getByText(/It is the staff version of investigation request INV-1A2B3C4D\./),
    ).toBeInTheDocument();
  });

  it.each([['0'.repeat(64)], ['not-a-hash']])('says plainly that %s was not issued by us', async (hash) => {
    serve();
    renderWithProviders(<AppRouter />, { path: `/reports/verify/${hash}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not issued by us' })).toBeInTheDocument();
    expect(screen.getByText('This report is not genuine.')).toBeInTheDocument();
    expect(screen.queryByText('Genuine report')).not.toBeInTheDocument();
  });
});
