/**
 * Hears PostgreSQL announce something on a channel (new outbox jobs, a new version of the site),
 * announced with the schema's name, on a connection of its own, kept out of the pool since a
 * listening connection must stay open. A dropped connection is opened again after a pause, and the
 * listeners are called once it is back: what was announced while it was down was not heard, and
 * the poll would otherwise be the first to find it.
 */
import pg from 'pg';

const RECONNECT_AFTER_MS = 1000;

export class ChannelListener {
  readonly #connectionString: string;
  readonly #channel: string;
  readonly #onError: (error: Error) => void;
  readonly #listeners = new Set<() => void>();
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(connectionString: string, channel: string, onError: (error: Error) => void) {
    this.#connectionString = connectionString;
    this.#channel = channel;
    this.#onError = onError;
  }

  /** Calls `listener` whenever the channel announces this schema's news; the returned function stops it. */
  add(listener: () => void): () => void {
    this.#listeners.add(listener);
    if (!this.#client && !this.#retry) void this.#connect(false);
    return () => this.#listeners.delete(listener);
  }

  #tell(): void {
    for (const listener of this.#listeners) listener();
  }

  async #connect(again: boolean): Promise<void> {
    this.#retry = undefined;
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#connectionString, connectionTimeoutMillis: 5000 });
    this.#client = client;
    const lost = (error?: Error) => {
      if (error) this.#onError(error);
      if (this.#client !== client) return;
      this.#client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.#closed) this.#retry = setTimeout(() => void this.#connect(true), RECONNECT_AFTER_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    // Every schema on the server shares the channel: only this store's schema (or an announcement
    // that names none) is its own news.
    let schema: string | undefined;
    client.on('notification', (message) => {
      if (!message.payload || message.payload === schema) this.#tell();
    });
    try {
      await client.connect();
      schema = String((await client.query('SELECT current_schema() AS schema')).rows[0]?.schema);
      await client.query(`LISTEN ${this.#channel}`);
      if (again) this.#tell();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    this.#listeners.clear();
    await client?.end().catch(() => undefined);
  }
}
