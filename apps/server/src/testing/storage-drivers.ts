import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { StorageConfig } from '../core/config.ts';

export type StorageDriver = { driver: 'local' | 's3'; storage: () => StorageConfig };

/**
 * The two storage drivers for a `describe.each`: local disk (a fresh directory each time) and S3
 * against a real local s3rver, started before the file's tests and stopped after them, with
 * `bucket` made for the file.
 */
export function storageDrivers(bucket: string): StorageDriver[] {
  const s3Dir = mkdtempSync(path.join(tmpdir(), `${bucket}-s3rver-`));
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: bucket }],
  });
  let endpoint = '';
  beforeAll(async () => {
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3rver.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });
  return [
    { driver: 'local', storage: () => ({ dir: mkdtempSync(path.join(tmpdir(), `${bucket}-files-`)), s3: null }) },
    {
      driver: 's3',
      storage: () => ({
        dir: '/nonexistent',
        s3: {
          bucket,
          region: 'us-east-1',
          endpoint,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          forcePathStyle: true,
        },
      }),
    },
  ];
}
