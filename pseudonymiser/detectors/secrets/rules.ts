/**
 * The catalogue of provider secret formats: one entry per token format, keyed
 * by its literal prefix (or, for the few formats without one, by a cheap
 * shape test), plus formats that are only recognisable by the name they are
 * assigned to.
 *
 * Sources of the format facts (prefixes, lengths, alphabets) — the patterns
 * themselves are written here, not copied:
 *   - the provider list and token shapes in gitleaks' default configuration
 *     (gitleaks/gitleaks, config/gitleaks.toml, MIT) and the secretlint rule
 *     fixtures (secretlint/secretlint, packages/@secretlint/secretlint-rule-*);
 *   - GitHub: "Behind GitHub's new authentication token formats" (github.blog,
 *     2021-04-05): prefixes ghp_/gho_/ghu_/ghs_/ghr_, 30 base62 characters of
 *     entropy and a 6-character base62 CRC32 checksum; fine-grained
 *     `github_pat_` tokens (22 + `_` + 59 characters);
 *   - npm: "npm has a new access token format" (github.blog changelog,
 *     2021-09-23): `npm_` + 36 base62 with the same CRC32 checksum scheme;
 *   - Slack, Stripe, Anthropic, OpenAI, AWS (IAM unique-id prefixes AKIA/ASIA,
 *     base32 body), GitLab (token prefix table in its docs), HashiCorp Vault
 *     (hvs./hvb./hvr. token prefixes), Age (bech32 `AGE-SECRET-KEY-1`), and
 *     each provider's public API-key documentation for the rest.
 *
 * Every pattern is anchored (sticky) at the first character of a candidate
 * token and every quantifier is bounded, so a failed attempt costs at most
 * the pattern's maximum length.
 *
 * Capture groups mark the VARIABLE parts of a token: the stand-in generator
 * permutes exactly those (with the group's alphabet) and keeps the rest
 * (prefix, separators, fixed markers such as OpenAI's `T3BlbkFJ`).
 */
import { RunMemo } from '../../memo';

export const HEX = '0123456789abcdef';
export const HEX_UPPER = '0123456789ABCDEF';
export const HEX_MIXED = '0123456789abcdefABCDEF';
export const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
export const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const BECH32_UPPER = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

export type TokenKind = 'secret' | 'jwt';

export interface TokenRule {
  readonly id: string;
  readonly provider: string;
  readonly kind: TokenKind;
  /** Literal starts (case-sensitive). Empty for shape rules. */
  readonly prefixes: readonly string[];
  /** The whole token from its first character; sticky, with group indices. */
  readonly re: RegExp;
  /** Alphabet per capture group for the stand-in; undefined: per character class. */
  readonly alphabets: readonly (string | undefined)[];
  /** The last 6 characters are a base62 CRC32 of the 30 before them (GitHub, npm). */
  readonly checksum?: 'base62-crc32';
  /** The variable part must mix letters and digits (for short, generic-looking prefixes). */
  readonly mixed?: boolean;
  /** Characters that may not follow the token (default: letters, digits, `_`, `-`). */
  readonly tail?: RegExp;
  /** For shape rules: where the token starts given a candidate run, or -1. */
  readonly shape?: (s: string, start: number, end: number) => number;
  /** Extra check on the matched token. */
  readonly validate?: (token: string) => boolean;
}

interface Opts {
  alpha?: (string | undefined)[];
  checksum?: 'base62-crc32';
  mixed?: boolean;
  kind?: TokenKind;
  tail?: RegExp;
  validate?: (token: string) => boolean;
}

function rule(id: string, provider: string, prefixes: string | string[], source: string, o: Opts = {}): TokenRule {
  return {
    id,
    provider,
    kind: o.kind ?? 'secret',
    prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes,
    re: new RegExp(source, 'yd'),
    alphabets: o.alpha ?? [],
    checksum: o.checksum,
    mixed: o.mixed,
    tail: o.tail,
    validate: o.validate,
  };
}

function shapeRule(
  id: string,
  provider: string,
  shape: (s: string, start: number, end: number) => number,
  source: string,
  o: Opts = {},
): TokenRule {
  return { ...rule(id, provider, [], source, o), shape };
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUIDG = `(${UUID})`;
const H = [HEX];
const HH = [HEX, HEX];

/** Decodes base64url (or base64) text to a string, or null. */
export function b64urlDecode(s: string): string | null {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(s)) return null;
  try {
    return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return null;
  }
}

const jsonSegmentCache = new RunMemo<boolean>(4096);

/** True when a base64url segment decodes to a JSON object (memoised: JWT headers repeat). */
export function isJsonSegment(seg: string): boolean {
  let v = jsonSegmentCache.get(seg);
  if (v === undefined) v = jsonSegmentCache.set(seg, decodesToObject(seg));
  return v;
}

