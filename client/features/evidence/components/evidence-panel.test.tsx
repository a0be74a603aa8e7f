import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EvidencePanel } from '@/features/evidence/components/evidence-panel';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

describe('EvidencePanel', () => {
  it("says the server's own size limit, not a default", async () => {
    mockFetch(({ url }) => {
      if (url === '/api/cases/c1/files') return { json: [] };
      if (url === '/api/evidence/limits') return { json: { maxBytes: 5 * 1024 * 1024, maxFiles: 50 } };
      return undefined;
    });
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} />);
    expect(await screen.findByText(/up to 5 MB a file\./)).toBeInTheDocument();
    expect(screen.queryByText(/by default/)).not.toBeInTheDocument();
  });

  it('offers a reader (a colleague on a shared case) downloads but neither removal nor upload', async () => {
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
    mockFetch(({ url }) => {
      if (url === '/api/cases/c1/files') return { json: [file] };
      if (url === '/api/evidence/limits') return { json: { maxBytes: 5 * 1024 * 1024, maxFiles: 50 } };
      return undefined;
    });
    renderWithProviders(<EvidencePanel base="/api/cases/c1" director={false} readOnly />);
    expect(await screen.findByRole('link', { name: 'Download ledger.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove ledger.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload|attach/i })).not.toBeInTheDocument();
  });
});
