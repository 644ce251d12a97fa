// Route elements whose code is their own chunk. They load on first match (and only once); the router starts the
// code of every matched route at once (router.tsx), so a page's chunk loads beside its layout's.
import { isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { PageLoadError } from '../components/errors/page-load-error.ts';

export type PageModule = { default: ComponentType };

/** The code loader of each lazy route element, by its component. */
const loaders = new WeakMap<object, () => Promise<PageModule>>();

/** A route element whose code is its own chunk, loaded on first match (and only once). */
export function lazyElement(load: () => Promise<PageModule>): ReactElement {
  let loading: Promise<PageModule> | undefined;
  const start = () => {
    if (!loading) {
      loading = load().catch((cause: unknown) => {
        throw new PageLoadError(cause);
      });
      // A preloaded chunk whose route never renders (its layout failed) must not be an unhandled rejection;
      // React.lazy still gets the failure from `loading` when the route renders.
      loading.catch(() => undefined);
    }
    return loading;
  };
  const Lazy = lazy(start);
  loaders.set(Lazy, start);
  return <Lazy />;
}

/** The loader of a lazy route element, if it is one. */
export function loaderOf(element: ReactNode): (() => Promise<PageModule>) | undefined {
  return isValidElement(element) ? loaders.get(element.type as object) : undefined;
}
