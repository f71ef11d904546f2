import type { ParseKeys } from 'i18next';
import { createElement, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Loading } from '../components/feedback';
import type { Shape } from '../i18n/en';

/** A link in the workspace's navigation. */
export interface NavEntry {
  to: string;
  /** A message key, e.g. `dashboard.nav`. */
  label: ParseKeys;
}

/**
 * One part of the workspace: its pages and its links. A coordinator's pages live under `/ministries/` and
 * open for anyone who runs a ministry or a team while the volunteer area is on; an administrator's under `/admin/`.
 */
export interface Area {
  audience: 'coordinator' | 'admin';
  routes: ReactElement[];
  nav: NavEntry[];
  /** A message key: when set, the area's links are grouped under one menu of this name, so the bar stays one row. */
  menu?: ParseKeys;
}

/** An area's strings, kept under the area's name in the catalogue: the Spanish names exactly the keys of the English. */
export const areaMessages = <T extends object>(en: T, es: Shape<T>) => ({ en, es });

/**
 * Waits for code that loads once (a page's chunk, the workspace's strings) in state rather than in a Suspense
 * boundary: React 19 reveals a boundary's content no sooner than 300 ms after its fallback showed, and the Roster
 * page paid that twice (the workspace's strings, then the page) before it even asked for its data (issue 35 #1,
 * measured with bench/roster.ts: the requests stood still for 300 ms after each chunk had come). Answers whether
 * the code is there; a load that fails fails the component, as React.lazy would.
 */
export function useLoadedOnce(isLoaded: () => boolean, load: () => Promise<unknown>): boolean {
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!isLoaded()) load().then(() => setLoaded(true), (error: unknown) => setFailure({ error }));
  }, []);
  if (failure) throw failure.error;
  return isLoaded();
}

/**
 * A page loaded when first opened, so that a volunteer's phone never downloads the coordinator's and
 * administrator's code (a loading note shows meanwhile, see useLoadedOnce).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let page: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const start = () => (loading ??= load().then((module) => { page = pick(module); }));
  return function LazyPage() {
    return useLoadedOnce(() => page !== undefined, start) ? createElement(page!) : createElement(Loading);
  };
}
