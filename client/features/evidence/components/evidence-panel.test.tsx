import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EvidencePanel } from '@/features/evidence/components/evidence-panel';
import { mockFetch, UNAUTHENTICATED } from '@/test/fetch-mock';
import { loginRedirect } from '@/test/login-redirect';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/api-client', async (importOriginal) =>
  (await import('@/test/login-redirect')).recordLoginRedirects(await importOriginal()),
);

beforeEach(() => loginRedirect.mockClear());

const file = {
  id: 'f1',
  name: 'ledger.pdf',
  size: 2048,
  contentType: 'application/pdf',
  sha256: 'a'.repeat(64),
  isInternal: false,
  uploadedBy: 'Asha Rao',
  createdAt: '2026-11-29T05:00:00.000Z',
  deletedAt: null,
};

/** The case's files (its one file by default) and the server's limits; `removal` answers the file's DELETE. */
function api({
  files = [file],
  removal,
}: { files?: unknown[]; removal?: { status: number; json: unknown } } = {}) {
  mockFetch(({ url, method }) => {
    if (method === 'DELETE' && url === '/api/cases/c1/files/f1') return removal;
    if (url === '/api/cases/c1/files') return { json: files };
    if (url === '/api/evidence/limits') return { json: { maxBytes: 5 * 1024 * 1024, maxFiles: 50 } };
    return undefined;
  });
}

describe('EvidencePanel', () => {
  it("says the server's own size limit, not a default", async () => {
    api({ files: [] });
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} />);
    expect(await screen.findByText(/up to 5 MB a file\./)).toBeInTheDocument();
    expect(screen.queryByText(/by default/)).not.toBeInTheDocument();
  });

  it('offers a reader (a colleague on a shared case) downloads but neither removal nor upload', async () => {
    api();
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} readOnly />);
    expect(await screen.findByRole('link', { name: 'Download ledger.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove ledger.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload|attach/i })).not.toBeInTheDocument();
  });

  it("a removal refused says the API's reason under the removal's title", async () => {
    api({
      removal: {
        status: 403,
        json: { message: 'Only the uploader or a Director may remove a file', code: 'FORBIDDEN' },
      },
    });
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ledger.pdf' }));
    expect(await screen.findByText('Only the uploader or a Director may remove a file')).toBeInTheDocument();
    expect(screen.getByText('The file could not be removed')).toBeInTheDocument();
  });

  it('a removal whose session was lost says so and goes to sign-in, as every other button does', async () => {
    api({ removal: UNAUTHENTICATED });
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ledger.pdf' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('The file could not be removed')).not.toBeInTheDocument();
    await waitFor(() => expect(loginRedirect).toHaveBeenCalledWith('/api/login'));
  });
});
