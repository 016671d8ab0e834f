// Sidecars without database credentials: the remote ledger that records through the central
// gateway's internal API (/v1/internal/*), and the follower that keeps the sidecar's kill switch
// and policy version in step with the central gateway's.

export { openRemoteLedger, type RemoteLedger } from './remote-ledger.ts';
export { createCentralClient, CentralUnavailable, type CentralClient, type CentralClientOptions } from './central-client.ts';
export { followCentral, type CentralFollower } from './central-follower.ts';
export { INTERNAL_PATHS } from './internal-paths.ts';
