import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React.lazy's own constraint: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * `React.lazy` for a module's named export: `lazyNamed(() => import('@/app/routes/blog'), 'BlogRoute')` loads the
 * module when the component first renders.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