function decodesToObject(seg: string): boolean {
  const text = b64urlDecode(seg);
  if (text === null || !text.startsWith('{')) return false;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

const jwtHeaderCache = new RunMemo<boolean>(4096);

function jwtLike(token: string): boolean {
  const head = token.slice(0, token.indexOf('.'));
  let v = jwtHeaderCache.get(head);
  if (v === undefined) {
    v = false;
    if (isJsonSegment(head)) {
      const h = JSON.parse(b64urlDecode(head)!) as Record<string, unknown>;
      v = 'alg' in h || 'typ' in h || 'enc' in h || 'kid' in h;
    }
    jwtHeaderCache.set(head, v);
  }
  return v;
}

export const TOKEN_RULES: readonly TokenRule[] = [
  // ---- AI providers
  rule('anthropic-api-key', 'Anthropic', 'sk-ant-', 'sk-ant-(?:api|admin|oat|ort|sid)\\d\\d-([A-Za-z0-9_-]{80,120})AA'),
  rule('anthropic-key', 'Anthropic', 'sk-ant-', 'sk-ant-[a-z]{3,6}\\d\\d-([A-Za-z0-9_-]{32,200})'),
  rule('openrouter-api-key', 'OpenRouter', 'sk-or-', 'sk-or-v1-([a-f0-9]{64})', { alpha: H }),
  rule('langfuse-secret-key', 'Langfuse', 'sk-lf-', `sk-lf-${UUIDG}`, { alpha: H }),
  rule(
    'openai-project-key',
    'OpenAI',
    ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'],
    'sk-(?:proj|svcacct|admin|None)-([A-Za-z0-9_-]{20,100})T3BlbkFJ([A-Za-z0-9_-]{20,100})',
  ),
  rule(
    'openai-project-key-unmarked',
    'OpenAI',
    ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'],
    'sk-(?:proj|svcacct|admin|None)-([A-Za-z0-9_-]{40,250})',
  ),
  rule('openai-api-key', 'OpenAI', 'sk-', 'sk-([A-Za-z0-9]{20})T3BlbkFJ([A-Za-z0-9]{20})'),
  rule('deepseek-api-key', 'DeepSeek', 'sk-', 'sk-([a-f0-9]{32})', { alpha: H }),
  rule('openai-compatible-key', 'OpenAI-compatible (Moonshot, Stability, ...)', 'sk-', 'sk-([A-Za-z0-9]{32,64})', {
    mixed: true,
  }),
  rule('huggingface-token', 'Hugging Face', 'hf_', 'hf_([A-Za-z]{34})'),
  rule('huggingface-org-token', 'Hugging Face', 'api_org_', 'api_org_([A-Za-z]{34})'),
  rule('groq-api-key', 'Groq', 'gsk_', 'gsk_([A-Za-z0-9]{52})'),
  rule('replicate-api-token', 'Replicate', 'r8_', 'r8_([A-Za-z0-9]{37})'),
  rule('perplexity-api-key', 'Perplexity', 'pplx-', 'pplx-([A-Za-z0-9]{48})'),
  rule('xai-api-key', 'xAI', 'xai-', 'xai-([A-Za-z0-9]{80})'),
  rule('nvidia-api-key', 'NVIDIA', 'nvapi-', 'nvapi-([A-Za-z0-9_-]{64})'),
  rule('cerebras-api-key', 'Cerebras', 'csk-', 'csk-([A-Za-z0-9]{40,60})', { mixed: true }),
  rule('tavily-api-key', 'Tavily', 'tvly-', 'tvly-(?:dev-|prod-)?([A-Za-z0-9]{32})'),
  rule('langsmith-api-key', 'LangSmith', 'lsv2_', 'lsv2_(?:pt|sk)_([a-f0-9]{32})_([a-f0-9]{10})', { alpha: HH }),
  rule('elevenlabs-api-key', 'ElevenLabs', 'sk_', 'sk_([a-f0-9]{48})', { alpha: H }),
  rule('pinecone-api-key', 'Pinecone', 'pcsk_', 'pcsk_([A-Za-z0-9]{4,8})_([A-Za-z0-9]{40,80})'),
  rule('firecrawl-api-key', 'Firecrawl', 'fc-', 'fc-([a-f0-9]{32})', { alpha: H }),
  rule('fireworks-api-key', 'Fireworks AI', 'fw_', 'fw_([A-Za-z0-9]{24,40})', { mixed: true }),
  rule('anyscale-api-key', 'Anyscale', 'esecret_', 'esecret_([A-Za-z0-9]{20,60})'),
  // ---- clouds
  rule(
    'aws-access-key-id',
    'AWS',
    ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
    '(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])([A-Z2-7]{16})',
    {
      alpha: [B32],
    },
  ),
  rule('aws-bedrock-api-key', 'AWS', 'ABSK', 'ABSK([A-Za-z0-9+/]{109,269})={0,2}', {
    alpha: [B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule('gcp-api-key', 'Google Cloud', 'AIza', 'AIza([A-Za-z0-9_-]{35})'),
  rule('gcp-oauth-access-token', 'Google Cloud', 'ya29.', 'ya29\\.([A-Za-z0-9_-]{30,2048})'),
  rule('gcp-oauth-client-secret', 'Google Cloud', 'GOCSPX-', 'GOCSPX-([A-Za-z0-9_-]{28})'),
  rule('digitalocean-pat', 'DigitalOcean', 'dop_v1_', 'dop_v1_([a-f0-9]{64})', { alpha: H }),
  rule('digitalocean-oauth-token', 'DigitalOcean', 'doo_v1_', 'doo_v1_([a-f0-9]{64})', { alpha: H }),
  rule('digitalocean-refresh-token', 'DigitalOcean', 'dor_v1_', 'dor_v1_([a-f0-9]{64})', { alpha: H }),
  rule('alibaba-access-key-id', 'Alibaba Cloud', 'LTAI', 'LTAI([A-Za-z0-9]{12,20})'),
  rule('tencent-secret-id', 'Tencent Cloud', 'AKID', 'AKID([A-Za-z0-9]{32})'),
  rule('scaleway-access-key', 'Scaleway', 'SCW', 'SCW([A-Z0-9]{17})', { mixed: true }),
  rule('yandex-api-key', 'Yandex Cloud', 'AQVN', 'AQVN([A-Za-z0-9_-]{35,38})'),
  rule('yandex-iam-token', 'Yandex Cloud', 't1.', 't1\\.([A-Za-z0-9_-]{20,200}={0,2})\\.([A-Za-z0-9_-]{86})'),
  rule('heroku-api-key-v2', 'Heroku', 'HRKU-AA', 'HRKU-AA([A-Za-z0-9_-]{58})'),
  rule('vercel-token', 'Vercel', ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], 'vc[pciark]_([A-Za-z0-9]{24,64})'),
  rule('netlify-token', 'Netlify', ['nfp_', 'nfo_', 'nfc_', 'nfu_'], 'nf[pocu]_([A-Za-z0-9]{36,40})'),
  rule(
    'cloudflare-api-token',
    'Cloudflare',
    ['cfat_', 'cfut_', 'cfk_'],
    'cf(?:at|ut|k)_([A-Za-z0-9]{40})([a-f0-9]{8})',
    { alpha: [undefined, HEX] },
  ),
  rule('cloudflare-origin-ca-key', 'Cloudflare', 'v1.0-', 'v1\\.0-([a-f0-9]{24})-([a-f0-9]{146})', { alpha: HH }),
  rule('flyio-token', 'Fly.io', 'fo1_', 'fo1_([A-Za-z0-9_-]{43})'),
  rule('flyio-macaroon', 'Fly.io', ['fm1a_', 'fm1r_', 'fm2_'], '(?:fm1[ar]|fm2)_([A-Za-z0-9+/]{100,4000})={0,3}', {
    alpha: [B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule('render-api-key', 'Render', 'rnd_', 'rnd_([A-Za-z0-9]{32})'),
  rule('supabase-pat', 'Supabase', 'sbp_', 'sbp_([a-f0-9]{40})', { alpha: H }),
  rule('supabase-secret-key', 'Supabase', 'sb_secret_', 'sb_secret_([A-Za-z0-9_-]{24,64})'),
  rule('planetscale-token', 'PlanetScale', 'pscale_tkn_', 'pscale_tkn_([A-Za-z0-9_=.-]{32,64})'),
  rule('planetscale-oauth', 'PlanetScale', 'pscale_oauth_', 'pscale_oauth_([A-Za-z0-9_=.-]{32,64})'),
  rule('planetscale-password', 'PlanetScale', 'pscale_pw_', 'pscale_pw_([A-Za-z0-9_=.-]{32,64})'),
  rule('neon-api-key', 'Neon', 'napi_', 'napi_([a-z0-9]{64})'),
  rule('databricks-token', 'Databricks', 'dapi', 'dapi([a-fA-F0-9]{32})(?:-\\d)?', { alpha: [HEX_MIXED] }),
  rule('clickhouse-secret-key', 'ClickHouse Cloud', '4b1d', '4b1d([A-Za-z0-9]{38})'),
  rule('openshift-token', 'OpenShift', 'sha256~', 'sha256~([A-Za-z0-9_-]{43})'),
  // ---- version control, CI, code hosting
  rule('github-pat', 'GitHub', 'ghp_', 'ghp_([A-Za-z0-9]{36})', { checksum: 'base62-crc32' }),
  rule('github-oauth', 'GitHub', 'gho_', 'gho_([A-Za-z0-9]{36})', { checksum: 'base62-crc32' }),
  rule('github-user-to-server', 'GitHub', 'ghu_', 'ghu_([A-Za-z0-9]{36})', { checksum: 'base62-crc32' }),
  rule('github-refresh-token', 'GitHub', 'ghr_', 'ghr_([A-Za-z0-9]{36,76})', { checksum: 'base62-crc32' }),
  rule(
    'github-app-installation-jwt',
    'GitHub',
    'ghs_',
    'ghs_(\\d{1,12})_([A-Za-z0-9_-]{10,4000}(?:\\.[A-Za-z0-9_-]{2,4000}){1,2})',
    {
      alpha: [undefined, B64URL],
    },
  ),
  rule('github-server-to-server', 'GitHub', 'ghs_', 'ghs_([A-Za-z0-9]{36})', { checksum: 'base62-crc32' }),
  rule('github-fine-grained-pat', 'GitHub', 'github_pat_', 'github_pat_([A-Za-z0-9]{22})_([A-Za-z0-9]{59})'),
  rule('gitlab-pat', 'GitLab', 'glpat-', 'glpat-([A-Za-z0-9_-]{20,300})(?:\\.([0-9a-z]{9}))?', {
    alpha: [undefined, LOWER_ALNUM],
  }),
  rule('gitlab-deploy-token', 'GitLab', 'gldt-', 'gldt-([A-Za-z0-9_-]{20,300})'),
  rule('gitlab-runner-token', 'GitLab', 'glrt-', 'glrt-([A-Za-z0-9_-]{20,300})(?:\\.([0-9a-z]{9}))?', {
    alpha: [undefined, LOWER_ALNUM],
  }),
  rule('gitlab-cicd-job-token', 'GitLab', 'glcbt-', 'glcbt-([A-Za-z0-9]{1,5})_([A-Za-z0-9_-]{20,300})'),
  rule('gitlab-feed-token', 'GitLab', 'glft-', 'glft-([A-Za-z0-9_-]{20,300})'),
  rule('gitlab-incoming-mail-token', 'GitLab', 'glimt-', 'glimt-([A-Za-z0-9_-]{25,300})'),
  rule('gitlab-agent-token', 'GitLab', 'glagent-', 'glagent-([A-Za-z0-9_-]{50,300})'),
  rule('gitlab-oauth-secret', 'GitLab', 'gloas-', 'gloas-([A-Za-z0-9_-]{64,300})'),
  rule('gitlab-trigger-token', 'GitLab', 'glptt-', 'glptt-([a-f0-9]{40})', { alpha: H }),
  rule('gitlab-scim-token', 'GitLab', 'glsoat-', 'glsoat-([A-Za-z0-9_-]{20,300})'),
  rule('gitlab-feature-flag-token', 'GitLab', 'glffct-', 'glffct-([A-Za-z0-9_-]{20,300})'),
  rule('gitlab-runner-registration', 'GitLab', 'GR1348941', 'GR1348941([A-Za-z0-9_-]{20,64})'),
  rule('bitbucket-app-password', 'Bitbucket', 'ATBB', 'ATBB([A-Za-z0-9_=.-]{28,64})'),
  rule('atlassian-api-token', 'Atlassian', ['ATATT3', 'ATCTT3'], 'AT[AC]TT3([A-Za-z0-9_=-]{120,400})'),
  rule('circleci-pat', 'CircleCI', 'CCIPAT_', 'CCIPAT_([A-Za-z0-9]{22})_([a-f0-9]{40})', { alpha: [undefined, HEX] }),
  rule('circleci-project-token', 'CircleCI', 'CCIPRJ_', 'CCIPRJ_([A-Za-z0-9]{22})_([a-f0-9]{40})', {
    alpha: [undefined, HEX],
  }),
  rule('buildkite-token', 'Buildkite', 'bkua_', 'bkua_([a-f0-9]{40})', { alpha: H }),
  rule('sonarqube-token', 'SonarQube', ['squ_', 'sqp_', 'sqa_'], 'sq[upa]_([a-f0-9]{40})', { alpha: H }),
  rule('sourcegraph-token', 'Sourcegraph', 'sgp_', 'sgp_(?:([a-f0-9]{16}|local)_)?([a-f0-9]{40})', { alpha: HH }),
  rule(
    'harness-token',
    'Harness',
    ['pat.', 'sat.'],
    '(?:pat|sat)\\.([A-Za-z0-9_-]{22})\\.([A-Za-z0-9]{24})\\.([A-Za-z0-9]{20})',
  ),
  rule('octopus-deploy-api-key', 'Octopus Deploy', 'API-', 'API-([A-Z0-9]{26})', { mixed: true }),
  rule('infracost-api-token', 'Infracost', 'ico-', 'ico-([A-Za-z0-9]{32})'),
  rule('prefect-api-key', 'Prefect', 'pnu_', 'pnu_([A-Za-z0-9]{36})'),
  rule('pulumi-access-token', 'Pulumi', 'pul-', 'pul-([a-f0-9]{40})', { alpha: H }),
  // ---- chat
  rule('slack-config-token', 'Slack', ['xoxe.xoxb-', 'xoxe.xoxp-'], 'xoxe\\.xox[bp]-\\d-([A-Za-z0-9]{140,180})'),
  rule(
    'slack-token',
    'Slack',
    ['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxo-', 'xoxs-', 'xoxe-'],
    'xox[bparose]-((?:\\d-)?[A-Za-z0-9][A-Za-z0-9-]{9,250})',
  ),
  rule('slack-app-token', 'Slack', 'xapp-', 'xapp-\\d-([A-Za-z0-9][A-Za-z0-9-]{9,250})'),
  // ---- payments
  rule(
    'stripe-secret-key',
    'Stripe',
    ['sk_live_', 'sk_test_', 'sk_prod_'],
    'sk_(?:live|test|prod)_([A-Za-z0-9]{10,247})',
  ),
  rule(
    'stripe-restricted-key',
    'Stripe',
    ['rk_live_', 'rk_test_', 'rk_prod_'],
    'rk_(?:live|test|prod)_([A-Za-z0-9]{10,247})',
  ),
  rule('stripe-webhook-secret', 'Stripe', 'whsec_', 'whsec_([A-Za-z0-9+/]{24,88})={0,2}', {
    alpha: [B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule('square-access-token', 'Square', ['sq0atp-', 'EAAA'], '(?:sq0atp-|EAAA)([A-Za-z0-9_-]{22,80})'),
  rule('square-oauth-secret', 'Square', 'sq0csp-', 'sq0csp-([A-Za-z0-9_-]{40,50})'),
  rule('adyen-api-key', 'Adyen', 'AQE', 'AQE([a-z]{3}[A-Za-z0-9+/=._-]{60,400})', { tail: /[A-Za-z0-9+/=._-]/ }),
  rule('razorpay-key', 'Razorpay', ['rzp_live_', 'rzp_test_'], 'rzp_(?:live|test)_([A-Za-z0-9]{14})'),
  rule('flutterwave-secret-key', 'Flutterwave', 'FLWSECK', 'FLWSECK(?:_TEST)?-([a-h0-9]{32})-X', {
    alpha: ['abcdefgh0123456789'],
  }),
  rule('flutterwave-encryption-key', 'Flutterwave', 'FLWSECK', 'FLWSECK(?:_TEST)?-([a-h0-9]{12})', {
    alpha: ['abcdefgh0123456789'],
  }),
  rule('shippo-api-token', 'Shippo', 'shippo_', 'shippo_(?:live|test)_([a-fA-F0-9]{40})', { alpha: [HEX_MIXED] }),
  rule('easypost-api-key', 'EasyPost', ['EZAK', 'EZTK'], 'EZ[AT]K([A-Za-z0-9]{54})'),
  rule('duffel-api-token', 'Duffel', 'duffel_', 'duffel_(?:test|live)_([A-Za-z0-9_=-]{43})'),
  rule('plaid-access-token', 'Plaid', 'access-', `access-(?:sandbox|development|production)-${UUIDG}`, { alpha: H }),
  rule('mollie-api-key', 'Mollie', ['live_', 'test_'], '(?:live|test)_([A-Za-z0-9]{30})', { mixed: true }),
  rule('gocardless-token', 'GoCardless', ['live_', 'sandbox_'], '(?:live|sandbox)_([A-Za-z0-9_=-]{40})', {
    mixed: true,
  }),
  rule('woocommerce-key', 'WooCommerce', ['ck_', 'cs_'], 'c[ks]_([a-f0-9]{40})', { alpha: H }),
  rule('coinbase-cdp-key', 'Coinbase', 'organizations/', `organizations/${UUIDG}/apiKeys/${UUIDG}`, { alpha: HH }),
  // ---- e-mail and messaging
  rule('sendgrid-api-key', 'SendGrid', 'SG.', 'SG\\.([A-Za-z0-9_-]{20,24})\\.([A-Za-z0-9_-]{39,50})'),
  rule('mailgun-api-key', 'Mailgun', 'key-', 'key-([a-f0-9]{32})', { alpha: H }),
  rule('resend-api-key', 'Resend', 're_', 're_([A-Za-z0-9]{8,10})_([A-Za-z0-9]{20,32})'),
  rule(
    'brevo-api-key',
    'Brevo (Sendinblue)',
    ['xkeysib-', 'xsmtpsib-'],
    'x(?:keysib|smtpsib)-([a-f0-9]{64})-([A-Za-z0-9]{16})',
    {
      alpha: [HEX, undefined],
    },
  ),
  rule('mandrill-api-key', 'Mandrill', 'md-', 'md-([A-Za-z0-9_-]{22})', { mixed: true }),
  rule('twilio-api-key', 'Twilio', 'SK', 'SK([0-9a-f]{32})', { alpha: H }),
  rule('twilio-account-sid', 'Twilio', 'AC', 'AC([0-9a-f]{32})', { alpha: H }),
  // ---- package registries
  rule('npm-token', 'npm', 'npm_', 'npm_([A-Za-z0-9]{36})', { checksum: 'base62-crc32' }),
  rule(
    'pypi-token',
    'PyPI',
    ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'],
    'pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)([A-Za-z0-9_-]{50,1000})',
  ),
  rule('rubygems-api-key', 'RubyGems', 'rubygems_', 'rubygems_([a-f0-9]{48})', { alpha: H }),
  rule('nuget-api-key', 'NuGet', 'oy2', 'oy2([a-z0-9]{43})', { mixed: true }),
  rule('dockerhub-pat', 'Docker Hub', ['dckr_pat_', 'dckr_oat_'], 'dckr_(?:pat|oat)_([A-Za-z0-9_-]{27,40})'),
  rule('clojars-token', 'Clojars', 'CLOJARS_', 'CLOJARS_([a-z0-9]{60})'),
  rule('crates-io-token', 'crates.io', 'cio', 'cio([A-Za-z0-9]{32})', { mixed: true }),
  rule('jfrog-api-key', 'JFrog Artifactory', 'AKCp', 'AKCp([A-Za-z0-9]{69})'),
  rule('jfrog-reference-token', 'JFrog Artifactory', 'cmVmdGtu', 'cmVmdGtu([A-Za-z0-9]{56})'),
  rule('readme-api-key', 'ReadMe', 'rdme_', 'rdme_([a-z0-9]{70})'),
  // ---- secret managers and infrastructure
  rule('vault-service-token', 'HashiCorp Vault', 'hvs.', 'hvs\\.([A-Za-z0-9_-]{90,200})'),
  rule('vault-batch-token', 'HashiCorp Vault', 'hvb.', 'hvb\\.([A-Za-z0-9_-]{90,300})'),
  rule('vault-recovery-token', 'HashiCorp Vault', 'hvr.', 'hvr\\.([A-Za-z0-9_-]{90,300})'),
  rule('vault-legacy-token', 'HashiCorp Vault', ['s.', 'b.'], '[sb]\\.([A-Za-z0-9]{24})', { mixed: true }),
  rule('doppler-token', 'Doppler', 'dp.', 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.([A-Za-z0-9]{40,44})'),
  rule('onepassword-service-account', '1Password', 'ops_eyJ', 'ops_eyJ([A-Za-z0-9+/]{200,4000})={0,3}', {
    alpha: [B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule(
    'onepassword-secret-key',
    '1Password',
    'A3-',
    'A3-([A-Z0-9]{6})-([A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-([A-Z0-9]{5})-([A-Z0-9]{5})-([A-Z0-9]{5})',
  ),
  rule('age-secret-key', 'age', 'AGE-SECRET-KEY-1', 'AGE-SECRET-KEY-1([QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})', {
    alpha: [BECH32_UPPER],
  }),
  rule('infisical-token', 'Infisical', 'st.', `st\\.${UUIDG}\\.([a-f0-9]{32})\\.([a-f0-9]{32})`, {
    alpha: [HEX, HEX, HEX],
  }),
  rule('tailscale-key', 'Tailscale', 'tskey-', 'tskey-[a-z]{2,12}-([A-Za-z0-9]{6,24})-([A-Za-z0-9]{16,64})'),
  // ---- observability
  rule('newrelic-user-key', 'New Relic', 'NRAK-', 'NRAK-([A-Z0-9]{27})'),
  rule('newrelic-insert-key', 'New Relic', 'NRII-', 'NRII-([A-Za-z0-9_-]{32})'),
  rule('newrelic-browser-key', 'New Relic', 'NRJS-', 'NRJS-([a-f0-9]{19})', { alpha: H }),
  rule('sentry-user-token', 'Sentry', 'sntryu_', 'sntryu_([a-f0-9]{64})', { alpha: H }),
  rule('sentry-org-token', 'Sentry', 'sntrys_', 'sntrys_eyJ([A-Za-z0-9+/]{20,600})={0,2}_([A-Za-z0-9+/]{43})', {
    alpha: [B64, B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule('grafana-cloud-token', 'Grafana', 'glc_', 'glc_([A-Za-z0-9+/]{32,400})={0,3}', {
    alpha: [B64],
    tail: /[A-Za-z0-9+/=_-]/,
  }),
  rule('grafana-service-account-token', 'Grafana', 'glsa_', 'glsa_([A-Za-z0-9]{32})_([a-fA-F0-9]{8})', {
    alpha: [undefined, HEX_MIXED],
  }),
  rule('grafana-api-key', 'Grafana', 'eyJrIjoi', 'eyJrIjoi([A-Za-z0-9]{70,400})={0,3}', { tail: /[A-Za-z0-9+/=_-]/ }),
  rule('honeycomb-key', 'Honeycomb', ['hcaik_', 'hcamk_', 'hcxik_', 'hcxmk_'], 'hc[ax][im]k_([A-Za-z0-9]{20,80})'),
  rule('dynatrace-token', 'Dynatrace', 'dt0', 'dt0[a-z]\\d\\d\\.([A-Z0-9]{24})\\.([A-Z0-9]{64})'),
  rule('posthog-personal-key', 'PostHog', 'phx_', 'phx_([A-Za-z0-9]{40,50})'),
  rule('posthog-project-key', 'PostHog', 'phc_', 'phc_([A-Za-z0-9]{40,50})'),
  rule('axiom-token', 'Axiom', ['xaat-', 'xapt-'], `xa[ap]t-${UUIDG}`, { alpha: H }),
  // ---- productivity, SaaS, others
  rule('shopify-token', 'Shopify', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], 'shp(?:at|ca|pa|ss)_([A-Za-z0-9]{32,40})'),
  rule('linear-api-key', 'Linear', 'lin_api_', 'lin_api_([A-Za-z0-9]{40,44})'),
  rule('linear-oauth-token', 'Linear', 'lin_oauth_', 'lin_oauth_([a-f0-9]{64})', { alpha: H }),
  rule('notion-token', 'Notion', 'ntn_', 'ntn_(\\d{11})([A-Za-z0-9]{35})'),
  rule('notion-integration-secret', 'Notion', 'secret_', 'secret_([A-Za-z0-9]{43})', { mixed: true }),
  rule('airtable-pat', 'Airtable', 'pat', 'pat([A-Za-z0-9]{14})\\.([a-f0-9]{64})', { alpha: [undefined, HEX] }),
  rule('figma-pat', 'Figma', 'figd_', 'figd_([A-Za-z0-9_-]{40,64})'),
  rule('figma-oauth', 'Figma', 'figo_', 'figo_([A-Za-z0-9_-]{40,64})'),
  rule('postman-api-key', 'Postman', 'PMAK-', 'PMAK-([a-f0-9]{24})-([a-f0-9]{34})', { alpha: HH }),
  rule('typeform-token', 'Typeform', 'tfp_', 'tfp_([A-Za-z0-9_.=-]{59})'),
  rule('contentful-pat', 'Contentful', 'CFPAT-', 'CFPAT-([A-Za-z0-9_-]{43})'),
  rule('mapbox-secret-token', 'Mapbox', 'sk.eyJ', 'sk\\.eyJ([A-Za-z0-9_-]{50,400})\\.([A-Za-z0-9_-]{20,30})'),
  rule('dropbox-short-lived-token', 'Dropbox', 'sl.', 'sl\\.([A-Za-z0-9_.=-]{130,2000})'),
  rule('facebook-access-token', 'Meta (Facebook)', ['EAAM', 'EAAC', 'EAAG', 'EAAB'], 'EAA[MCGB]([A-Za-z0-9]{100,400})'),
  rule('twitter-bearer-token', 'X (Twitter)', 'AAAAAAAAAAAAAAAAAAAAA', 'A{21,22}([A-Za-z0-9%]{80,120})', {
    tail: /[A-Za-z0-9%_-]/,
  }),
  rule('adobe-client-secret', 'Adobe', 'p8e-', 'p8e-([A-Za-z0-9]{32})'),
  rule('scalingo-token', 'Scalingo', 'tk-us-', 'tk-us-([A-Za-z0-9_-]{48})'),
  rule('settlemint-token', 'SettleMint', ['sm_aat_', 'sm_pat_', 'sm_sat_'], 'sm_[aps]at_([A-Za-z0-9]{16})'),
  rule('intra42-client-secret', '42 Intra', ['s-s4t2ud-', 's-s4t2af-'], 's-s4t2(?:ud|af)-([a-f0-9]{64})', { alpha: H }),
  rule('frameio-token', 'Frame.io', 'fio-u-', 'fio-u-([A-Za-z0-9_=-]{64})'),
  rule('defined-networking-key', 'Defined Networking', 'dnkey-', 'dnkey-([A-Za-z0-9_=-]{26})-([A-Za-z0-9_=-]{52})'),
  rule('salesforce-access-token', 'Salesforce', '00D', '00D([A-Za-z0-9]{12,15})!([A-Za-z0-9_.]{80,120})', {
    tail: /[A-Za-z0-9_.-]/,
  }),
  rule('telnyx-api-key', 'Telnyx', 'KEY0', 'KEY0([0-9A-F]{31})_([A-Za-z0-9]{22})', { alpha: [HEX_UPPER, undefined] }),
  rule(
    'braintree-access-token',
    'PayPal Braintree',
    'access_token$',
    'access_token\\$(?:production|sandbox)\\$([a-z0-9]{16})\\$([a-f0-9]{32})',
    {
      alpha: [LOWER_ALNUM, HEX],
    },
  ),
  // ---- JWTs (kind jwt): header and payload are base64url JSON
  rule(
    'jwt',
    'JSON Web Token',
    'eyJ',
    'eyJ[A-Za-z0-9_-]{5,8000}\\.[A-Za-z0-9_-]{2,32000}\\.[A-Za-z0-9_-]{0,4000}(?:\\.[A-Za-z0-9_-]{0,32000}\\.[A-Za-z0-9_-]{0,4000})?',
    { kind: 'jwt', validate: jwtLike, tail: /[A-Za-z0-9_.-]/ },
  ),
  // ---- shape rules: formats without a literal prefix at their start
  shapeRule(
    'telegram-bot-token',
    'Telegram',
    (s, start) => {
      if (s.charCodeAt(start) !== 65 || s.charCodeAt(start + 1) !== 65 || s.charCodeAt(start - 1) !== 58) return -1;
      let i = start - 1;
      while (i > start - 18 && i > 0 && isDigit(s.charCodeAt(i - 1))) i--;
      return start - 1 - i >= 5 ? i : -1;
    },
    '(\\d{5,16}):AA([A-Za-z0-9_-]{33})',
  ),
  shapeRule(
    'azure-ad-client-secret',
    'Microsoft Azure',
    (s, start) =>
      s.charCodeAt(start + 4) === 81 && s.charCodeAt(start + 5) === 126 && isDigit(s.charCodeAt(start + 3))
        ? start
        : -1,
    '([A-Za-z0-9_~.]{3})\\dQ~([A-Za-z0-9_~.-]{31,34})',
    { tail: /[A-Za-z0-9_~.-]/ },
  ),
  shapeRule(
    'terraform-cloud-token',
    'HashiCorp Terraform',
    (s, start) => (s.charCodeAt(start + 14) === 46 && s.startsWith('atlasv1.', start + 15) ? start : -1),
    '([A-Za-z0-9]{14})\\.atlasv1\\.([A-Za-z0-9_=-]{60,70})',
  ),
  shapeRule(
    'mailchimp-api-key',
    'Mailchimp',
    (s, start, end) =>
      end - start >= 35 && s.charCodeAt(start + 32) === 45 && s.startsWith('us', start + 33) ? start : -1,
    '([a-f0-9]{32})-us\\d{1,2}',
    { alpha: H },
  ),
  shapeRule(
    'maxmind-license-key',
    'MaxMind',
    (s, start) => (s.charCodeAt(start + 6) === 95 && s.startsWith('_mmk', start + 36) ? start : -1),
    '([A-Za-z0-9]{6})_([A-Za-z0-9]{29})_mmk',
  ),
  shapeRule(
    'discord-bot-token',
    'Discord',
    (s, start) => {
      const c = s.charCodeAt(start);
      if (c !== 77 && c !== 78 && c !== 79) return -1;
      for (let k = 24; k <= 28; k++)
        if (s.charCodeAt(start + k) === 46 && s.charCodeAt(start + k + 7) === 46) return start;
      return -1;
    },
    '[MNO]([A-Za-z0-9_-]{23,27})\\.([A-Za-z0-9_-]{6})\\.([A-Za-z0-9_-]{27,40})',
    { mixed: true },
  ),
  shapeRule(
    'ngrok-authtoken',
    'ngrok',
    (s, start, end) =>
      end - start >= 49 && isDigit(s.charCodeAt(start)) && s.charCodeAt(start + 27) === 95 ? start : -1,
    '(\\d[A-Za-z0-9]{26})_([A-Za-z0-9]{21})',
    { mixed: true },
  ),
];

/**
 * Formats recognisable only by the name a value is assigned to (an
 * environment variable, a JSON field, a header). The name is matched on its
 * lower-cased, `_`-separated form.
 */
export interface NamedRule {
  readonly id: string;
  readonly provider: string;
  readonly name: RegExp;
  readonly value: RegExp;
}

const named = (id: string, provider: string, name: RegExp, value: RegExp): NamedRule => ({ id, provider, name, value });

export const NAMED_RULES: readonly NamedRule[] = [
  named('aws-secret-access-key', 'AWS', /aws.*secret|secret_?access_?key/, /^[A-Za-z0-9/+]{40}$/),
  named('aws-session-token', 'AWS', /aws.*session.*token|^session_?token$/, /^[A-Za-z0-9/+=]{100,2000}$/),
  named('azure-storage-account-key', 'Microsoft Azure', /account_?key|storage.*key/, /^[A-Za-z0-9/+]{86}==$/),
  named('azure-openai-key', 'Microsoft Azure', /azure.*(?:openai|cognitive|ai).*key|^api-key$/, /^[a-f0-9]{32}$/),
  named(
    'azure-devops-pat',
    'Microsoft Azure DevOps',
    /azure_?devops|ado_?pat|vsts/,
    /^(?:[a-z2-7]{52}|[A-Za-z0-9]{84})$/,
  ),
  named('heroku-api-key', 'Heroku', /heroku/, new RegExp(`^${UUID}$`, 'i')),
  named('cohere-api-key', 'Cohere', /cohere|co_api_key/, /^[A-Za-z0-9]{40}$/),
  named('mistral-api-key', 'Mistral AI', /mistral/, /^[A-Za-z0-9]{32}$/),
  named('together-api-key', 'Together AI', /together/, /^(?:tgp_v1_)?[A-Za-z0-9_-]{40,64}$/),
  named('wandb-api-key', 'Weights & Biases', /wandb/, /^[a-f0-9]{40}$/),
  named(
    'datadog-api-key',
    'Datadog',
    /datadog|^dd_api_key$|^dd_app(?:lication)?_key$/,
    /^[a-f0-9]{32}(?:[a-f0-9]{8})?$/,
  ),
  named('postmark-token', 'Postmark', /postmark/, new RegExp(`^${UUID}$`, 'i')),
  named('okta-api-token', 'Okta', /okta/, /^00[A-Za-z0-9_-]{40}$/),
  named('algolia-api-key', 'Algolia', /algolia/, /^[a-f0-9]{32}$/),
  named('twilio-auth-token', 'Twilio', /twilio/, /^[a-f0-9]{32}$/),
  named('sentry-auth-token', 'Sentry', /sentry/, /^[a-f0-9]{64}$/),
  named('bitbucket-client-secret', 'Bitbucket', /bitbucket/, /^[A-Za-z0-9_=-]{32,64}$/),
  named('discord-client-secret', 'Discord', /discord/, /^[A-Za-z0-9_=-]{32}$/),
  named('fastly-api-token', 'Fastly', /fastly/, /^[A-Za-z0-9_=-]{32}$/),
  named('launchdarkly-token', 'LaunchDarkly', /launch_?darkly/, /^(?:api|sdk|mob)-[a-f0-9-]{36}$/),
  named('snyk-token', 'Snyk', /snyk/, new RegExp(`^${UUID}$`, 'i')),
  named('twitter-api-secret', 'X (Twitter)', /twitter/, /^[A-Za-z0-9]{45,50}$/),
  named('facebook-app-secret', 'Meta (Facebook)', /facebook|fb_app_secret/, /^[a-f0-9]{32}$/),
  named('pusher-secret', 'Pusher', /pusher/, /^[a-f0-9]{20}$/),
  named('mapbox-token', 'Mapbox', /mapbox/, /^pk\.eyJ[A-Za-z0-9_-]{50,400}\.[A-Za-z0-9_-]{20,30}$/),
  named('codecov-token', 'Codecov', /codecov/, new RegExp(`^${UUID}$`, 'i')),
  named('travis-token', 'Travis CI', /travis/, /^[A-Za-z0-9_-]{22}$/),
  named('kraken-api-secret', 'Kraken', /kraken/, /^[A-Za-z0-9/+=]{80,90}$/),
  named('ethereum-private-key', 'Ethereum', /private_?key|priv_?key|mnemonic|wallet_?key/, /^(?:0x)?[a-fA-F0-9]{64}$/),
];

/** The distinct providers the catalogue knows. */
export function providers(): Set<string> {
  return new Set([...TOKEN_RULES.map((r) => r.provider), ...NAMED_RULES.map((r) => r.provider)]);
}
