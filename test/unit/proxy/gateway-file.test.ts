// config/gateway.yaml parsing: defaults filled in, and every kind of mistake reported with the
// line and field it sits at.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError } from '../../../src/config/index.ts';
import { NO_ROUTES, ROUTE_DEFAULTS, parseGatewayFile } from '../../../src/proxy/index.ts';

function issues(text: string): string[] {
  try {
    parseGatewayFile(text, 'gateway.yaml');
  } catch (error) {
    assert.ok(error instanceof ConfigFileError, String(error));
    return error.issues.map((issue) => `${issue.line}:${issue.column} ${issue.path}: ${issue.message}`);
  }
  assert.fail('the file was accepted');
}

describe('gateway.yaml: valid files', () => {
  test('an empty file or `routes: []` means no routes', () => {
    assert.equal(parseGatewayFile('# nothing yet\n', 'g'), NO_ROUTES);
    assert.deepEqual(parseGatewayFile('routes: []\n', 'g').routes, []);
  });

  test('a minimal HTTP route gets every default', () => {
    const [route] = parseGatewayFile('routes:\n  - name: kb\n    match: { path_prefix: /kb/ }\n    upstream: http://kb.internal:8080/api\n    tool: { name: search_kb }\n', 'g').routes;
    assert.equal(route.pathPrefix, '/kb', 'a trailing slash is dropped');
    assert.equal(route.host, null);
    assert.equal(route.upstream.href, 'http://kb.internal:8080/api');
    assert.equal(route.protocol, 'http');
    assert.equal(route.framework, 'REST');
    assert.equal(route.governed, true);
    assert.equal(route.stripPrefix, false);
    assert.deepEqual(route.tool, { kind: 'fixed', name: 'search_kb' });
    assert.deepEqual(route.timeouts, { connectMs: ROUTE_DEFAULTS.connectMs, headersMs: ROUTE_DEFAULTS.headersMs, bodyMs: ROUTE_DEFAULTS.bodyMs });
    assert.equal(route.maxResponseBytes, ROUTE_DEFAULTS.maxResponseBytes);
    assert.equal(route.failMode, 'closed');
    assert.equal(route.onEscalation, 'block');
    assert.equal(route.redact, false);
    assert.equal(route.unscannable, 'block', 'a result nobody can read is withheld unless the route opts out');
  });

  test('tool sources, MCP routes, hosts, connect rules and sessions', () => {
    const settings = parseGatewayFile(`
agent_id: support-agent-1
sessions: { idle_seconds: 60, max_sessions: 5 }
connect:
  allow: ["*.openai.com", "git.example.com:22"]
routes:
  - name: tools
    match: { host: Tools.Internal:8080, path_prefix: /tools }
    upstream: https://tools.internal
    tool: { path: "/tools/{tool}" }
  - name: rpc
    match: { path_prefix: /rpc }
    upstream: http://rpc.internal
    tool: { name_field: call.name, params_field: call.args }
  - name: mcp
    match: { path_prefix: /mcp }
    upstream: http://mcp.internal/mcp
    protocol: mcp
    mcp: { accept_tool_changes: { search_kb: "${'a'.repeat(64)}" } }
`, 'g');
    assert.equal(settings.agentId, 'support-agent-1');
    assert.deepEqual(settings.sessions, { idleSeconds: 60, maxSessions: 5 });
    const [tools, rpc, mcp] = settings.routes;
    assert.equal(tools.host, 'tools.internal:8080');
    assert.deepEqual(tools.tool, { kind: 'path', template: '/tools/{tool}', segments: ['tools', '{tool}'] });
    assert.deepEqual(rpc.tool, { kind: 'body', nameField: 'call.name', paramsField: 'call.args' });
    assert.equal(mcp.framework, 'MCP');
    assert.equal(mcp.tool, null);
    assert.equal(mcp.acceptedToolChanges.get('search_kb'), 'a'.repeat(64));
    assert.deepEqual(settings.connectAllow.map((rule) => [rule.pattern, rule.ports]), [['*.openai.com', [443]], ['git.example.com', [22]]]);
    assert.equal(settings.connectAllow[0].matches('api.openai.com'), true);
    assert.equal(settings.connectAllow[0].matches('openai.com.evil.example'), false);
  });
});

describe('gateway.yaml: audit modes', () => {
  const route = (name: string, extra = '') => `  - name: ${name}\n    match: { path_prefix: /${name} }\n    upstream: http://${name}\n    tool: { name: x }\n${extra}`;

  test('strict by default, for HTTP and MCP routes alike', () => {
    const settings = parseGatewayFile(`routes:\n${route('kb')}  - name: mcp\n    match: { path_prefix: /mcp }\n    upstream: http://mcp\n    protocol: mcp\n`, 'g');
    assert.deepEqual(settings.routes.map((r) => r.audit), ['strict', 'strict']);
  });

  test('a route says intent; the file-level default applies to the routes that say nothing', () => {
    const own = parseGatewayFile(`routes:\n${route('kb', '    audit: intent\n')}${route('pay')}`, 'g');
    assert.deepEqual(own.routes.map((r) => [r.name, r.audit]), [['kb', 'intent'], ['pay', 'strict']]);
    const fileWide = parseGatewayFile(`audit: intent\nroutes:\n${route('kb')}${route('pay', '    audit: strict\n')}  - name: mcp\n    match: { path_prefix: /mcp }\n    upstream: http://mcp\n    protocol: mcp\n`, 'g');
    assert.deepEqual(fileWide.routes.map((r) => [r.name, r.audit]), [['kb', 'intent'], ['pay', 'strict'], ['mcp', 'intent']]);
  });
});

