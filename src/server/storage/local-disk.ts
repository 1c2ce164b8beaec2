import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentStorage } from './storage';

const KEY_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|pdf)$/;

/** Files under DATA_DIR/uploads, which no static route serves. Writes go to a .part file, then rename. */
export class LocalDiskStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  newKey(extension: 'jpg' | 'png' | 'pdf'): string {
    return `${randomUUID()}.${extension}`;
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async write(key: string, source: Readable): Promise<{ sizeBytes: number }> {
    const target = this.pathOf(key);
    const partial = `${target}.${randomUUID()}.part`;
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    try {
      await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { sizeBytes: (await stat(target)).size };
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(staleBefore: Date): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch {
      return;
    }
    for (const name of names) {
      const file = path.join(this.root, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) continue;
      if (KEY_PATTERN.test(name)) yield { key: name, modifiedAt: info.mtime };
      else if (name.endsWith('.part') && info.mtime < staleBefore) await rm(file, { force: true });
    }
  }
}
