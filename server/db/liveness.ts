/** The database server stopped answering: a probe of it got no answer in time. */
export class DatabaseSilentError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super('the database server does not answer');
    this.name = 'DatabaseSilentError';
  }
}

export interface LivenessOptions {
  /** How long a statement or a wait may go without news before the server is probed (and again as often). */
  suspectMs: number;
  /** How long a probe may take before the server counts as silent. */
  probeMs: number;
}

/**
 * Tells a slow statement from a silent server. A server that stops answering (frozen, its network gone, its host
 * paused) leaves its connections open and says nothing, and PostgreSQL's own statement_timeout cannot fire there. Any
 * wait on the database that lasts `suspectMs` probes the server on a connection of its own (one probe at a time,
 * shared); when the probe gets no answer within `probeMs`, every wait under watch fails at once, and later ones
 * fail after one probe until the server answers again. A long report on a server that answers goes on.
 */
export class Liveness {
  private readonly watchers = new Set<(error: Error) => void>();
  private probing: Promise<boolean> | undefined;
  private answeredAt = -Infinity;
  private silent = false;

  /** `probe` asks the server; it rejects with DatabaseSilentError when it heard nothing, with anything else when it did. */
  constructor(
    private readonly probe: (timeoutMs: number) => Promise<void>,
    private readonly options: LivenessOptions,
  ) {}

  /** Whether the server answers: a probe, or the answer of one that ended moments ago or is under way. */
  check(): Promise<boolean> {
    if (performance.now() - this.answeredAt < this.options.suspectMs / 2) return Promise.resolve(true);
    this.probing ??= this.runProbe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async runProbe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.options.probeMs)));
    try {
      // An error is an answer too (too many connections, starting up), unless the probe says it heard nothing.
      const heard = this.probe(this.options.probeMs).then(
        () => 'answered' as const,
        (error: unknown) => (error instanceof DatabaseSilentError ? ('late' as const) : ('answered' as const)),
      );
      const outcome = await Promise.race([heard, late]);
      if (outcome === 'late') {
        this.trip();
        return false;
      }
      this.answeredAt = performance.now();
      this.silent = false;
      return true;
    } finally {
      clearTimeout(timer);
    }
  }

  private trip() {
    this.silent = true;
    const error = new DatabaseSilentError();
    for (const fail of [...this.watchers]) fail(error);
  }

  /** Before new work: fails fast (after one probe) while the server is known silent. */
  async ready(): Promise<void> {
    if (this.silent && !(await this.check())) throw new DatabaseSilentError();
  }

  /**
   * Watches one wait until `stop` is called: `fail` is called with DatabaseSilentError when the server is found
   * silent meanwhile (it should drop the wait's connection, whose answer would come late or never).
   */
  watch(fail: (error: Error) => void): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const failOnce = (error: Error) => {
      stop();
      fail(error);
    };
    const tick = () => {
      timer = setTimeout(() => {
        void this.check().then((answers) => {
          if (!stopped && answers) tick();
        });
      }, this.options.suspectMs);
      timer.unref();
    };
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      this.watchers.delete(failOnce);
    };
    this.watchers.add(failOnce);
    tick();
    return stop;
  }
}
