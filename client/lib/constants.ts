/**
 * Client-wide constants (the timings and limits docs/product.md describes), kept in one place so a
 * screen never hard-codes a timing or a limit of its own.
 */

export const APP_NAME = 'Intel Portal';
export const APP_TAGLINE = 'Private intelligence & investigations';

/** Full-page navigations handled by the server (it sets and clears the session cookie), never client routes. */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/** Toasts: Radix Toast settings. F8 is Radix's default hotkey; it is named here so it is not a surprise. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY: string[] = ['F8'];

/** Tooltips. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Lost session: destructive toast, then /api/login after this delay. */
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 500;
/** Service inquiries and checkout wait longer before going to /api/login. */
export const LOGIN_REQUIRED_REDIRECT_DELAY_MS = 1000;

/** Loading screen: one tick every 300 ms, +3..13 points, onComplete 1 s after 100%. */
export const LOADING_TICK_MS = 300;
export const LOADING_STEP_MIN = 3;
export const LOADING_STEP_MAX = 13;
export const LOADING_COMPLETE_DELAY_MS = 1000;
/** sessionStorage key: the loading screen shows once per browser session, not on every reload. */
export const LOADING_SCREEN_SEEN_KEY = 'intel-portal:loading-screen-seen';
export const LOADING_STATUS_MESSAGES = [
  'Initializing secure connection...',
  'Verifying encryption protocols...',
  'Establishing encrypted channel...',
  'Loading intelligence modules...',
  'Synchronizing threat databases...',
  'Authenticating access credentials...',
  'Calibrating tactical systems...',
  'All systems operational',
] as const;
export const LOADING_READY_MESSAGE = 'System ready';

/** Two-factor codes from an authenticator app: six digits. */
export const MFA_CODE_LENGTH = 6;
/** Backup codes are longer than app codes; the API accepts up to 32 characters where either may be sent. */
export const BACKUP_CODE_MAX = 32;

/** Marketplace: products fetched per page ('Load more' asks for the next), search debounce. */
export const MARKETPLACE_PAGE_SIZE = 24;
export const MARKETPLACE_SEARCH_DEBOUNCE_MS = 250;

/** Cart dialog: placeholders shown while the cart loads. */
export const CART_LOADING_PLACEHOLDERS = 3;

/** Settings: how long a copy control shows its check mark (backup codes, secrets, keys). */
export const COPIED_INDICATOR_MS = 2000;

/** Analytics dashboard: placeholders shown while it loads. */
export const ANALYTICS_LOADING_PLACEHOLDERS = 8;

/**
 * Page views: route changes are sent in batches, every 10 s, as soon as 20 are waiting, and when the page is
 * hidden. 20 stays well under the API's 50 per batch.
 */
export const PAGE_VIEW_FLUSH_MS = 10_000;
export const PAGE_VIEW_FLUSH_SIZE = 20;
/** The API refuses longer paths. */
export const PAGE_VIEW_PATH_MAX = 300;
