/** This library's version, sent as `sdk_version` so a gateway can refuse a client too old for it (426). Kept equal to package.json by a test. */
export const SDK_VERSION = '0.1.0';
