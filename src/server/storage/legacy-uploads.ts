import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const NAME_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|pdf)$/;

/**
 * DATA_DIR/uploads, where ID documents lived before they moved into the database (0004). Only read,
 * to move them in at start, and emptied (docs/decisions/018-id-documents-in-database.md).
 */
export class LegacyUploadDir {
  constructor(private readonly root: string) {}

  private pathOf(name: string): string {
    if (!NAME_PATTERN.test(name)) throw new Error('invalid upload file name');
    return path.join(this.root, name);
  }

  /**
   * The file's bytes, or null when it is not here (another process's disk, or already moved in). A
   * name no upload ever had (seeded or hand-made rows) is not here either: it is not an error that
   * stops the start.
   */
  async read(name: string): Promise<Buffer | null> {
    if (!NAME_PATTERN.test(name)) return null;
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removing a file that is not there is not an error. */
  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  /**
   * Every document file with its last change, removing unfinished writes (.part files) older than
   * `staleBefore` on the way.
   */
  async *list(staleBefore: Date): AsyncIterable<{ name: string; modifiedAt: Date }> {
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
      if (NAME_PATTERN.test(name)) yield { name, modifiedAt: info.mtime };
      else if (name.endsWith('.part') && info.mtime < staleBefore) await rm(file, { force: true });
    }
  }
}
