/** The routes the shell itself owns; every other route comes from a report definition. */
export const loginPath = '/auth/login';
export const aboutPath = '/about';
export const subscriptionsPath = '/subscriptions';
