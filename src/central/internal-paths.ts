// The internal API's paths, shared by the central gateway's routes and the sidecar's client so
// the two cannot drift apart.

export const INTERNAL_PATHS = {
  append: '/v1/internal/ledger/append',
  rows: '/v1/internal/ledger/rows',
  rowTemplate: '/v1/internal/ledger/rows/{envelope_id}',
  childTemplate: '/v1/internal/ledger/rows/{envelope_id}/child',
  childrenTemplate: '/v1/internal/ledger/rows/{envelope_id}/children',
  latest: '/v1/internal/ledger/latest',
  recentOutcomes: '/v1/internal/ledger/recent-outcomes',
  head: '/v1/internal/ledger/head',
  fleetState: '/v1/internal/fleet/state',
  row: (envelopeId: string) => `/v1/internal/ledger/rows/${encodeURIComponent(envelopeId)}`,
  child: (envelopeId: string) => `/v1/internal/ledger/rows/${encodeURIComponent(envelopeId)}/child`,
  children: (envelopeId: string) => `/v1/internal/ledger/rows/${encodeURIComponent(envelopeId)}/children`,
} as const;
