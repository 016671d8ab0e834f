// A SchemaCheck may report a JSON pointer (`/customer/email`, as ajv does) or a dotted path
// (`customer.email`); failures always use the request's dotted form under a base like `output`.

import { childPath, indexPath } from './json-leaves.ts';

export function violationPath(base: string, path: string): string {
  if (path === '' || path === '/') return base;
  if (!path.startsWith('/')) {
    const relative = path.startsWith('[') ? path : `.${path}`;
    return base === '' ? relative.replace(/^\./, '') : `${base}${relative}`;
  }
  let result = base;
  for (const raw of path.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    result = /^\d+$/.test(segment) ? indexPath(result, Number(segment)) : childPath(result, segment);
  }
  return result;
}
