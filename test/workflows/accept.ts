/** A twin accepted the way the API accepts one, for the tests that run its workflow or activities. */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { acceptTwin, confirmTwin, createOrganization } from '../../db/repo';
import type { BlobStore } from '../../storage';

export interface Accepted {
  twinId: string;
  orgId: string;
  /** The twinning key (64 hex characters). */
  key: string;
  uploadKey: string;
}

/** A new organisation with `balance` credits and one accepted live twin whose upload, in `blobs`, holds `body`. */
export async function acceptUpload(
  db: Database,
  blobs: BlobStore,
  filename: string,
  body: Buffer,
  options: { balance?: number; endUser?: string | null; confidential?: string[] } = {},
): Promise<Accepted> {
  const org = await createOrganization(db, { name: 'Workflow test org', balance: options.balance ?? 5 });
  const twinId = newId('twin');
  const uploadKey = `uploads/${twinId}`;
  const put = await blobs.put(uploadKey, body);
  const key = randomBytes(32).toString('hex');
  const accepted = await acceptTwin(db, {
    id: twinId,
    orgId: org.id,
    livemode: true,
    filename,
    endUser: options.endUser ?? null,
    uploadKey,
    uploadBytes: put.bytes,
    twinningKey: key,
    confidential: options.confidential ?? [],
  });
  if (!accepted.ok) throw new Error(`not accepted: ${accepted.reason}`);
  await confirmTwin(db, twinId); // answered 202, as the API does
  return { twinId, orgId: org.id, key, uploadKey };
}
