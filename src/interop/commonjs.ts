// A CommonJS package imported with import(): Node gives its exports as named exports (and the
// whole module.exports as `default`), but in the bundle (scripts/build.ts, code splitting) the
// package is a chunk whose only export is `default` = module.exports. Reading what was imported
// through this works for both. Only for CommonJS packages: an ES module's default export is not
// its namespace.

export function commonJsExports<T extends object>(imported: T): T {
  const whole = (imported as { default?: unknown }).default;
  // module.exports may be a function with the named exports as properties (ioredis: the Redis class).
  return (whole !== null && (typeof whole === 'object' || typeof whole === 'function') ? whole : imported) as T;
}
