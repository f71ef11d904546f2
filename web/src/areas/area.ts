import type { ParseKeys } from 'i18next';
import { lazy, type ComponentType, type ReactElement } from 'react';
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
 * A workspace page loaded when first opened, so that a volunteer's phone never downloads the coordinator's and
 * administrator's code (the workspace frame shows a loading note meanwhile).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}
