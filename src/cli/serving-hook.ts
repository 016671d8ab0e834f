// The bundle's entry (scripts/bundle-entry.mjs) writes its code cache once a gateway serves, when
// the build asks it to: it leaves a function on globalThis under this symbol, and `serve` calls
// it after the gateway listens. Without the bundle, or when nothing is asked, nothing happens.

const SERVING = Symbol.for('govgate.serving');

export function announceServing(): void {
  const hook = (globalThis as Record<symbol, unknown>)[SERVING];
  if (typeof hook === 'function') hook();
}
