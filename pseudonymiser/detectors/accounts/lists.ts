/**
 * Word lists the account detectors and generators share: free-mail
 * providers, public domains that stay, multi-label public suffixes, file
 * extensions that look like top-level domains, public code-hosting
 * organisations, and system account names.
 */
import { isPublicOrg, isPublicOrgLabel } from '../people/lexicon';

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/** Consumer mailbox providers. An address there names a person, the domain names nobody. */
export const FREE_MAIL = set(`
gmail.com googlemail.com outlook.com hotmail.com hotmail.co.uk hotmail.fr hotmail.de hotmail.it hotmail.es
live.com live.co.uk live.fr msn.com yahoo.com yahoo.co.uk yahoo.fr yahoo.de yahoo.es yahoo.it yahoo.co.jp
yahoo.com.br yahoo.co.in yahoo.ca yahoo.com.au ymail.com rocketmail.com aol.com icloud.com me.com mac.com
proton.me protonmail.com protonmail.ch pm.me tutanota.com tuta.io gmx.com gmx.de gmx.net gmx.at gmx.ch gmx.fr
web.de t-online.de freenet.de posteo.de mailbox.org mail.com email.com zoho.com zohomail.com yandex.ru yandex.com
ya.ru mail.ru inbox.ru list.ru bk.ru rambler.ru qq.com foxmail.com 163.com 126.com yeah.net sina.com sohu.com
aliyun.com naver.com daum.net hanmail.net libero.it virgilio.it orange.fr wanadoo.fr free.fr laposte.net sfr.fr
btinternet.com sky.com virginmedia.com comcast.net verizon.net att.net sbcglobal.net bellsouth.net cox.net
charter.net earthlink.net rediffmail.com seznam.cz wp.pl o2.pl interia.pl onet.pl op.pl hey.com fastmail.com
fastmail.fm hushmail.com mailfence.com runbox.com skiff.com duck.com rogers.com shaw.ca sympatico.ca bigpond.com
optusnet.com.au xtra.co.nz uol.com.br bol.com.br terra.com.br telenet.be skynet.be ziggo.nl kpnmail.nl
`);

/** Free-mail domains stand-in addresses are drawn from (large, international providers). */
export const FREE_MAIL_STANDINS: readonly string[] = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'hotmail.com',
  'icloud.com',
  'proton.me',
  'gmx.com',
  'aol.com',
  'zoho.com',
  'mail.com',
  'fastmail.com',
  'yandex.com',
];

/**
 * Domains that name public organisations, services and infrastructure: an
 * e-mail there still names a person (the local part is replaced), but the
 * domain itself is kept wherever it occurs.
 */
