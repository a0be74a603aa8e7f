/** A full-page navigation (to /api/login, which the server answers). Its own module so tests can record it. */
export function goTo(url: string): void {
  window.location.href = url;
}
