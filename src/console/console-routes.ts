// GET /console (the page) and /console/assets/{file} (Vite's hashed bundles). The page is public:
// it holds no data, and every call it makes carries the signed-in person's credential. Files are
// read once and kept; only names Vite wrote into console/dist/assets are served.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ApiError, type HandlerResult, type Route } from '../http/index.ts';

/**
 * No inline script or style, nothing from another origin, never framed. React sets styles through
 * the CSSOM (allowed by style-src 'self'), and the charts draw SVG, so nothing more is needed.
 */
export const CONSOLE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "font-src 'self'",
  "connect-src 'self'", "manifest-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export function consoleRoutes(dir: string | null): Route[] {
  let page: Buffer | undefined;
  let assets: Set<string> | undefined;
  const cache = new Map<string, Buffer>();

  const readPage = (): Buffer => {
    if (page) return page;
    try {
      page = readFileSync(path.join(dir ?? '', 'index.html'));
    } catch {
      throw new ApiError('CONSOLE_NOT_BUILT', 'The console is enabled but console/dist/index.html is missing: run `npm run console:build` (npm ci runs it).');
    }
    return page;
  };
  const assetNames = (): Set<string> => {
    if (assets) return assets;
    try {
      assets = new Set(readdirSync(path.join(dir ?? '', 'assets')));
    } catch {
      assets = new Set();
    }
    return assets;
  };
  const pageResult = (): HandlerResult => ({
    raw: readPage(), contentType: 'text/html; charset=utf-8', headers: { ...CONSOLE_SECURITY_HEADERS, 'cache-control': 'no-cache' },
  });
  const doc = { summary: 'The web console (CONSOLE_ENABLED; off by default when SERVICE_ENV=production)', tags: ['system'], responses: { 200: { description: 'The console page', contentType: 'text/html; charset=utf-8' } } };

  return [
    { method: 'GET', path: '/console', meta: { public: true, page: true, doc }, handler: pageResult },
    { method: 'GET', path: '/console/', meta: { public: true, page: true }, handler: pageResult },
    {
      method: 'GET', path: '/console/assets/{file}',
      meta: { public: true },
      handler: (ctx) => {
        const name = ctx.params.file;
        const contentType = CONTENT_TYPES[path.extname(name)];
        // Only names listed from the directory: nothing in the path reaches the file system.
        if (!contentType || !assetNames().has(name)) throw new ApiError('ROUTE_NOT_FOUND', `No console asset named ${name}.`);
        let content = cache.get(name);
        if (!content) {
          content = readFileSync(path.join(dir!, 'assets', name));
          cache.set(name, content);
        }
        // Vite puts a content hash in every asset name, so a name never changes meaning.
        return { raw: content, contentType, headers: { ...CONSOLE_SECURITY_HEADERS, 'cache-control': 'public, max-age=31536000, immutable' } };
      },
    },
  ];
}
