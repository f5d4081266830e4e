/**
 * The S3-protocol server the tests talk to: moto's standalone server, started
 * by scripts/start-s3.sh (which `npm test` runs first; run here too when
 * nothing answers, so one test file can be run alone). Fails loudly when it
 * cannot be had.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { s3ClientConfig } from '../../storage/s3';

const ROOT = path.resolve(__dirname, '../..');

/** AWS_* variables that point the store at the test server. */
export interface S3TestServer {
  endpoint: string;
  env: Record<string, string>;
}

let cached: S3TestServer | null = null;

export function s3TestServer(): S3TestServer {
  if (cached) return cached;
  // start-s3.sh is idempotent: it returns at once when the server already answers.
  const endpoint = execFileSync('bash', [path.join(ROOT, 'scripts/start-s3.sh')], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 300_000,
  }).trim();
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(endpoint)) throw new Error(`start-s3.sh printed no endpoint: ${endpoint}`);
  cached = {
    endpoint,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'testing',
      AWS_SECRET_ACCESS_KEY: 'testing',
    },
  };
  return cached;
}

/** A fresh bucket on the test server; remove() empties and deletes it. */
export async function freshBucket(server: S3TestServer): Promise<{ bucket: string; remove(): Promise<void> }> {
  const client = new S3Client(s3ClientConfig(server.env));
  const bucket = `tracetwin-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    remove: async () => {
      for (;;) {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key as string }));
        if (keys.length === 0) break;
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}
