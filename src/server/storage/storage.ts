import type { Readable } from 'node:stream';

/** Where ID documents live. Local disk today; an S3 implementation can take its place. */
export interface DocumentStorage {
  /** A fresh server-generated key; never derived from user input. */
  newKey(extension: 'jpg' | 'png' | 'pdf'): string;
  /** Streams `source` into `key`. On any error nothing is left behind and the promise rejects. */
  write(key: string, source: Readable): Promise<{ sizeBytes: number }>;
  read(key: string): Promise<Readable>;
  /** Deleting a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored key with its last change, and removes unfinished writes (.part) older than
   * `staleBefore` (a crashed process leaves them).
   */
  list(staleBefore: Date): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

/** Writing to the storage failed on the server's side (disk full, not writable): a 503, logged with its cause. */
export class StorageWriteError extends Error {
  constructor(cause: unknown) {
    super('document storage write failed', { cause });
    this.name = 'StorageWriteError';
  }
}
