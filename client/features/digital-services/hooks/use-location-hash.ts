import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => window.location.hash;

/**
 * The address's #fragment, kept current through in-app navigations too (wouter announces pushState). Search
 * results for a service open `/digital#<service id>`.
 */
export function useLocationHash(): string {
  return useLocationProperty(currentHash, () => '');
}
