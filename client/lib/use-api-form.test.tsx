import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useApiForm, type ApiSubmitOptions } from '@/lib/use-api-form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string(),
});
type Values = z.infer<typeof schema>;

interface Result {
  id: string;
}

function apiError(status: number, body?: object): ApiError {
  return new ApiError(status, 'Status text', body ? JSON.stringify(body) : '');
}

function Harness({
  send,
  options,
  onValuesAtSuccess,
}: {
  send: (values: Values) => Promise<Result>;
  options: ApiSubmitOptions<Values, Values, Result>;
  onValuesAtSuccess?: (values: Values) => void;
}) {
  const form = useApiForm(schema, { defaultValues: { name: '', email: '' } });
  const { errors } = form.formState;
  return (
    <>
      <form
        noValidate
        onSubmit={form.submit(send, {
          ...options,
          onSuccess: (result) => {
            onValuesAtSuccess?.(form.getValues());
            options.onSuccess?.(result);
          },
        })}
      >
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextField label="Email" error={errors.email?.message} {...form.register('email')} />
        <FormMessage>{errors.root?.server?.message}</FormMessage>
        <button type="submit">Send</button>
      </form>
      <Toaster />
    </>
  );
}

async function fillAndSend(name = 'Ann', email = 'ann@example.com') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

function toastOf(title: string): HTMLElement | null {
  return screen.getByText(title).closest('[data-slot="toast"]');
}

