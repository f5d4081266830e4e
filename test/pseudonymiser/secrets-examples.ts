/**
 * Synthetic examples of every secret format the catalogue knows, built from
 * a seeded generator: shaped like the real thing, never real keys.
 */
import { base62Checksum } from '../../pseudonymiser/standins/secrets';

let state = 0x2545f491;
function next(): number {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LO = 'abcdefghijklmnopqrstuvwxyz';
const DG = '0123456789';

function from(alphabet: string, n: number, must: string[] = []): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(alphabet[Math.floor(next() * alphabet.length)]!);
  must.forEach((set, i) => {
    if (i < n) out[(i * 7 + 1) % n] = set[Math.floor(next() * set.length)]!;
  });
  return out.join('');
}

/** Letters and digits, all three classes present. */
export const an = (n: number): string => from(UP + LO + DG, n, [UP, LO, DG]);
/** Letters, digits, `_` and `-` (never leading or trailing). */
export const w = (n: number): string => an(1) + from(UP + LO + DG + '_-', n - 2, [UP, LO, DG]) + an(1);
export const hx = (n: number): string => from('0123456789abcdef', n, ['abcdef', DG]);
export const HX = (n: number): string => from('0123456789ABCDEF', n, ['ABCDEF', DG]);
export const letters = (n: number): string => from(UP + LO, n, [UP, LO]);
export const ud = (n: number): string => from(UP + DG, n, [UP, DG]);
export const la = (n: number): string => from(LO + DG, n, [LO, DG]);
export const dg = (n: number): string => from('123456789', 1) + from(DG, n - 1);
export const b64 = (n: number): string => from(UP + LO + DG + '+/', n, [UP, LO, DG, '+/']);
export const b32 = (n: number): string => from('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', n, [UP, '234567']);
export const uuid = (): string => `${hx(8)}-${hx(4)}-4${hx(3)}-a${hx(3)}-${hx(12)}`;
export const withChecksum = (prefix: string): string => {
  const e = an(30);
  return prefix + e + base62Checksum(e);
};
const b64url = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
export const jwt = (
  payload: object = { sub: 'user_' + an(8), iat: 1735689600, exp: 1735693200, scope: 'read write' },
) => `${b64url({ alg: 'HS256', typ: 'JWT', kid: 'k-' + an(6) })}.${b64url(payload)}.${from(UP + LO + DG + '-_', 43)}`;

