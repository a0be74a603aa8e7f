// No zod here: the landing page's first script imports this, and must not carry the schemas (issue 19 point 2).

/**
 * A cookie the browser's scripts may read, set beside the (HttpOnly) session cookie and cleared with it: without it
 * the page knows the visitor is signed out and does not ask GET /api/auth/user (decision 013). A hint, never proof:
 * the session cookie alone signs a request in. Its value is a short hash of the session's token, different for each
 * session: a page whose session ended can tell whether the browser has signed in again since.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
