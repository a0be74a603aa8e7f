/** Mission Control's toast for a lost session. */
export const DASHBOARD_MESSAGES = {
  loggedOut: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
} as const;
