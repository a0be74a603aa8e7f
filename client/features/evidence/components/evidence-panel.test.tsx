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
});
