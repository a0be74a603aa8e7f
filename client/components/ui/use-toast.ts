import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/lib/constants';

/*
 * A tiny store outside React so that any code (an API helper, a mutation callback) can raise a toast with
 * `toast({...})` and the one <Toaster /> shows it. At most TOAST_LIMIT toasts are kept: a new one replaces
 * the old. A dismissed toast is closed at once and dropped from the store TOAST_REMOVE_DELAY_MS later.
 */

export type ToasterToast = Omit<ToastProps, 'title'> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastInput = Omit<ToasterToast, 'id'>;

interface ToastState {
  toasts: ToasterToast[];
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: ToastState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setState({ toasts: state.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Close one toast (or all of them) with its exit animation; it leaves the store later. */
export function dismissToast(id?: string): void {
  const targets = state.toasts.filter((t) => id === undefined || t.id === id);
  targets.forEach((t) => scheduleRemoval(t.id));
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

function updateToast(id: string, patch: Partial<ToasterToast>): void {
  setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) });
}

export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (patch: ToastInput) => void;
} {
  const id = nextId();
  const dismiss = () => dismissToast(id);
  const entry: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
      input.onOpenChange?.(open);
    },
  };
  const kept = [entry, ...state.toasts].slice(0, TOAST_LIMIT);
  // Toasts pushed out by the limit will never be dismissed through the UI: forget their timers too.
  state.toasts
    .filter((t) => !kept.includes(t))
    .forEach((t) => {
      clearTimeout(removalTimers.get(t.id));
      removalTimers.delete(t.id);
    });
  setState({ toasts: kept });
  return { id, dismiss, update: (patch) => updateToast(id, patch) };
}

export function useToast() {
  const { toasts } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}

/** Tests only: forget every toast and timer. */
export function resetToastsForTests(): void {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  setState({ toasts: [] });
}
