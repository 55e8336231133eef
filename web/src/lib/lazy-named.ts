import { type ComponentType, lazy } from 'react';

/** Loads a named export of a module as its own chunk (routes' pages). */
export function lazyNamed<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}