export const PUBLIC_DOMAINS = set(`
github.com githubusercontent.com github.io githubassets.com gitlab.com bitbucket.org atlassian.com atlassian.net
google.com googleapis.com gstatic.com googleusercontent.com youtube.com android.com chromium.org golang.org go.dev
openai.com chatgpt.com anthropic.com claude.ai claude.com microsoft.com azure.com windows.net office.com live.com
apple.com amazon.com amazonaws.com aws.amazon.com cloudfront.net facebook.com meta.com instagram.com whatsapp.com
x.com twitter.com linkedin.com slack.com discord.com discord.gg zoom.us stripe.com paypal.com shopify.com
cloudflare.com vercel.app vercel.com netlify.app netlify.com heroku.com herokuapp.com digitalocean.com fly.io
npmjs.com npmjs.org pypi.org python.org pythonhosted.org rust-lang.org crates.io nodejs.org nodejs.dev mozilla.org
mozilla.com w3.org ietf.org iana.org wikipedia.org wikimedia.org stackoverflow.com stackexchange.com reddit.com
medium.com docker.com docker.io kubernetes.io apache.org gnu.org kernel.org debian.org ubuntu.com redhat.com
fedoraproject.org archlinux.org huggingface.co kaggle.com readthedocs.io readthedocs.org sentry.io datadoghq.com
twilio.com sendgrid.net sendgrid.com mailgun.org mailchimp.com salesforce.com hubspot.com atlassian.com jira.com
notion.so notion.com figma.com dropbox.com box.com wordpress.com wordpress.org gravatar.com mit.edu stanford.edu
harvard.edu berkeley.edu ox.ac.uk cam.ac.uk arxiv.org doi.org orcid.org jsdelivr.net unpkg.com cdnjs.com
sourceforge.net opensource.org creativecommons.org letsencrypt.org schema.org json-schema.org swagger.io
postgresql.org mysql.com mongodb.com redis.io elastic.co grafana.com prometheus.io hashicorp.com terraform.io
jetbrains.com visualstudio.com vscode.dev typescriptlang.org reactjs.org react.dev angular.io vuejs.org svelte.dev
nextjs.org tailwindcss.com getbootstrap.com jquery.com mdn.io developer.mozilla.org langchain.com llamaindex.ai
cohere.com cohere.ai mistral.ai deepmind.com perplexity.ai groq.com together.ai replicate.com ollama.com
ollama.ai sierra.ai users.noreply.github.com noreply.github.com
opencollective.com tidelift.com patreon.com ko-fi.com buymeacoffee.com codecov.io coveralls.io travis-ci.org
travis-ci.com circleci.com appveyor.com shields.io badge.fury.io gitter.im discourse.org pre-commit.ci pypa.io
conda.io anaconda.org anaconda.com numpy.org scipy.org pydata.org matplotlib.org jupyter.org pytorch.org
tensorflow.org djangoproject.com palletsprojects.com tiangolo.com sqlalchemy.org pydantic.dev pytest.org
sphinx-doc.org mypy-lang.org semver.org keepachangelog.com spdx.org choosealicense.com unicode.org
ecma-international.org whatwg.org owasp.org mitre.org cve.org ctftime.org pwntools.com nema.org dicomstandard.org
rfc-editor.org datatracker.ietf.org icann.org iso.org itu.int nist.gov ieee.org acm.org oasis-open.org
openid.net oauth.net json.org yaml.org toml.io commonmark.org spec.graphql.org graphql.org grpc.io protobuf.dev
opentelemetry.io semver.org publicsuffix.org caniuse.com web.dev mdn.dev ripe.net arin.net apnic.net
`);

/**
 * Reserved names (RFC 2606, RFC 6761, RFC 8375's `home.arpa`) and local suffixes: never replaced as bare domains
 * by the e-mail rules (an address there still names someone). Hosts under the private suffixes among them are
 * read by `internalDomain` instead.
 */
export function isReservedDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return /(?:^|\.)(?:example\.(?:com|net|org|edu)|example|test|invalid|localhost|local|localdomain|internal|lan|home\.arpa|arpa|onion|corp|intra)$/.test(
    d,
  );
}

/**
 * Suffixes of private networks that no registry delegates: `.internal` (ICANN reserved it for private use, 2024),
 * `.home.arpa` (RFC 8375), `.local` (mDNS, RFC 6762), and the de-facto `.corp`, `.lan`, `.intra` (ICANN's name
 * collision report lists `.corp` and `.lan` among the most queried undelegated names).
 */
const INTERNAL_SUFFIX = /\.(internal|corp|lan|local|intra|home\.arpa)$/i;

/**
 * Host names under an internal suffix that name public infrastructure, not an organisation: Docker's
 * `host.docker.internal`, Google Cloud's `metadata.google.internal`, AWS's `ec2.internal` and
 * `<region>.compute.internal`, Kubernetes' `cluster.local`.
 */
const PUBLIC_INTERNAL =
  /(?:^|\.)(?:docker\.internal|google\.internal|ec2\.internal|compute\.internal|cluster\.local|localdomain\.[a-z.]+)$/i;

/**
 * The private domain of a host under an internal suffix (`db.brightwave.internal` → `brightwave.internal`,
 * `nas.smith.home.arpa` → `smith.home.arpa`): the label right before the suffix and the suffix, as a
 * registrable domain is; null for other hosts and for public infrastructure names.
 */
export function internalDomain(host: string): string | null {
  const m = INTERNAL_SUFFIX.exec(host);
  if (m === null || PUBLIC_INTERNAL.test(host)) return null;
  const head = host.slice(0, m.index);
  if (head.length === 0) return null;
  return host.slice(head.lastIndexOf('.') + 1);
}

