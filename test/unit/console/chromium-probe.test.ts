// The browser tests' probe: without Chromium they skip with one line naming what to install,
// and REQUIRE_CHROMIUM=1 (CI) turns that into a failure, so CI never goes green by skipping.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumPath, probeChromium } from '../../helpers/browser.ts';

test('a missing chromium is a visible skip, or a failure with REQUIRE_CHROMIUM=1', () => {
  const missing = { CHROMIUM_PATH: '/nonexistent/chromium' };
  assert.equal(chromiumPath(missing), null);
  const probe = probeChromium(missing);
  assert.match(String(probe.skip), /Browser \(console\) tests skipped: .*apt-get install chromium.*REQUIRE_CHROMIUM=1/);
  assert.throws(() => probeChromium({ ...missing, REQUIRE_CHROMIUM: '1' }), /required \(REQUIRE_CHROMIUM=1\)/);
});
