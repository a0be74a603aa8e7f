// No zod here: the landing page's first script imports this, and must not carry the schemas (issue 19 point 2).

/**
 * A cookie the browser's scripts may read, set beside the (HttpOnly) session cookie and cleared with it: without it
 * the page knows the visitor is signed out and does not ask GET /api/auth/user (decision 013). A hint, never proof:
 * the session cookie alone signs a request in.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