/** Second-level public suffixes: `acme.co.uk`'s registrable name is `acme.co.uk`, not `co.uk`. */
const SECOND_LEVEL = set(`
home.arpa co.uk org.uk ac.uk gov.uk ltd.uk plc.uk me.uk net.uk sch.uk nhs.uk com.au net.au org.au edu.au gov.au id.au
co.nz org.nz net.nz govt.nz ac.nz co.jp ne.jp or.jp ac.jp go.jp com.br net.br org.br gov.br com.cn net.cn org.cn
edu.cn gov.cn com.mx org.mx gob.mx co.in net.in org.in ac.in gov.in co.za org.za ac.za gov.za com.tr org.tr
edu.tr gov.tr com.sg edu.sg gov.sg com.hk org.hk edu.hk com.tw org.tw edu.tw co.kr or.kr ac.kr go.kr com.ar
org.ar gob.ar com.co org.co com.pe com.uy com.ve com.ec com.pt com.es com.pl com.ua com.ru com.my edu.my
com.ph com.pk com.eg com.sa com.vn co.il org.il ac.il co.id or.id ac.id co.th ac.th com.cy com.mt co.ke
com.ng co.at or.at ac.at com.gr
`);

/**
 * Cloud and SaaS provider suffixes under which each label is one customer's
 * (`acme.herokuapp.com`, `acme-prod.azurewebsites.net`, `acme.atlassian.net`):
 * the customer label is private, the provider part stays. Facts from the
 * providers' documented host name formats (and the private section of the
 * Public Suffix List).
 */
const CLOUD_SUFFIXES = set(`
azurewebsites.net scm.azurewebsites.net cloudapp.net azurecr.io azure-api.net azureedge.net azurefd.net
blob.core.windows.net queue.core.windows.net table.core.windows.net file.core.windows.net dfs.core.windows.net
database.windows.net servicebus.windows.net vault.azure.net documents.azure.com azurestaticapps.net
herokuapp.com herokudns.com vercel.app netlify.app pages.dev workers.dev web.app firebaseapp.com firebaseio.com
appspot.com cloudfunctions.net run.app onrender.com fly.dev railway.app up.railway.app supabase.co ngrok.io
ngrok-free.app ngrok.app github.io gitlab.io bitbucket.io cloudfront.net elasticbeanstalk.com
atlassian.net slack.com zendesk.com sharepoint.com my.salesforce.com okta.com auth0.com myshopify.com
freshdesk.com service-now.com
`);

/** Labels under a provider suffix that name the provider's own service, not a customer. */
const SERVICE_LABELS = set(`
www api app apps hooks status docs doc developer developers dev login auth console portal admin help support
static cdn assets files upload uploads mail smtp blog community news id accounts account billing my
`);

/** AWS host labels that are services or regions (`s3.us-west-2.amazonaws.com` is nobody's). */
const AWS_SERVICE = set(`
s3 s3-website s3-accelerate s3-external-1 ec2 sqs sns sts iam lambda logs monitoring events dynamodb kinesis
execute-api ecr ecs eks rds elb elasticloadbalancing cloudformation secretsmanager ssm kms cognito-idp
cognito-identity states athena glue firehose es aoss bedrock bedrock-runtime sagemaker runtime route53
`);
const AWS_REGION = /^[a-z]{2}(?:-gov)?-[a-z]+-\d$/;

/**
 * The provider part of a host that belongs to one cloud or SaaS customer
 * (`azurewebsites.net` for `acme-prod.azurewebsites.net`, `s3.amazonaws.com`
 * for `acme-data.s3.amazonaws.com`), or null.
 */
export function cloudSuffixOf(host: string): string | null {
  const h = host.toLowerCase();
  if (h.endsWith('.amazonaws.com')) {
    const labels = h.split('.');
    const first = labels[0]!;
    if (labels.length < 4 || AWS_SERVICE.has(first) || AWS_REGION.test(first) || /^(?:ec2|ip)-\d/.test(first))
      return null;
    return labels.slice(1).join('.');
  }
  let i = h.indexOf('.');
  let prev = 0;
  while (i > 0) {
    const rest = h.slice(i + 1);
    if (CLOUD_SUFFIXES.has(rest)) {
      const label = h.slice(prev, i);
      return label.length > 0 && !SERVICE_LABELS.has(label) ? rest : null;
    }
    prev = i + 1;
    i = h.indexOf('.', i + 1);
  }
  return null;
}