describe('gateway.yaml: mistakes name their line and field', () => {
  const cases: Array<{ name: string; text: string; expected: string[] }> = [
    {
      name: 'unknown keys, wrong enums and types, all at once',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n    tool: { name: x }\n    fail_mode: maybe\n    redact: yes please\n    retry: 3\n',
      expected: ['6:16 routes[0].fail_mode: must be one of "closed", "open"', '7:13 routes[0].redact: must be boolean', '8:5 routes[0].retry: is not a known key'],
    },
    {
      name: 'unscannable: a value it does not know',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n    tool: { name: x }\n    unscannable: allow\n',
      expected: ['6:18 routes[0].unscannable: must be one of "block", "release"'],
    },
    {
      name: 'unscannable on a route that governs nothing',
      text: 'routes:\n  - name: raw\n    match: { path_prefix: /raw }\n    upstream: http://raw\n    governed: false\n    unscannable: release\n',
      expected: ['6:18 routes[0].unscannable: only applies to governed routes'],
    },
    {
      name: 'audit: a mode it does not know names the route',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n    tool: { name: x }\n    audit: lazy\n',
      expected: ['6:12 routes[0].audit: route "kb": must be one of "strict", "intent"'],
    },
    {
      name: 'audit: a file-level default it does not know',
      text: 'audit: async\nroutes: []\n',
      expected: ['1:8 audit: must be one of "strict", "intent"'],
    },
    {
      name: 'audit on a route that governs nothing',
      text: 'routes:\n  - name: raw\n    match: { path_prefix: /raw }\n    upstream: http://raw\n    governed: false\n    audit: intent\n',
      expected: ['6:12 routes[0].audit: route "raw" is not governed, so it records nothing to audit; remove audit or set governed: true'],
    },
    {
      name: 'missing required fields',
      text: 'routes:\n  - name: kb\n    tool: { name: x }\n',
      expected: ['2:5 routes[0].match: is required', '2:5 routes[0].upstream: is required'],
    },
    {
      name: 'an empty match',
      text: 'routes:\n  - name: kb\n    match: {}\n    upstream: http://kb\n    tool: { name: x }\n',
      expected: ['3:12 routes[0].match: must not be empty'],
    },
    {
      name: 'a governed HTTP route without a tool source',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n',
      expected: ['2:5 routes[0]: a governed HTTP route needs tool: {name}, {path: /tools/{tool}} or {name_field}'],
    },
    {
      name: 'two tool sources',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n    tool: { name: x, name_field: tool }\n',
      expected: ['5:11 routes[0].tool: needs exactly one of name, path, name_field (got name, name_field)'],
    },
    {
      name: 'a template with {tool} inside a segment',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://kb\n    tool: { path: "/kb/x{tool}" }\n',
      expected: ['5:19 routes[0].tool.path: must hold {tool} once, as a whole segment (e.g. /tools/{tool})'],
    },
    {
      name: 'a prefix that takes over the gateway\'s own paths',
      text: 'routes:\n  - name: all\n    match: { path_prefix: / }\n    upstream: http://kb\n    governed: false\n',
      expected: ['3:27 routes[0].match.path_prefix: overlaps /v1, which the gateway serves; use another prefix or add match.host'],
    },
    {
      name: 'a prefix that takes over the console (its page, its assets)',
      text: 'routes:\n  - name: ui\n    match: { path_prefix: /console/assets }\n    upstream: http://kb\n    governed: false\n',
      expected: ['3:27 routes[0].match.path_prefix: overlaps /console, which the gateway serves; use another prefix or add match.host'],
    },
    {
      name: 'duplicate names, strip_prefix without a prefix, a tool on an MCP route',
      text: 'routes:\n  - name: a\n    match: { host: a.internal }\n    upstream: http://a\n    strip_prefix: true\n    governed: false\n  - name: a\n    match: { path_prefix: /m }\n    upstream: http://m\n    protocol: mcp\n    tool: { name: x }\n',
      expected: ['5:19 routes[0].strip_prefix: needs match.path_prefix', '7:11 routes[1].name: duplicate route name "a"', '11:11 routes[1].tool: MCP routes read the tool from tools/call; remove tool'],
    },
    {
      name: 'an upstream with credentials',
      text: 'routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: http://user:pw@kb\n    tool: { name: x }\n',
      expected: ['4:15 routes[0].upstream: must be a plain http(s) URL without credentials, query or fragment'],
    },
    {
      name: 'YAML syntax errors',
      text: 'routes:\n  - name: kb\n    tool: { path: /t/{tool} }\n',
      expected: ['3:22 : Unexpected flow-map-start at node end'],
    },
  ];
  for (const { name, text, expected } of cases) {
    test(name, () => {
      const found = issues(text);
      assert.deepEqual(found.slice(0, expected.length), expected);
    });
  }
});

describe('config/gateway.yaml as shipped', () => {
  const shipped = readFileSync(path.resolve(import.meta.dirname, '../../../config/gateway.yaml'), 'utf8');

  test('declares no routes, so a plain gateway proxies nothing', () => {
    assert.deepEqual(parseGatewayFile(shipped, 'config/gateway.yaml').routes, []);
  });

  test('its commented example is valid once uncommented', () => {
    const lines = shipped.split('\n');
    const from = lines.findIndex((line) => line.startsWith('# ---- example'));
    const to = lines.findIndex((line) => line.startsWith('# ---- end of example'));
    const example = lines.slice(from + 1, to).map((line) => line.slice(2)).join('\n');
    const settings = parseGatewayFile(example, 'example');
    assert.deepEqual(settings.routes.map((route) => route.name), ['kb', 'tools-mcp']);
    assert.equal(settings.agentId, 'support-agent-1');
  });
});