/** One example per token rule id. */
export const TOKEN_EXAMPLES: Record<string, () => string> = {
  'anthropic-api-key': () => 'sk-ant-api03-' + w(93) + 'AA',
  'anthropic-key': () => 'sk-ant-oat01-' + an(60) + 'x',
  'openrouter-api-key': () => 'sk-or-v1-' + hx(64),
  'langfuse-secret-key': () => 'sk-lf-' + uuid(),
  'openai-project-key': () => 'sk-proj-' + w(74) + 'T3BlbkFJ' + w(74),
  'openai-project-key-unmarked': () => 'sk-proj-' + w(120),
  'openai-api-key': () => 'sk-' + an(20) + 'T3BlbkFJ' + an(20),
  'deepseek-api-key': () => 'sk-' + hx(32),
  'openai-compatible-key': () => 'sk-' + an(48),
  'huggingface-token': () => 'hf_' + letters(34),
  'huggingface-org-token': () => 'api_org_' + letters(34),
  'groq-api-key': () => 'gsk_' + an(52),
  'replicate-api-token': () => 'r8_' + an(37),
  'perplexity-api-key': () => 'pplx-' + an(48),
  'xai-api-key': () => 'xai-' + an(80),
  'nvidia-api-key': () => 'nvapi-' + w(64),
  'cerebras-api-key': () => 'csk-' + an(48),
  'tavily-api-key': () => 'tvly-dev-' + an(32),
  'langsmith-api-key': () => 'lsv2_pt_' + hx(32) + '_' + hx(10),
  'elevenlabs-api-key': () => 'sk_' + hx(48),
  'pinecone-api-key': () => 'pcsk_' + an(6) + '_' + an(64),
  'firecrawl-api-key': () => 'fc-' + hx(32),
  'fireworks-api-key': () => 'fw_' + an(24),
  'anyscale-api-key': () => 'esecret_' + an(32),
  'aws-access-key-id': () => 'AKIA' + b32(16),
  'aws-bedrock-api-key': () => 'ABSK' + b64(132),
  'gcp-api-key': () => 'AIza' + w(35),
  'gcp-oauth-access-token': () => 'ya29.' + w(120),
  'gcp-oauth-client-secret': () => 'GOCSPX-' + w(28),
  'digitalocean-pat': () => 'dop_v1_' + hx(64),
  'digitalocean-oauth-token': () => 'doo_v1_' + hx(64),
  'digitalocean-refresh-token': () => 'dor_v1_' + hx(64),
  'alibaba-access-key-id': () => 'LTAI' + an(20),
  'tencent-secret-id': () => 'AKID' + an(32),
  'scaleway-access-key': () => 'SCW' + ud(17),
  'yandex-api-key': () => 'AQVN' + w(36),
  'yandex-iam-token': () => 't1.' + w(40) + '.' + w(86),
  'heroku-api-key-v2': () => 'HRKU-AA' + w(58),
  'vercel-token': () => 'vcp_' + an(40),
  'netlify-token': () => 'nfp_' + an(36),
  'cloudflare-api-token': () => 'cfut_' + an(40) + hx(8),
  'cloudflare-origin-ca-key': () => 'v1.0-' + hx(24) + '-' + hx(146),
  'flyio-token': () => 'fo1_' + w(43),
  'flyio-macaroon': () => 'fm2_' + b64(200),
  'render-api-key': () => 'rnd_' + an(32),
  'supabase-pat': () => 'sbp_' + hx(40),
  'supabase-secret-key': () => 'sb_secret_' + w(32),
  'planetscale-token': () => 'pscale_tkn_' + w(43),
  'planetscale-oauth': () => 'pscale_oauth_' + w(43),
  'planetscale-password': () => 'pscale_pw_' + w(43),
  'neon-api-key': () => 'napi_' + la(64),
  'databricks-token': () => 'dapi' + hx(32),
  'clickhouse-secret-key': () => '4b1d' + an(38),
  'openshift-token': () => 'sha256~' + w(43),
  'github-pat': () => withChecksum('ghp_'),
  'github-oauth': () => 'gho_' + an(36),
  'github-user-to-server': () => withChecksum('ghu_'),
  'github-refresh-token': () => 'ghr_' + an(36),
  'github-app-installation-jwt': () => 'ghs_' + dg(6) + '_' + jwt(),
  'github-server-to-server': () => withChecksum('ghs_'),
  'github-fine-grained-pat': () => 'github_pat_' + an(22) + '_' + an(59),
  'gitlab-pat': () => 'glpat-' + w(20),
  'gitlab-deploy-token': () => 'gldt-' + w(20),
  'gitlab-runner-token': () => 'glrt-t1_' + w(27) + '.' + la(9),
  'gitlab-cicd-job-token': () => 'glcbt-' + an(5) + '_' + w(20),
  'gitlab-feed-token': () => 'glft-' + w(20),
  'gitlab-incoming-mail-token': () => 'glimt-' + w(25),
  'gitlab-agent-token': () => 'glagent-' + w(50),
  'gitlab-oauth-secret': () => 'gloas-' + w(64),
  'gitlab-trigger-token': () => 'glptt-' + hx(40),
  'gitlab-scim-token': () => 'glsoat-' + w(20),
  'gitlab-feature-flag-token': () => 'glffct-' + w(20),
  'gitlab-runner-registration': () => 'GR1348941' + w(20),
  'bitbucket-app-password': () => 'ATBB' + an(32),
  'atlassian-api-token': () => 'ATATT3' + w(180),
  'circleci-pat': () => 'CCIPAT_' + an(22) + '_' + hx(40),
  'circleci-project-token': () => 'CCIPRJ_' + an(22) + '_' + hx(40),
  'buildkite-token': () => 'bkua_' + hx(40),
  'sonarqube-token': () => 'squ_' + hx(40),
  'sourcegraph-token': () => 'sgp_' + hx(16) + '_' + hx(40),
  'harness-token': () => 'pat.' + w(22) + '.' + an(24) + '.' + an(20),
  'octopus-deploy-api-key': () => 'API-' + ud(26),
  'infracost-api-token': () => 'ico-' + an(32),
  'prefect-api-key': () => 'pnu_' + an(36),
  'pulumi-access-token': () => 'pul-' + hx(40),
  'slack-config-token': () => 'xoxe.xoxp-1-' + an(160),
  'slack-token': () => 'xoxb-' + dg(11) + '-' + dg(13) + '-' + an(24),
  'slack-app-token': () => 'xapp-1-A' + ud(10) + '-' + dg(13) + '-' + hx(64),
  'stripe-secret-key': () => 'sk_live_' + an(99),
  'stripe-restricted-key': () => 'rk_test_' + an(24),
  'stripe-webhook-secret': () => 'whsec_' + b64(32),
  'square-access-token': () => 'sq0atp-' + w(22),
  'square-oauth-secret': () => 'sq0csp-' + w(43),
  'adyen-api-key': () => 'AQEyhm' + b64(100),
  'razorpay-key': () => 'rzp_live_' + an(14),
  'flutterwave-secret-key': () => 'FLWSECK_TEST-' + from('abcdefgh0123456789', 32) + '-X',
  'flutterwave-encryption-key': () => 'FLWSECK_TEST-' + from('abcdefgh0123456789', 12),
  'shippo-api-token': () => 'shippo_live_' + hx(40),
  'easypost-api-key': () => 'EZAK' + an(54),
  'duffel-api-token': () => 'duffel_test_' + w(43),
  'plaid-access-token': () => 'access-sandbox-' + uuid(),
  'mollie-api-key': () => 'live_' + an(30),
  'gocardless-token': () => 'sandbox_' + w(40),
  'woocommerce-key': () => 'ck_' + hx(40),
  'coinbase-cdp-key': () => 'organizations/' + uuid() + '/apiKeys/' + uuid(),
  'sendgrid-api-key': () => 'SG.' + w(22) + '.' + w(43),
  'mailgun-api-key': () => 'key-' + hx(32),
  'resend-api-key': () => 're_' + an(8) + '_' + an(24),
  'brevo-api-key': () => 'xkeysib-' + hx(64) + '-' + an(16),
  'mandrill-api-key': () => 'md-' + an(22),
  'twilio-api-key': () => 'SK' + hx(32),
  'twilio-account-sid': () => 'AC' + hx(32),
  'npm-token': () => withChecksum('npm_'),
  'pypi-token': () => 'pypi-AgEIcHlwaS5vcmc' + w(60),
  'rubygems-api-key': () => 'rubygems_' + hx(48),
  'nuget-api-key': () => 'oy2' + la(43),
  'dockerhub-pat': () => 'dckr_pat_' + w(27),
  'clojars-token': () => 'CLOJARS_' + la(60),
  'crates-io-token': () => 'cio' + an(32),
  'jfrog-api-key': () => 'AKCp' + an(69),
  'jfrog-reference-token': () => 'cmVmdGtu' + an(56),
  'readme-api-key': () => 'rdme_' + la(70),
  'vault-service-token': () => 'hvs.' + w(95),
  'vault-batch-token': () => 'hvb.' + w(140),
  'vault-recovery-token': () => 'hvr.' + w(95),
  'vault-legacy-token': () => 's.' + an(24),
  'doppler-token': () => 'dp.pt.' + an(43),
  'onepassword-service-account': () => 'ops_eyJ' + b64(300),
  'onepassword-secret-key': () => `A3-${ud(6)}-${ud(11)}-${ud(5)}-${ud(5)}-${ud(5)}`,
  'age-secret-key': () => 'AGE-SECRET-KEY-1' + from('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58),
  'infisical-token': () => `st.${uuid()}.${hx(32)}.${hx(32)}`,
  'tailscale-key': () => 'tskey-auth-' + an(12) + '-' + an(24),
  'newrelic-user-key': () => 'NRAK-' + ud(27),
  'newrelic-insert-key': () => 'NRII-' + w(32),
  'newrelic-browser-key': () => 'NRJS-' + hx(19),
  'sentry-user-token': () => 'sntryu_' + hx(64),
  'sentry-org-token': () => 'sntrys_eyJ' + b64(100) + '_' + b64(43),
  'grafana-cloud-token': () => 'glc_' + b64(60),
  'grafana-service-account-token': () => 'glsa_' + an(32) + '_' + hx(8),
  'grafana-api-key': () => 'eyJrIjoi' + an(80),
  'honeycomb-key': () => 'hcaik_' + an(58),
  'dynatrace-token': () => 'dt0c01.' + ud(24) + '.' + ud(64),
  'posthog-personal-key': () => 'phx_' + an(43),
  'posthog-project-key': () => 'phc_' + an(43),
  'axiom-token': () => 'xaat-' + uuid(),
  'shopify-token': () => 'shpat_' + an(32),
  'linear-api-key': () => 'lin_api_' + an(40),
  'linear-oauth-token': () => 'lin_oauth_' + hx(64),
  'notion-token': () => 'ntn_' + dg(11) + an(35),
  'notion-integration-secret': () => 'secret_' + an(43),
  'airtable-pat': () => 'pat' + an(14) + '.' + hx(64),
  'figma-pat': () => 'figd_' + w(40),
  'figma-oauth': () => 'figo_' + w(40),
  'postman-api-key': () => 'PMAK-' + hx(24) + '-' + hx(34),
  'typeform-token': () => 'tfp_' + w(59),
  'contentful-pat': () => 'CFPAT-' + w(43),
  'mapbox-secret-token': () => 'sk.eyJ' + w(80) + '.' + w(22),
  'dropbox-short-lived-token': () => 'sl.' + w(140),
  'facebook-access-token': () => 'EAAG' + an(150),
  'twitter-bearer-token': () => 'A'.repeat(22) + 'B' + an(89),
  'adobe-client-secret': () => 'p8e-' + an(32),
  'scalingo-token': () => 'tk-us-' + w(48),
  'settlemint-token': () => 'sm_pat_' + an(16),
  'intra42-client-secret': () => 's-s4t2ud-' + hx(64),
  'frameio-token': () => 'fio-u-' + w(64),
  'defined-networking-key': () => 'dnkey-' + w(26) + '-' + w(52),
  'salesforce-access-token': () => '00D' + an(15) + '!' + an(90),
  'telnyx-api-key': () => 'KEY0' + HX(31) + '_' + an(22),
  'braintree-access-token': () => 'access_token$production$' + la(16) + '$' + hx(32),
  jwt: () => jwt(),
  'telegram-bot-token': () => dg(10) + ':AA' + w(33),
  'azure-ad-client-secret': () => an(3) + '8Q~' + an(34),
  'terraform-cloud-token': () => an(14) + '.atlasv1.' + w(64),
  'mailchimp-api-key': () => hx(32) + '-us12',
  'maxmind-license-key': () => an(6) + '_' + an(29) + '_mmk',
  'discord-bot-token': () => 'M' + an(25) + '.' + w(6) + '.' + w(38),
  'ngrok-authtoken': () => dg(1) + an(26) + '_' + an(21),
};

/** One example per named rule: the name it is assigned to, and a value. */
export const NAMED_EXAMPLES: Record<string, () => [string, string]> = {
  'aws-secret-access-key': () => ['AWS_SECRET_ACCESS_KEY', an(40)],
  'aws-session-token': () => ['AWS_SESSION_TOKEN', b64(200)],
  'azure-storage-account-key': () => ['AccountKey', b64(86) + '=='],
  'azure-openai-key': () => ['AZURE_OPENAI_API_KEY', hx(32)],
  'azure-devops-pat': () => ['AZURE_DEVOPS_TOKEN', from('abcdefghijklmnopqrstuvwxyz234567', 52, [LO, '234567'])],
  'heroku-api-key': () => ['HEROKU_API_KEY', uuid()],
  'cohere-api-key': () => ['COHERE_API_KEY', an(40)],
  'mistral-api-key': () => ['MISTRAL_API_KEY', an(32)],
  'together-api-key': () => ['TOGETHER_API_KEY', hx(64)],
  'wandb-api-key': () => ['WANDB_API_KEY', hx(40)],
  'datadog-api-key': () => ['DD_API_KEY', hx(32)],
  'postmark-token': () => ['POSTMARK_SERVER_TOKEN', uuid()],
  'okta-api-token': () => ['OKTA_API_TOKEN', '00' + w(40)],
  'algolia-api-key': () => ['ALGOLIA_API_KEY', hx(32)],
  'twilio-auth-token': () => ['TWILIO_AUTH_TOKEN', hx(32)],
  'sentry-auth-token': () => ['SENTRY_AUTH_TOKEN', hx(64)],
  'bitbucket-client-secret': () => ['BITBUCKET_CLIENT_SECRET', w(64)],
  'discord-client-secret': () => ['DISCORD_CLIENT_SECRET', w(32)],
  'fastly-api-token': () => ['FASTLY_API_TOKEN', w(32)],
  'launchdarkly-token': () => ['LAUNCHDARKLY_SDK_KEY', 'sdk-' + uuid()],
  'snyk-token': () => ['SNYK_TOKEN', uuid()],
  'twitter-api-secret': () => ['TWITTER_API_SECRET', an(50)],
  'facebook-app-secret': () => ['FACEBOOK_APP_SECRET', hx(32)],
  'pusher-secret': () => ['PUSHER_APP_SECRET', hx(20)],
  'mapbox-token': () => ['MAPBOX_TOKEN', 'pk.eyJ' + w(60) + '.' + w(22)],
  'codecov-token': () => ['CODECOV_TOKEN', uuid()],
  'travis-token': () => ['TRAVIS_TOKEN', w(22)],
  'kraken-api-secret': () => ['KRAKEN_API_SECRET', b64(88)],
  'ethereum-private-key': () => ['PRIVATE_KEY', '0x' + hx(64)],
};