/** The registrable domain (one label below the public suffix, or below a cloud provider's suffix). */
export function registrableDomain(domain: string): string {
  const cloud = cloudSuffixOf(domain);
  if (cloud !== null) {
    const head = domain.slice(0, domain.length - cloud.length - 1);
    return domain.slice(head.lastIndexOf('.') + 1);
  }
  const labels = domain.split('.');
  if (labels.length <= 2) return domain;
  const last2 = labels.slice(-2).join('.').toLowerCase();
  const n = SECOND_LEVEL.has(last2) ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** The public suffix of a registrable domain (`io`, `co.uk`, or a cloud provider's `herokuapp.com`). */
export function publicSuffixOf(registrable: string): string {
  const cloud = cloudSuffixOf(registrable);
  if (cloud !== null) return registrable.slice(registrable.length - cloud.length);
  const labels = registrable.split('.');
  const last2 = labels.slice(-2).join('.').toLowerCase();
  return labels.length >= 3 && SECOND_LEVEL.has(last2) ? last2 : labels[labels.length - 1]!;
}

/** True when the domain or any parent is public, reserved or local. */
export function isPublicDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  if (isReservedDomain(d) || FREE_MAIL.has(d)) return true;
  let i = -1;
  let rest = d;
  do {
    if (PUBLIC_DOMAINS.has(rest)) return true;
    i = d.indexOf('.', i + 1);
    rest = d.slice(i + 1);
  } while (i >= 0 && rest.includes('.'));
  return publicOrgDomain(d);
}

/**
 * A domain whose registrable label spells a public organisation's name, under any suffix (`bbc.co.uk`,
 * `google.co.jp`): the same test a host's domain meets (hosts.ts), so that an e-mail address and a URL of one
 * domain are judged alike.
 */
function publicOrgDomain(d: string): boolean {
  if (cloudSuffixOf(d) !== null) return false;
  const reg = registrableDomain(d);
  return publicOrgLabel(reg.slice(0, reg.length - publicSuffixOf(reg).length - 1));
}

/** Whether the lower-case label of a registrable domain spells a public organisation's name (`bbc`, `open-collective`). */
export function publicOrgLabel(label: string): boolean {
  return label.length >= 2 && (PUBLIC_ORGS.has(label) || isPublicOrg(label) || isPublicOrgLabel(label));
}

/** Generic top-level domains accepted after an `@` (ccTLDs: any two letters not in FILE_EXT). */
const GENERIC_TLDS = set(`
com org net edu gov mil int info biz name pro aero coop museum mobi jobs travel asia cat tel post xxx
app dev page cloud online site website tech store shop blog email digital network systems solutions
company agency studio design media news live life world today global group team work works services
consulting capital finance financial fund money bank insurance legal law health care clinic dental
science engineering software academy school university education training io ai xyz top club space
art city social community foundation partners ventures holdings enterprises industries international
one zone tools run build codes technology directory support center email mail chat inc llc ltd gmbh
local internal test example invalid localhost lan corp home
`);

/**
 * Country-code top-level domains: ISO 3166-1 alpha-2 codes and the delegated exceptions (`uk`, `eu`, `ac`, `su`),
 * from IANA's root zone database.
 */
const CC_TLDS = set(`
ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ca cc
cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd
ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg
kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv
mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa
sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug
uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw
`);

/** Generic top-level domains of IANA's root zone that people's addresses use, beyond GENERIC_TLDS. */
const MORE_TLDS = set(`
academy accountant accountants actor agency airforce apartments army associates attorney auction audio auto band
bar bargains beer berlin best bet bid bike bingo bio black blue boutique builders business buzz cab cafe cam
camera camp cards career careers casa cash casino catering ceo charity cheap church claims cleaning click clothing
coach coffee college computer condos construction contractors cooking cool country coupons courses credit cricket
cruises cymru dance date dating day deals degree delivery democrat dentist diamonds diet direct discount doctor dog
domains download earth eco energy engineer equipment estate eus events exchange expert exposed express fail faith
family fan fans farm fashion film fish fishing fit fitness flights florist football forsale fun furniture futbol
fyi gallery game games garden gift gifts gives glass gold golf graphics gratis green gripe guide guitars guru
hamburg haus healthcare hiphop hockey holiday horse hospital host hosting house how icu immo immobilien ink
institute insure investments irish jetzt jewelry juegos kaufen kim kitchen kiwi koeln land lawyer lease lgbt
lighting limited limo link loan loans lol london love luxury maison management market marketing mba memorial men
menu miami moda moe mom monster mortgage movie nagoya ninja nyc observer okinawa ong onl ooo organic osaka paris
parts party pet photo photography photos pics pictures pink pizza place plumbing plus poker press productions promo
properties property pub quebec racing radio realestate recipes red rehab reise reisen rent rentals repair report
republican rest restaurant review reviews rich rip rocks rodeo ruhr sale salon sarl schule scot security sexy
shiksha shoes shopping show singles ski soccer solar spot srl study style sucks supplies supply surf surgery swiss
sydney tattoo tax taxi tennis theater tienda tips tires tokyo tours town toys trade trading tube uno vacations vegas
vet viajes video villas vin vip vision vodka vote voting voto voyage wales wang watch webcam wedding wien wiki win
wine wtf yoga yokohama
`);

/**
 * True when `tld` is a delegated top-level domain (a country code, a generic one listed here, or an
 * internationalised one: letters outside ASCII or an `xn--` label). What follows the `@` of an address may end
 * in any of these, file-extension look-alikes (`.pl`, `.py`, `.sh`) included.
 */
export function realTld(tld: string): boolean {
  const t = tld.toLowerCase();
  if (CC_TLDS.has(t) || GENERIC_TLDS.has(t) || MORE_TLDS.has(t)) return true;
  return /^xn--[a-z0-9-]{2,59}$/.test(t) || (/^[\p{L}\p{M}]{2,24}$/u.test(t) && /[^\x00-\x7f]/.test(t));
}

/** Two-letter strings that are file extensions far more often than country codes. */
const FILE_EXT_2 = set('py js ts rs md sh rb cc hh pl pm hs ex cs kt go db gz xz bz so el ml mm lock');

/** True when `tld` can end an e-mail domain. */
export function plausibleTld(tld: string): boolean {
  const t = tld.toLowerCase();
  if (!/^[a-z]{2,24}$/.test(t)) return false;
  if (t.length === 2) return !FILE_EXT_2.has(t);
  return GENERIC_TLDS.has(t);
}

/** Local parts of role and system mailboxes: not a person; kept (the domain is still twinned). */
export const ROLE_LOCALS = set(`
noreply no-reply donotreply do-not-reply notifications notification support help info admin administrator
postmaster hostmaster webmaster abuse security privacy billing sales contact hello team office mailer-daemon
root git bot bounce bounces jobs careers press legal compliance dpo feedback service services news newsletter
marketing accounts accounting finance hr ops devops it example test user username email name you your someone
somebody foo bar baz me
`);

/**
 * Organisations on public code hosts and social networks whose name is
 * public: `github.com/<org>` stays. A user or an unlisted organisation is
 * replaced, unless the path repeats it as a project name (`sympy/sympy`).
 */
export const PUBLIC_ORGS = set(`
microsoft google googleapis googlecloudplatform facebook facebookresearch meta-llama openai anthropics anthropic
apple amazon aws awslabs aws-samples azure azure-samples vercel nodejs npm python pypa psf rust-lang golang
kubernetes kubernetes-sigs apache mozilla docker moby hashicorp github actions gitlab-org atlassian tensorflow
pytorch huggingface langchain-ai run-llama ollama vllm-project nvidia intel amd ibm oracle redhat canonical
cloudflare netlify supabase prisma vitejs vuejs angular sveltejs facebookincubator reactjs remix-run tailwindlabs
twbs jquery expressjs fastify nestjs denoland oven-sh microsoftdocs dotnet elastic grafana prometheus
open-telemetry opentelemetry cncf etcd-io containerd helm istio envoyproxy jenkinsci spring-projects
jetbrains eclipse chromium v8 webpack babel eslint prettier typescript-eslint jestjs vitest-dev mochajs
numpy scipy pandas-dev scikit-learn matplotlib jupyter ipython pallets django encode tiangolo pydantic psf
astral-sh sympy astropy pydata pylint-dev pytest-dev sphinx-doc sqlalchemy celery boto conda conda-forge
rstudio tidyverse julialang ruby rails laravel symfony php wordpress drupal torvalds git git-for-windows
homebrew nixos archlinux debian ubuntu fedora-infra llvm gcc-mirror ziglang swiftlang apple-oss-distributions
flutter dart-lang android jetpack square stripe twilio slackapi discord shopify mapbox plotly streamlit
gradio-app mlflow ray-project dask modal-labs replicate stability-ai mistralai cohere-ai deepmind
google-deepmind google-research openai-cookbook modelcontextprotocol swe-bench princeton-nlp sierra-research
w3c whatwg wicg tc39 ietf httpwg ietf-wg unicode-org iana owasp mitre oasis-tcs ecma-international json-schema-org
microsoft-docs vscode features orgs settings marketplace topics sponsors login logout signup join about pricing
enterprise apps collections explore notifications pulls issues search site security trending readme contact
team new organizations codespaces copilot resources solutions events blog docs community customer-stories
home share intent hashtag i in company jobs pages tos privacy terms help status api raw gist gists users
dashboard account watch embed channel results feed
`);

/** Home-directory names of system or CI accounts: not a person, kept. */
export const SYSTEM_USERS = set(`
root admin administrator ubuntu debian centos fedora ec2-user azureuser opc vagrant docker node app www-data
nobody daemon runner runneradmin circleci jenkins gitlab-runner travis buildkite build builder ci codespace
codespaces vscode coder dev developer devuser test tester user users guest shared public default all
default-user localservice networkservice systemprofile linuxbrew pi git postgres mysql redis nginx apache
ubuntu-user cloud-user core work workspace home sandbox agent claude codex bot service svc deploy me
`);

/**
 * Prefixes of provider object ids that belong to one customer's account: Stripe's documented object prefixes
 * (`cus_` customer, `acct_` connected account, `pm_` payment method, `ch_` charge, `pi_` payment intent, `sub_`
 * subscription, `in_` invoice, `ii_` invoice item, `il_` invoice line, `price_`, `prod_`, `evt_` event, `txn_`
 * balance transaction, `seti_` setup intent, `si_` subscription item, `src_` source, `card_`, `ba_` bank account,
 * `btok_`/`tok_` tokens, `po_` payout, `re_` refund, `tr_` transfer, `py_` payment, `dp_`/`du_` disputes, `cs_`
 * checkout session, `cn_` credit note, `qt_` quote, `promo_` promotion code, `plink_` payment link, `ic_`/`ich_`
 * issuing card and cardholder, `iauth_` issuing authorisation, `ipi_` issuing transaction, `fee_`, `file_`),
 * Paddle Billing's (`ctm_` customer, `add_` address, `biz_` business, `txn_`, `pri_` price, `pro_` product, `dsc_`
 * discount, `adj_` adjustment), and the usual user and customer words (`usr_`, `user_`, `cust_`). Request ids
 * (`req_`), messages, calls, runs and tool uses (`msg_`, `call_`, `run_`, `toolu_`) link the trace and are not here.
 */
export const PROVIDER_ID_PREFIXES = set(`
cus acct pm ch pi sub in ii il price prod evt txn seti si src card ba btok tok po re tr py dp du cs cn qt promo plink
ic ich iauth ipi fee file ctm add biz pri pro dsc adj usr user cust
`);

/** Words that prefix an id of a person or an account (`CUST-508107`, `acct_00912`, `MBR-20931`), lower case. */
export const ID_WORDS = set(`
cust customer acct account usr user mbr member client patient employee emp subscriber sub cus
`);
