/** The spec's texts for Mission Control (sections 6 and 8). */
export const DASHBOARD_MESSAGES = {
  loggedOut: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
} as const;
