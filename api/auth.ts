/**
 * Bearer API keys. The database keeps only SHA-256 hashes of secrets; a small
 * in-process cache keeps recent look-ups for at most `--key-cache-ttl`, which
 * bounds how long a revoked key may keep working.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { hashSecret } from '../db/ids';
import { findApiKeyByHash } from '../db/repo';
import type { ApiKey } from '../db/schema';
import { ApiError } from './errors';

export interface AuthContext {
  keyId: string;
  orgId: string;
  livemode: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export class KeyCache {
  private readonly entries = new Map<string, { key: ApiKey | undefined; until: number }>();
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async lookup(secret: string): Promise<ApiKey | undefined> {
    const hash = hashSecret(secret);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit && hit.until > now) return hit.key;
    const key = await findApiKeyByHash(this.db, hash);
    // Unknown secrets are not cached: a key created a moment ago works at once.
    if (key && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(hash, { key, until: now + this.ttlMs });
    } else {
      this.entries.delete(hash);
    }
    return key;
  }

  /** Forgets a key at once (revocation in this process). */
  forgetKeyId(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.key?.id === keyId) this.entries.delete(hash);
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const SECRET = /^svc_sk_[A-Za-z0-9_]{8,200}$/;

/** Authenticates the request, or throws 401 / 403. */
export async function authenticate(request: FastifyRequest, cache: KeyCache): Promise<AuthContext> {
  const header = request.headers.authorization;
  if (!header) {
    throw new ApiError(401, 'api_key_missing', 'No API key given: send `Authorization: Bearer svc_sk_…`.');
  }
  const match = BEARER.exec(header);
  const secret = match?.[1];
  if (!secret || !SECRET.test(secret)) {
    throw new ApiError(401, 'api_key_invalid', 'The API key is not valid.');
  }
  const key = await cache.lookup(secret);
  if (!key || key.revokedAt !== null) {
    throw new ApiError(401, 'api_key_invalid', 'The API key is not valid.');
  }
  if (!key.twinsScope) {
    throw new ApiError(403, 'insufficient_scope', 'This API key has no access to twins.');
  }
  const auth = { keyId: key.id, orgId: key.orgId, livemode: key.mode === 'live' };
  request.auth = auth;
  return auth;
}
