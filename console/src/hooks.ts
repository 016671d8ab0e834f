// Small hooks the views share: the hash route, a loader with error state, key shortcuts.

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiProblem, type Problem } from './api.ts';

/** `#/review/abc` -> ['review', 'abc']. Hash routes: the gateway serves one page at /console. */
export function useHashRoute(): string[] {
  const read = () => window.location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function navigate(...parts: string[]): void {
  window.location.hash = `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function asProblem(error: unknown): Problem {
  if (error instanceof ApiProblem) return error.problem;
  return { status: 0, code: 'NETWORK', title: 'The gateway could not be reached', detail: error instanceof Error ? error.message : String(error) };
}

export interface Loaded<T> {
  data: T | null;
  problem: Problem | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now and whenever `deps` change or reload() is called; a newer run wins. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (value) => { if (!controller.signal.aborted) { setData(value); setProblem(null); setLoading(false); } },
      (error) => { if (!controller.signal.aborted) { setProblem(asProblem(error)); setLoading(false); } },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, problem, loading, reload };
}

/** Single-key shortcuts, ignored while the person types in a field or a dialog is open. */
export function useShortcuts(keys: Record<string, () => void>): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, select, [contenteditable="true"]') || target.closest('dialog[open]'))) return;
      const run = ref.current[event.key];
      if (run) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** "in 3h 59m" / "5m ago" from now. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime() - now;
  const minutes = Math.round(Math.abs(ms) / 60000);
  const text = minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes}m`;
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}
