// The gateway's own version, from package.json (a JSON import: the bundle inlines it).

import packageJson from '../../package.json' with { type: 'json' };

export const GATEWAY_VERSION: string = packageJson.version;
