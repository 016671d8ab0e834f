// The web console (/console): static assets built from console/ by Vite, served by the gateway
// with a strict Content-Security-Policy. The console talks only to the public /v1 API.

export { consoleRoutes, CONSOLE_SECURITY_HEADERS } from './console-routes.ts';
export { consoleAssetDir } from './asset-dir.ts';
