import { type ComponentType, lazy } from 'react';
import { LoadingState } from '../ui/LoadingState';

// Route code splitting: a screen's code is fetched the first time the screen is opened, so the first
// load of /login, the chooser or one dashboard carries none of the others (measured by
// `npm run bench web-bundle`). While the chunk arrives, Root's Suspense boundary shows PageLoading.

const loaders: Array<() => Promise<unknown>> = [];

/**
 * A page component loaded on first render: `lazyPage(() => import('./x/SomePage'), 'SomePage')` stands
 * where `import { SomePage } from './x/SomePage'` stood, so route entries keep `element: <SomePage />`.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  const fetch = async () => {
    loaded = (await load())[name];
    return loaded;
  };
  loaders.push(fetch);
  const page = lazy(() =>
    // Already fetched (preloaded, or another page of the same chunk): React takes a thenable that
    // answers at once without suspending, so the page renders in the same pass.
    loaded
      ? (settled({ default: loaded }) as Promise<{ default: ComponentType }>)
      : fetch().then((page) => ({ default: page })),
  );
  return Object.assign(page, { preload: fetch });
}

/** A lazily loaded page whose code can be fetched ahead of its first render (see firstScreen.ts). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** Whether a route element's type is one (React's lazy is an object, Preact's a function). */
export function isLazyPage(type: unknown): type is LazyPage {
  return (
    (typeof type === 'object' || typeof type === 'function') &&
    type !== null &&
    typeof (type as LazyPage).preload === 'function'
  );
}

/** A thenable that calls back at once (React's lazy then reads the module without suspending). */
function settled<T>(value: T): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable React reads synchronously, on purpose.
    then(onFulfilled) {
      onFulfilled?.(value);
      return settled(undefined) as never;
    },
  };
}

/** Root's boundary around every screen: shown while a screen's code arrives. */
export function PageLoading() {
  return (
    <main id="main" className="page-loading">
      <LoadingState title="Loading" />
    </main>
  );
}

/** Fetches every lazy page now (tests render screens without waiting on chunk loads). */
export const preloadPages = (): Promise<unknown[]> => Promise.all(loaders.map((load) => load()));
