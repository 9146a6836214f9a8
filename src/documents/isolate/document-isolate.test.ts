// The document-thread pool on its own: errors thrown in a thread come back as the same kind of error,
// an aborted job stops its thread and rejects with the abort's reason, and the pool then starts a new
// thread for the next job. (Out of memory is tested over HTTP: test/document-threads.test.ts.)
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { DocumentIsolate } from './document-isolate.ts';

const isolate = new DocumentIsolate({ maxHeapMb: 256, threads: 1 });
afterAll(() => isolate.close());

describe('DocumentIsolate', () => {
  it('gives back the reader\'s DocumentUnreadable and the data source reader\'s AppError as they were thrown', async () => {
    const open = await isolate.run('open', { format: 'word', bytes: Buffer.from('not a zip') }).catch((e) => e);
    expect(open).toBeInstanceOf(DocumentUnreadable);
    expect(open.message).toBe('The file is not a Word document (.docx): it is not a ZIP package (Office Open XML files are ZIP archives).');
    const tables = await isolate.run('tables', { file_id: 'file_x', file_name: 'x.xlsx', bytes: Buffer.from('not a zip') }).catch((e) => e);
    expect(tables).toBeInstanceOf(AppError);
    expect(tables).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^Data source file_x \(x\.xlsx\) could not be read as an Excel workbook: /) });
  }, 60_000);

  it('an aborted job rejects with the reason and its thread is replaced for the next job', async () => {
    const before = isolate.started;
    const controller = new AbortController();
    const job = isolate.run('text', { bytes: Buffer.from('plain'), contentType: 'text/plain', fileName: 'a.txt' }, controller.signal);
    controller.abort(new Error('task cancelled'));
    await expect(job).rejects.toThrow('task cancelled');
    expect(await isolate.run('text', { bytes: Buffer.from('still here'), contentType: 'text/plain', fileName: 'b.txt' })).toBe('still here');
    expect(isolate.started).toBeGreaterThanOrEqual(before);
    await expect(isolate.run('text', { bytes: Buffer.from('x'), contentType: 'text/plain', fileName: 'c.txt' }, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  }, 60_000);
});
