import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, QueryStates, type ListQuery } from '@/components/ui/list-states';

function query<T>(patch: Partial<ListQuery<T>>): ListQuery<T> {
  return { isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...patch };
}

const loading = { label: 'Loading rules', rowClassName: 'h-16', rows: 3 };

function renderStates(q: ListQuery<string[]>, empty: React.ReactNode = <p>No rules yet</p>) {
  return render(
    <QueryStates query={q} loading={loading} error="Could not load the rules." empty={empty}>
      {(rules) => (
        <ul aria-label="Rules">
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('while pending shows the busy skeleton with its spoken label and the rows asked for', () => {
    const { container } = renderStates(query({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading rules');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelectorAll('.h-16')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pending wins over stale data', () => {
    renderStates(query({ isPending: true, data: ['a'] }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading rules');
    expect(screen.queryByText('a')).not.toBeInTheDocument();
  });

  it('on error announces the message and "Try again" refetches', async () => {
    const refetch = vi.fn();
    renderStates(query({ isError: true, refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the rules.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('an error with data from before still shows the error, not the rows', () => {
    renderStates(query({ isError: true, data: ['old rule'] }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the rules.');
    expect(screen.queryByText('old rule')).not.toBeInTheDocument();
  });

  it('no data and no error (a disabled query) counts as a failed load', () => {
    renderStates(query({}));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the rules.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an empty array shows `empty`, not the children', () => {
    renderStates(query({ data: [] }));
    expect(screen.getByText('No rules yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('without `empty` an empty array goes to the children', () => {
    render(
      <QueryStates query={query<string[]>({ data: [] })} loading={loading} error="x">
        {(rules) => `${rules.length} rules`}
      </QueryStates>,
    );
    expect(screen.getByText('0 rules')).toBeInTheDocument();
  });

  it('loaded data goes to the children', () => {
    renderStates(query({ data: ['first', 'second'] }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
    expect(screen.queryByText('No rules yet')).not.toBeInTheDocument();
  });

  it('isEmpty decides what counts as empty for other data', () => {
    const isEmpty = vi.fn((page: { total: number }) => page.total === 0);
    const { rerender } = render(
      <QueryStates
        query={query({ data: { total: 0 } })}
        loading={loading}
        error="x"
        empty="Nothing"
        isEmpty={isEmpty}
      >
        {(page) => `Total ${page.total}`}
      </QueryStates>,
    );
    expect(screen.getByText('Nothing')).toBeInTheDocument();
    expect(isEmpty).toHaveBeenCalledWith({ total: 0 });
    rerender(
      <QueryStates
        query={query({ data: { total: 4 } })}
        loading={loading}
        error="x"
        empty="Nothing"
        isEmpty={isEmpty}
      >
        {(page) => `Total ${page.total}`}
      </QueryStates>,
    );
    expect(screen.getByText('Total 4')).toBeInTheDocument();
    expect(screen.queryByText('Nothing')).not.toBeInTheDocument();
  });

  it('an object is not empty by default', () => {
    render(
      <QueryStates query={query({ data: { total: 0 } })} loading={loading} error="x" empty="Nothing">
        {(page) => `Total ${page.total}`}
      </QueryStates>,
    );
    expect(screen.getByText('Total 0')).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows the title, the sentence and the action', () => {
    render(
      <EmptyState icon={Inbox} title="No rules" action={<button type="button">Add a rule</button>}>
        Rules you add appear here.
      </EmptyState>,
    );
    expect(screen.getByText('No rules')).toBeInTheDocument();
    expect(screen.getByText('Rules you add appear here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a rule' })).toBeInTheDocument();
  });
});