describe('useApiForm submit', () => {
  it('does not call send while the schema refuses the values, and shows the schema message on the field', async () => {
    const send = vi.fn(async () => ({ id: '1' }));
    render(<Harness send={send} options={{ fallbackMessage: 'Could not save' }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on success sends the parsed values, shows the success toast, resets to the defaults, then calls onSuccess', async () => {
    const send = vi.fn(async () => ({ id: 'r1' }));
    const onSuccess = vi.fn();
    const seen: Values[] = [];
    render(
      <Harness
        send={send}
        onValuesAtSuccess={(values) => seen.push(values)}
        options={{
          fallbackMessage: 'Could not save',
          successToast: { title: 'Saved', description: 'Your profile was saved.' },
          reset: true,
          onSuccess,
        }}
      />,
    );
    await fillAndSend();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 'r1' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual([{ name: 'Ann', email: 'ann@example.com' }]);
    // reset ran before onSuccess: onSuccess already sees the defaults.
    expect(seen).toEqual([{ name: '', email: '' }]);
    expect(screen.getByText('Your profile was saved.')).toBeInTheDocument();
    expect(toastOf('Saved')).not.toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('resets to the values the reset function builds from the result and the sent values', async () => {
    const reset = vi.fn((result: Result, values: Values) => ({
      name: `${values.name}-${result.id}`,
      email: '',
    }));
    const seen: Values[] = [];
    render(
      <Harness
        send={async () => ({ id: '7' })}
        onValuesAtSuccess={(values) => seen.push(values)}
        options={{ fallbackMessage: 'Could not save', reset }}
      />,
    );
    await fillAndSend();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(reset).toHaveBeenCalledWith({ id: '7' }, { name: 'Ann', email: 'ann@example.com' });
    expect(seen[0]).toEqual({ name: 'Ann-7', email: '' });
    expect(screen.getByLabelText('Name')).toHaveValue('Ann-7');
  });

  it('without reset keeps the values and raises no toast', async () => {
    const onSuccess = vi.fn();
    render(<Harness send={async () => ({ id: '1' })} options={{ fallbackMessage: 'x', onSuccess }} />);
    await fillAndSend();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
  });

  it('puts each API issue on the field it names and shows no form-wide message when all were placed', async () => {
    const onSuccess = vi.fn();
    const error = apiError(400, {
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'email', message: 'Email is taken' },
        { path: 'name', message: 'Name is too rude' },
      ],
    });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{
          fields: ['name', 'email'],
          fallbackMessage: 'Could not save',
          errorToastTitle: 'Failed',
          onSuccess,
        }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByText('Email is taken')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    const name = screen.getByLabelText('Name');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is taken');
    expect(name).toHaveAccessibleDescription('Name is too rude');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('moves the focus to the field the first API issue landed on', async () => {
    const error = apiError(400, {
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'email', message: 'Email is taken' },
        { path: 'name', message: 'Name is too rude' },
      ],
    });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fields: ['name', 'email'], fallbackMessage: 'x' }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByText('Email is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('maps issue paths through a function and leaves unknown paths off the fields', async () => {
    const error = apiError(400, {
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'contact.email', message: 'Bad address' },
        { path: 'other', message: 'Ignored issue' },
      ],
    });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{
          fields: (path) => (path === 'contact.email' ? 'email' : undefined),
          fallbackMessage: 'Could not save',
        }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByText('Bad address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Bad address');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Ignored issue')).not.toBeInTheDocument();
    // Default formMessage 'none-placed': one issue found a field, so no form-wide message.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("formMessage 'unplaced' also shows the form-wide message when an issue found no field", async () => {
    const error = apiError(400, {
      message: 'Some fields are wrong',
      code: 'VALIDATION_ERROR',
      issues: [
        { path: 'email', message: 'Email is taken' },
        { path: 'phone', message: 'Phone is wrong' },
      ],
    });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fields: ['name', 'email'], fallbackMessage: 'Could not save', formMessage: 'unplaced' }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are wrong');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is taken');
  });

  it("formMessage 'always' shows the form-wide message even when every issue was placed", async () => {
    const error = apiError(400, {
      message: 'Check the form',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'email', message: 'Email is taken' }],
    });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fields: ['email'], fallbackMessage: 'Could not save', formMessage: 'always' }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the form');
    expect(screen.getByText('Email is taken')).toBeInTheDocument();
  });

  it('shows the API message form-wide when no fields are given, with a destructive toast titled errorToastTitle', async () => {
    const error = apiError(503, { message: 'The database is down', code: 'UNAVAILABLE' });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fallbackMessage: 'Could not save', errorToastTitle: 'Save failed' }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down');
    expect(toastOf('Save failed')).toHaveAttribute('data-variant', 'destructive');
    expect(toastOf('Save failed')).toHaveTextContent('The database is down');
  });

  it("shows the fallback for the API's 500, whose message says only that something failed", async () => {
    const error = apiError(500, { message: 'Internal server error', code: 'INTERNAL' });
    render(<Harness send={() => Promise.reject(error)} options={{ fallbackMessage: 'Could not save' }} />);
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');
  });

  it('shows the fallback when the API sent no message, and a function fallback gets the error', async () => {
    const error = new Error('network down');
    const fallbackMessage = vi.fn((e: unknown) => `Failed: ${(e as Error).message}`);
    render(<Harness send={() => Promise.reject(error)} options={{ fallbackMessage }} />);
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: network down');
    expect(fallbackMessage).toHaveBeenCalledWith(error);
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
  });

  it('apiMessageFor: the listed statuses show their own message, the others the fallback', async () => {
    const tier = apiError(403, { message: 'Needs the Gold tier', code: 'FORBIDDEN' });
    const other = apiError(500, { message: 'Internal detail', code: 'INTERNAL' });
    const send = vi
      .fn<(values: Values) => Promise<Result>>()
      .mockRejectedValueOnce(tier)
      .mockRejectedValueOnce(other);
    render(
      <Harness send={send} options={{ fallbackMessage: 'Could not save', apiMessageFor: [403, 429] }} />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Needs the Gold tier');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not save'));
    expect(screen.queryByText('Internal detail')).not.toBeInTheDocument();
  });

  it('errorToast shows its fixed text whatever the form-wide message says', async () => {
    const error = apiError(503, { message: 'The database is down', code: 'UNAVAILABLE' });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{
          fallbackMessage: 'Could not save',
          errorToast: { title: 'Oops', description: 'Please try later.' },
          errorToastTitle: 'Not used',
        }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down');
    expect(toastOf('Oops')).toHaveAttribute('data-variant', 'destructive');
    expect(toastOf('Oops')).toHaveTextContent('Please try later.');
    expect(screen.queryByText('Not used')).not.toBeInTheDocument();
  });

  it('onError returning true handles the failure: no field, form-wide message or toast', async () => {
    const error = apiError(409, {
      message: 'Already exists',
      code: 'CONFLICT',
      issues: [{ path: 'email', message: 'Email is taken' }],
    });
    const onError = vi.fn(() => true);
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fields: ['email'], fallbackMessage: 'Could not save', errorToastTitle: 'Failed', onError }}
      />,
    );
    await fillAndSend();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Email is taken')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('onError returning false lets the usual handling go on', async () => {
    const error = apiError(409, { message: 'Already exists', code: 'CONFLICT' });
    const onError = vi.fn(() => false);
    render(
      <Harness send={() => Promise.reject(error)} options={{ fallbackMessage: 'Could not save', onError }} />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Already exists');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a 401 shows the logged-out toast and nothing on the form', async () => {
    const onError = vi.fn(() => false);
    const error = apiError(401, { message: 'Not signed in', code: 'UNAUTHORIZED' });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{ fallbackMessage: 'Could not save', errorToastTitle: 'Failed', onError }}
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Name'), 'Ann');
    // The redirect to /api/login waits on a timer: a fake one, dropped after the test, never navigates jsdom.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => {});
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(toastOf('Unauthorized')).toHaveAttribute('data-variant', 'destructive');
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('a 401 uses the given session toast', async () => {
    const error = apiError(401, { message: 'Not signed in', code: 'UNAUTHORIZED' });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{
          fallbackMessage: 'Could not save',
          unauthorized: { title: 'Session ended', description: 'Sign in to finish checkout.' },
          unauthorizedDelayMs: 1000,
        }}
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Name'), 'Ann');
    // The redirect to /api/login waits on a timer: a fake one, dropped after the test, never navigates jsdom.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => {});
    expect(screen.getByText('Sign in to finish checkout.')).toBeInTheDocument();
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('unauthorized: false treats a 401 as the form’s own failure', async () => {
    const error = apiError(401, { message: 'Wrong email or password', code: 'UNAUTHORIZED' });
    render(
      <Harness
        send={() => Promise.reject(error)}
        options={{
          fallbackMessage: 'Could not sign in',
          unauthorized: false,
          errorToastTitle: 'Sign-in failed',
        }}
      />,
    );
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(toastOf('Sign-in failed')).toHaveTextContent('Wrong email or password');
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
