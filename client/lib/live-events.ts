import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  EVENTS_RECONNECTING_AFTER_MS,
  LIVE_EVENT_TYPES,
  RESET_EVENT,
  SIGNED_OUT_EVENT,
  type LiveEventType,
} from '@contract/event-names';
import type { LiveEventData } from '@contract/events';
import { sessionHint, signedInSince } from '@/lib/auth';

/*
 * The live event stream (`GET /api/events`, design 12.6): one EventSource per tab, opened by the app layout while
 * signed in. Features listen with `useLiveEvents` and keep their own query keys; queries that must not go stale
 * poll only while the stream is down (`whileStreamDown`). It lives below the features because every feature that
 * shows live data shares the one stream.
 */

export const EVENTS_PATH = '/api/events';

type Handlers = { [T in LiveEventType]?: (data: LiveEventData<T>) => void } & {
  /** What the stream may have missed must be read again: a reset, or the stream went down. */
  reset?: () => void;
  /**
   * The session ended (here or elsewhere). `signedInAgain`: the browser holds a newer session, for which the stream
   * goes on; otherwise the stream has stopped for good.
   */
  'signed-out'?: (data: { signedInAgain: boolean }) => void;
};

type StreamSignal = LiveEventType | typeof RESET_EVENT | typeof SIGNED_OUT_EVENT;

export interface StreamStatus {
  /** Connected and receiving. */
  up: boolean;
  /** Down for EVENTS_RECONNECTING_AFTER_MS or more while it should be up: the page says "reconnecting". */
  reconnecting: boolean;
}

const listeners = new Set<{ current: Handlers }>();
const statusListeners = new Set<() => void>();
let status: StreamStatus = { up: false, reconnecting: false };

function setStatus(next: StreamStatus): void {
  if (next.up === status.up && next.reconnecting === status.reconnecting) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function dispatch(type: StreamSignal, data: unknown): void {
  for (const { current } of listeners) {
    const handler = current[type] as ((data: unknown) => void) | undefined;
    handler?.(data);
  }
}

/** Whether the stream is up now (for queries' `refetchInterval`, which TanStack Query reads as it schedules). */
export const isStreamUp = (): boolean => status.up;

/** A query's `refetchInterval`: none while the stream is up, `ms` while it is down. */
export const whileStreamDown = (ms: number) => (): number | false => (status.up ? false : ms);

export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

/** Listens to the stream until the returned function is called (outside components: a task that waits for a job). */
export function onLiveEvents(handlers: Handlers): () => void {
  const entry = { current: handlers };
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}

/** Listens to the stream while the component is mounted; the handlers may change on every render. */
export function useLiveEvents(handlers: Handlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const entry = ref;
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }, []);
}

/** How long to wait before opening a new EventSource after the browser gave up on one. */
const REOPEN_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Holds the tab's one stream while `enabled` (signed in). The browser reconnects by itself, sending the last id so
 * the server replays what was missed; when it gives up (the server answered an error), a new EventSource is opened
 * after a pause and everything is read again, since it resumes from nowhere.
 */
export function useLiveEventStream(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnectingTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    /** The effect was cleaned up (signed out, or the layout went away). */
    let disposed = false;
    /** The hint of the session the stream was opened with (the browser reconnects with the cookie it has then). */
    let openedWith: string | null = null;

    const down = () => {
      if (status.up) {
        setStatus({ up: false, reconnecting: false });
        // Polling starts (the queries' intervals are read again as they refetch) and nothing stays stale.
        dispatch(RESET_EVENT, {});
      }
      reconnectingTimer ??= setTimeout(
        () => setStatus({ up: false, reconnecting: true }),
        EVENTS_RECONNECTING_AFTER_MS,
      );
    };

    const open = (fresh: boolean) => {
      stopped = false;
      source = new EventSource(EVENTS_PATH);
      source.onopen = () => {
        openedWith = sessionHint();
        failures = 0;
        clearTimeout(reconnectingTimer);
        reconnectingTimer = undefined;
        setStatus({ up: true, reconnecting: false });
        if (fresh) dispatch(RESET_EVENT, {});
      };
      source.onerror = () => {
        down();
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source = null;
        const wait = REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)]!;
        failures += 1;
        reopenTimer = setTimeout(() => open(true), wait);
      };
      for (const type of LIVE_EVENT_TYPES) {
        source.addEventListener(type, (event) => {
          try {
            dispatch(type, JSON.parse((event as MessageEvent<string>).data));
          } catch {
            // A malformed event is dropped; the next reset reads everything again.
          }
        });
      }
      source.addEventListener(RESET_EVENT, () => dispatch(RESET_EVENT, {}));
      // The session ended: no reconnect (it would be answered 401) and no refetch; the app shows itself signed out.
      // Unless the browser signed in again meanwhile (in another tab, or just before this page navigates): then the
      // stream starts afresh for the new session, and the app reads its user.
      source.addEventListener(SIGNED_OUT_EVENT, () => {
        const ended = openedWith;
        close();
        void signedInSince(ended).then((signedInAgain) => {
          if (disposed) return;
          if (signedInAgain) open(true);
          dispatch(SIGNED_OUT_EVENT, { signedInAgain });
        });
      });
    };

    /** Closes the stream without opening another (until `open` is called again). */
    const close = () => {
      stopped = true;
      clearTimeout(reopenTimer);
      clearTimeout(reconnectingTimer);
      source?.close();
      source = null;
      setStatus({ up: false, reconnecting: false });
    };

    open(false);
    return () => {
      disposed = true;
      close();
    };
  }, [enabled]);
}
