import {
  createElement,
  lazy,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';

// React.lazy's own constraint: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface LazyNamed<Props> {
  (props: Props): ReactNode;
  /** Loads the module now; a component first rendered after that renders at once, without suspending. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy` for a module's named export: `lazyNamed(() => import('@/app/routes/blog'), 'BlogRoute')` loads the
 * module when the component first renders, or earlier through `preload()`.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyNamed<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  const preload = () => load().then((module) => (loaded = module[name]));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Named(props: ComponentProps<M[K]>) {
    // Chosen once per mount: switching from the lazy wrapper to the component later would remount the page.
    const [component] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Named, { preload });
}
