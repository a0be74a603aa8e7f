import type * as ToasterModule from '@/components/ui/toaster';

/*
 * The toasts' code (Radix Toast and its layers) is not part of the first page's JavaScript (issue 19): the app's
 * provider loads it at the first interaction or with the first toast (client/app/provider.tsx).
 */
let loaded: typeof ToasterModule | undefined;

/** The toaster's module when it has been loaded, else undefined. */
export function loadedToaster(): typeof ToasterModule | undefined {
  return loaded;
}

/** Loads the toaster's module once; later calls get the same module. */
export function loadToaster(): Promise<typeof ToasterModule> {
  return import('@/components/ui/toaster').then((module) => (loaded = module));
}
