// A changed MCP tool definition as a reviewer reads it: what the change is (route, upstream, the
// pinned and new hashes), which fields were added, removed or changed, and the unified diff of
// the two definitions with added and removed lines coloured. Each line also says in words what
// it is (for screen readers, and for anyone who cannot tell the colours apart) and keeps its
// +/- sign.

import type { PathChange, ToolChange } from '../types.ts';
import { Field, JsonTree } from '../components.tsx';

type LineKind = 'add' | 'del' | 'hunk' | 'file' | 'context';

const SPOKEN: Record<LineKind, string> = { add: 'added: ', del: 'removed: ', hunk: 'lines: ', file: 'file: ', context: 'unchanged: ' };

/** One line of a unified diff: its kind and the text after the sign. */
export function diffLine(line: string): { kind: LineKind; sign: string; text: string } {
  if (line.startsWith('+++ ') || line.startsWith('--- ')) return { kind: 'file', sign: '', text: line };
  if (line.startsWith('@@')) return { kind: 'hunk', sign: '', text: line };
  if (line.startsWith('+')) return { kind: 'add', sign: '+', text: line.slice(1) };
  if (line.startsWith('-')) return { kind: 'del', sign: '-', text: line.slice(1) };
  return { kind: 'context', sign: ' ', text: line.startsWith(' ') ? line.slice(1) : line };
}

export function DefinitionDiff({ change }: { change: ToolChange }) {
  // The patch opens with a row of "=" and may end with "\ No newline at end of file": neither is content.
  const lines = change.diff.unified.split('\n').filter((line) => line !== '' && !/^=+$/.test(line) && !line.startsWith('\\'));
  const { added, removed, changed } = change.diff;
  return (
    <section aria-labelledby="definition-heading">
      <h2 id="definition-heading">Tool definition change</h2>
      <p>Approving accepts the new definition of <code>{change.tool}</code> for every sidecar of the fleet; rejecting keeps the tool blocked.</p>
      <dl className="facts">
        <Field label="Route">{change.route ?? '—'}</Field>
        <Field label="Upstream">{change.upstream ?? '—'}</Field>
        <Field label="Pinned hash"><code className="hash">{change.old_hash ?? '—'}</code></Field>
        <Field label="New hash"><code className="hash">{change.new_hash ?? '—'}</code></Field>
      </dl>
      <p data-testid="diff-summary">{added.length} added, {removed.length} removed, {changed.length} changed</p>
      <ChangeTable caption="Changed fields" rows={[
        ...removed.map((c) => ({ ...c, what: 'removed' })), ...added.map((c) => ({ ...c, what: 'added' })), ...changed.map((c) => ({ ...c, what: 'changed' })),
      ]} />
      <h3 id="unified-heading">Unified diff (pinned → changed)</h3>
      <ol className="diff" aria-labelledby="unified-heading">
        {lines.map((line, i) => {
          const { kind, sign, text } = diffLine(line);
          return (
            <li key={i} className={`diff-${kind}`} data-diff={kind}>
              <span className="visually-hidden">{SPOKEN[kind]}</span>
              {sign ? <span className="diff-sign" aria-hidden="true">{sign}</span> : null}{text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function ChangeTable({ caption, rows }: { caption: string; rows: Array<PathChange & { what: string }> }) {
  if (rows.length === 0) return null;
  return (
    <table className="grid">
      <caption>{caption}</caption>
      <thead><tr><th scope="col">Field</th><th scope="col">Change</th><th scope="col">Pinned</th><th scope="col">Changed</th></tr></thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.what}${row.path}`}>
            <th scope="row"><code>{row.path}</code></th>
            <td>{row.what}</td>
            <td>{'before' in row ? <JsonTree value={row.before} label={`${row.path} pinned`} /> : '—'}</td>
            <td>{'after' in row ? <JsonTree value={row.after} label={`${row.path} changed`} /> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
