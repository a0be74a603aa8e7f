// wouter imports `use-sync-external-store/shim` for React 17; React 19 has the hook itself, so the build points
// the shim here (vite.config.ts) and the first page does not carry the shim's fallback.
export { useSyncExternalStore } from 'react';
