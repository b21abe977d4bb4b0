import type { ServiceName } from '../../schema/registries.ts';

/** One request: which service, which path, which query (repeated keys allowed). */
export interface RequestSpec {
  service: ServiceName;
  path: string;
  query?: ReadonlyArray<readonly [string, string]>;
}
