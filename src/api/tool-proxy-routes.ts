// POST /v1/invoicepay/payments: the spec's example of a governed tool API. The spec limits it per
// X-Agent-ID, so it is registered here to be authenticated and rate limited exactly as stated;
// on a gateway where no sidecar route serves it (config/gateway.yaml, with its host), it answers
// 404 after those checks.

import { ApiError, type Route } from '../http/index.ts';

export function toolProxyRoutes(): Route[] {
  return [
    {
      method: 'POST', path: '/v1/invoicepay/payments',
      meta: { feature: 'runtime' },
      handler: () => {
        throw new ApiError('ROUTE_NOT_FOUND', 'No sidecar route serves POST /v1/invoicepay/payments on this gateway; declare the InvoicePay upstream (with its host) in config/gateway.yaml to govern it.');
      },
    },
  ];
}
