import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revealSection } from '@/app/layout/reveal-section';

/** A page with the sticky header (60 px) and the section heading at `top` in the page. */
function page(top: number) {
  document.body.innerHTML = '<header data-slot="app-header"></header>';
  const header = document.querySelector<HTMLElement>('[data-slot="app-header"]')!;
  Object.defineProperty(header, 'offsetHeight', { value: 60 });
  const heading = document.createElement('h2');
  heading.id = 'queue-heading';
  let at = top;
  heading.getBoundingClientRect = () => ({ top: at - window.scrollY }) as DOMRect;
  return {
    show: () => document.body.append(heading),
    /** Content above it grew or shrank. */
    moveTo: (next: number) => (at = next),
  };
}

describe('revealSection', () => {
  let fetching = 0;
  const queries = { isFetching: () => fetching };
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    fetching = 0;
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    revealSection('/', queries);
    vi.useRealTimers();
  });

  it('waits for the heading and for the page’s requests, then scrolls it below the header', async () => {
    const section = page(1200);
    fetching = 1;
    revealSection('/vendor#queue-heading', queries);
    await vi.advanceTimersByTimeAsync(1000);
    section.show();
    await vi.advanceTimersByTimeAsync(1000);
    expect(scrollTo).not.toHaveBeenCalled();

    fetching = 0;
    await vi.advanceTimersByTimeAsync(400);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1200 - 60 - 16, behavior: 'smooth' });
  });

  it('scrolls again when late content above moves the heading, then leaves the page alone', async () => {
    const section = page(800);
    section.show();
    revealSection('/investigations#queue-heading', queries);
    await vi.advanceTimersByTimeAsync(400);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    section.moveTo(1500);
    await vi.advanceTimersByTimeAsync(200);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1500 - 60 - 16, behavior: 'auto' });

    await vi.advanceTimersByTimeAsync(3000);
    section.moveTo(1700);
    await vi.advanceTimersByTimeAsync(1000);
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('stops when the person scrolls or presses a key first', async () => {
    const section = page(900);
    section.show();
    fetching = 1;
    revealSection('/vendor#queue-heading', queries);
    await vi.advanceTimersByTimeAsync(500);
    window.dispatchEvent(new Event('wheel'));
    fetching = 0;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to a heading that shows while requests never settle, once it gives up waiting', async () => {
    const section = page(600);
    section.show();
    fetching = 1;
    revealSection('/vendor#queue-heading', queries);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_200);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a link without a section', async () => {
    page(600).show();
    revealSection('/vendor', queries);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
