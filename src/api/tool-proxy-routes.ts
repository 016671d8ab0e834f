// POST /v1/invoicepay/payments: the spec's example of a governed tool API, which the sidecar
// proxy will serve. It is registered now so that it is authenticated and rate limited (per
// X-Agent-ID) exactly as the spec says; until the proxy exists it answers 404 after those checks.

import { ApiError, type Route } from '../http/index.ts';

export function toolProxyRoutes(): Route[] {
  return [
    {
      method: 'POST', path: '/v1/invoicepay/payments',
      meta: { feature: 'runtime' },
      handler: () => {
        throw new ApiError('ROUTE_NOT_FOUND', 'POST /v1/invoicepay/payments is served by the sidecar proxy, which this gateway build does not include yet.');
      },
    },
  ];
}
