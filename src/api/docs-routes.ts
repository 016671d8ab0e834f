// /docs (Swagger UI, served from swagger-ui-dist on disk: no CDN) and /openapi.json. Neither is
// registered when SERVICE_ENV=production, so both answer 404 there.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ApiError, type Route } from '../http/index.ts';

const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>governance-gateway API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

export function docsRoutes(openApiDocument: () => object): Route[] {
  const assetDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Buffer>();
  let documentJson: string | undefined;
  const doc = (summary: string) => ({ summary, tags: ['system'], responses: { 200: { description: summary } } });
  return [
    {
      method: 'GET', path: '/openapi.json',
      meta: { public: true, doc: doc('The OpenAPI 3.1 document (off when SERVICE_ENV=production)') },
      handler: () => ({ raw: (documentJson ??= JSON.stringify(openApiDocument())), contentType: 'application/json' }),
    },
    {
      method: 'GET', path: '/docs',
      meta: { public: true, doc: doc('Interactive API docs (off when SERVICE_ENV=production)') },
      handler: () => ({ raw: PAGE, contentType: 'text/html; charset=utf-8' }),
    },
    {
      method: 'GET', path: '/docs/init.js',
      meta: { public: true },
      handler: () => ({ raw: INIT, contentType: 'text/javascript; charset=utf-8' }),
    },
    {
      method: 'GET', path: '/docs/{asset}',
      meta: { public: true },
      handler: (ctx) => {
        const name = ctx.params.asset;
        const contentType = ASSETS[name];
        if (!contentType) throw new ApiError('ROUTE_NOT_FOUND', `No docs asset named ${name}.`);
        let content = cache.get(name);
        if (!content) {
          content = readFileSync(path.join(assetDir, name));
          cache.set(name, content);
        }
        return { raw: content, contentType, headers: { 'cache-control': 'public, max-age=86400' } };
      },
    },
  ];
}
