import { lazy, Suspense, type ComponentType } from "react";

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component whose code the browser fetches the first time it is drawn, not with the
 * page (decision 059): a dialog that opens after a click, say.
 *
 * React.lazy suspends on its first render even when the module is at hand. On the server
 * that would stream the page's first request with the component missing, then send it
 * later for a script to put in place, which a visitor without JavaScript never sees. So
 * the server loads the module as it starts and hands it to React already resolved (a
 * thenable that answers at once, which React.lazy reads as loaded); the page is whole from
 * the first request. In the browser a page drawn with the component open waits for it
 * under <Suspense>, keeping the server's HTML in place meanwhile.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  if (typeof document === "undefined") {
    void load().then((component) => (loaded = component));
  }
  const Lazy = lazy((): Promise<Loaded<P>> => {
    if (loaded) {
      const component = loaded;
      return { then: (resolve: (value: Loaded<P>) => void) => resolve({ default: component }) } as Promise<Loaded<P>>;
    }
    return load().then((component) => ({ default: component }));
  }) as unknown as ComponentType<P>;
  function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}
