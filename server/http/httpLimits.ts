/** Every wait on a client is bounded: a request sent a byte at a time, or a connection that says nothing, is cut. */
export interface HttpLimits {
  /** To send a whole request, headers and body (REQUEST_TIMEOUT_SECONDS); past it 408 and the connection closes. */
  requestMs: number;
  /** A connection with no byte either way (CONNECTION_IDLE_SECONDS): closed. */
  idleMs: number;
  /** A kept-alive connection between requests (KEEP_ALIVE_TIMEOUT_SECONDS): longer than a balancer in front keeps its own. */
  keepAliveMs: number;
}

export const defaultHttpLimits: HttpLimits = { requestMs: 30_000, idleMs: 120_000, keepAliveMs: 72_000 };

/** How often Node looks for requests past their time: the cut comes at most this late. */
export const requestCheckMs = 1_000;
