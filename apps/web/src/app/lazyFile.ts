import { lazy, type ComponentType } from 'react';

type Module = { default: ComponentType };

/**
 * React.lazy over a file fetched when first shown, or sooner by `preload`. Once the file is there, the
 * component renders at once: React reads a thenable that calls back synchronously as resolved without
 * suspending. A promise, even an already resolved one, suspends the render, commits the fallback, and
 * React then holds the content back for up to 300 ms after that fallback (its reveal throttle): 0.2 s of
 * nothing in a popup's load (issue 28 line 10).
 */
export function lazyFile(load: () => Promise<Module>) {
  let file: Promise<Module> | null = null;
  let loaded: Module | null = null;
  const preload = () =>
    (file ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  const read = (): Promise<Module> => (loaded ? ({ then: (resolve: (m: Module) => void) => resolve(loaded!) } as unknown as Promise<Module>) : preload());
  return Object.assign(lazy(read), { preload });
}
