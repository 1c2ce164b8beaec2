/**
 * Reading an uploaded file as it streams (ID documents, final pieces): the next chunk, the first bytes
 * for the type check, and draining what is left of a refused file.
 */
import { DomainError } from '@server/errors';

export type ChunkIterator = AsyncIterator<Buffer>;

/** file-type needs at most this many bytes to recognise the accepted types (and their look-alikes). */
const HEAD_BYTES = 4100;

/**
 * The next chunk of the upload. The stream fails only on the client's side (it went away, or the
 * multipart body is cut off or malformed): that is the client's 400 (`interrupted`), never a server error.
 */
export async function nextChunk(iterator: ChunkIterator, interrupted: string): Promise<IteratorResult<Buffer>> {
  try {
    return await iterator.next();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', interrupted);
  }
}

/** Reads the first bytes of the file; the iterator then continues with the rest. */
export async function readHead(
  iterator: ChunkIterator,
  interrupted: string,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await nextChunk(iterator, interrupted);
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), ended: false };
}

/** Reads and drops what is left of a refused file, so the client receives the answer (the parser stops at the size limit). */
export async function discardRest(iterator: ChunkIterator): Promise<void> {
  try {
    while (!(await iterator.next()).done);
  } catch {
    // The client went away; there is nothing left to read.
  }
}
