// CONTRACT STUB — owned by the app-shell engineer. The one query-key factory of the app.
export const queryKeys = {
  all: ['mirador'] as const,
  trm: () => [...queryKeys.all, 'trm'] as const,
  about: () => [...queryKeys.all, 'about'] as const,
  version: () => [...queryKeys.all, 'version'] as const,
  views: () => [...queryKeys.all, 'views'] as const,
  subscriptions: () => [...queryKeys.all, 'subscriptions'] as const,
  subscriptionRecipients: () => [...queryKeys.all, 'subscriptionRecipients'] as const,
  report: (reportId: string, sourceId: string, query: ReadonlyArray<readonly [string, string]>) =>
    [...queryKeys.all, 'report', reportId, sourceId, query] as const,
  lookup: (name: string, search: string) => [...queryKeys.all, 'lookup', name, search] as const,
  widget: (widgetId: string, key: string, part: string, query: ReadonlyArray<readonly [string, string]> = []) =>
    [...queryKeys.all, 'widget', widgetId, key, part, query] as const,
};
