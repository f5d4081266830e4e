/**
 * Text structure as context (detectors/structure.ts): the names that tables,
 * `key: value` lines, HTTP headers, config files, SQL statements and command
 * lines give their values, and what the detectors make of them.
 */
import { readStructure, type Field } from '../../pseudonymiser/detectors/structure';
import { basicParts } from '../../pseudonymiser/detectors/secrets/basic';
import { twinText, keyed } from './accounts-helpers';
import { Registry } from '../../pseudonymiser/registry';

/** The fields of `text` as `name=value` strings, in text order. */
function fields(text: string): string[] {
  const out: Field[] = [];
  readStructure(text, out);
  return out.sort((a, b) => a.start - b.start).map((f) => `${f.name}=${text.slice(f.start, f.end)}`);
}

describe('the structure reader', () => {
  it('reads a psql box: the header names each cell, the rule and the row count are no rows', () => {
    const text = [
      ' id | name     | email',
      '----+----------+--------------',
      '  1 | Mia Chen | mia@ratra.pl',
      '  2 | Bob Li   | bob@ratra.pl',
      '(2 rows)',
    ].join('\n');
    expect(fields(text)).toEqual([
      'id=1',
      'name=Mia Chen',
      'email=mia@ratra.pl',
      'id=2',
      'name=Bob Li',
      'email=bob@ratra.pl',
    ]);
  });

  it('reads mysql boxes, markdown tables and sqlite box drawing', () => {
    expect(
      fields('+----+-------+\n| id | login |\n+----+-------+\n|  1 | jdoe  |\n+----+-------+\n1 row in set'),
    ).toEqual(['id=1', 'login=jdoe']);
    expect(fields('| Name | Email |\n|:-----|------:|\n| Ann Lee | ann@x.io |')).toEqual([
      'Name=Ann Lee',
      'Email=ann@x.io',
    ]);
    expect(fields('┌────┬───────┐\n│ id │ login │\n├────┼───────┤\n│ 1  │ jdoe  │\n└────┴───────┘')).toEqual([
      'id=1',
      'login=jdoe',
    ]);
  });

  it('reads CSV (quoted cells with commas and doubled quotes) and TSV with a header line', () => {
    expect(fields('name,email,note\n"Smith, John",john@x.com,"say ""hi"""\n')).toEqual([
      'name=Smith, John',
      'email=john@x.com',
      'note=say ""hi""',
    ]);
    expect(fields('user_id\tapi_token\n42\tq9ZrT7mKx2\n')).toEqual(['user_id=42', 'api_token=q9ZrT7mKx2']);
  });

  it('reads a header line as a header only when rows of its width follow', () => {
    expect(fields('Hello, world\nThis is prose, with commas, three of them.')).toEqual([]);
  });

  it('reads pg_dump COPY blocks until `\\.`', () => {
    expect(fields('COPY public.users (id, email) FROM stdin;\n1\tmia@x.pl\n\\.\nSELECT 1;')).toEqual([
      'id=1',
      'email=mia@x.pl',
    ]);
  });

  it('reads key: value lines, HTTP headers, YAML, INI and logfmt', () => {
    const text = [
      'GET /v1 HTTP/1.1',
      'Host: db.brightwave.internal',
      'X-Api-Key: abcd1234efgh5678',
      '[database]',
      'password = hunter2 pass # a comment',
      '  - user: alice',
      'export PGPASSWORD="a b#c"',
      'level=info user_id=42 msg="hello world" token=abc',
      'First Name: Mia',
      'the time is 10:30, see C:\\x or http://x.io',
    ].join('\n');
    expect(fields(text)).toEqual([
      'Host=db.brightwave.internal',
      'X-Api-Key=abcd1234efgh5678',
      'password=hunter2 pass',
      'user=alice',
      'PGPASSWORD=a b#c',
      'level=info',
      'user_id=42',
      'msg=hello world',
      'token=abc',
      'First_Name=Mia',
    ]);
  });

  it('names the literals of an INSERT with no column list by the CREATE TABLE of its table', () => {
    // mysqldump writes `INSERT INTO t VALUES` unless --complete-insert, after the table's CREATE TABLE
    const dump = [
      'DROP TABLE IF EXISTS `users`;',
      'CREATE TABLE `users` (',
      '  `user_id` bigint NOT NULL AUTO_INCREMENT,',
      '  `login` varchar(64) NOT NULL,',
      "  `balance` decimal(10,2) DEFAULT '0.00' COMMENT 'in EUR, see (1)',",
      '  `remember_token` varchar(100) DEFAULT NULL,',
      '  PRIMARY KEY (`user_id`),',
      '  UNIQUE KEY `users_login_unique` (`login`)',
      ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;',
      'LOCK TABLES `users` WRITE;',
      "INSERT INTO `users` VALUES (7093467311913,'jdoe',12.50,'6OgWKdKV8B'),(42,'amy.k',0.00,NULL);",
    ].join('\n');
    expect(fields(dump).filter((f) => !/^(?:ENGINE|CHARSET)=/.test(f))).toEqual([
      'user_id=7093467311913',
      'login=jdoe',
      'balance=12.50',
      'remember_token=6OgWKdKV8B',
      'user_id=42',
      'login=amy.k',
      'balance=0.00',
    ]);
    // SQLite's .dump and pg_dump --inserts: schema-qualified or quoted names, one-line definitions
    expect(
      fields(
        'CREATE TABLE IF NOT EXISTS "api_keys"(id INTEGER PRIMARY KEY, owner TEXT, secret TEXT, CHECK (id > 0));\n' +
          "INSERT INTO api_keys VALUES(1,'ann','Zk81mQa7');\nINSERT INTO public.api_keys VALUES (2, 'bo', 'Lx03PwR9');",
      ),
    ).toEqual(['id=1', 'owner=ann', 'secret=Zk81mQa7', 'id=2', 'owner=bo', 'secret=Lx03PwR9']);
    // SQL keywords in any letter case and spacing
    expect(
      fields("Create  Table keys (owner text, secret text);\nInsert Into keys Values ('cy', 'Qw84nZ2e');"),
    ).toEqual(['owner=cy', 'secret=Qw84nZ2e']);
    expect(fields("insert into keys (owner, secret) Values ('dee', 'Mv27kP5r');")).toEqual([
      'owner=dee',
      'secret=Mv27kP5r',
    ]);
    // a table no CREATE TABLE defines names nothing
    expect(fields("INSERT INTO other VALUES (1,'x');")).toEqual([]);
    // and the detectors read those names: the token, the login and the user's id are replaced
    const out = twinText(dump);
    for (const v of ['7093467311913', "'jdoe'", '6OgWKdKV8B']) expect(out).not.toContain(v);
    expect(out).toContain('CREATE TABLE `users` (');
  });

  it("reads psql's expanded display: `name | value` rows under `-[ RECORD n ]`", () => {
    // psql(1), \\x / \\pset expanded: each row a record, each column a line
    const text = [
      'shop=# \\x',
      'Expanded display is on.',
      'shop=# SELECT * FROM accounts;',
      '-[ RECORD 1 ]-+---------------------',
      'user_id       | 7093467311',
      'owner         | Mia Chen',
      'api_token     | q9ZrT7mKx2Lp',
      '-[ RECORD 2 ]-+---------------------',
      'id            | 42',
      '',
      'a | b',
    ].join('\n');
    expect(fields(text).filter((f) => !f.startsWith('shop='))).toEqual([
      'user_id=7093467311',
      'owner=Mia Chen',
      'api_token=q9ZrT7mKx2Lp',
      'id=42',
    ]);
    const out = twinText(text);
    for (const v of ['7093467311', 'Mia Chen', 'q9ZrT7mKx2Lp']) expect(out).not.toContain(v);
  });

  it("reads logfmt pairs after a log line's time and level", () => {
    // logfmt (brandur.org/logfmt) as loggers write it after a prefix: `key=value`, `key="quoted value"`
    expect(
      fields('2025-07-14T18:19:28.494Z INFO  SignupController - new signup name="Ann Lee" user_id=4412 plan=pro'),
    ).toEqual(['name=Ann Lee', 'user_id=4412', 'plan=pro']);
    // `==`, a name glued to other text, and `a=b=c` read as one value
    expect(fields('if x == y then (a=1) b=c=d')).toEqual(['b=c=d']);
    const out = twinText('Jul 14 18:19:28 api[311]: login ok user_id=7093467311913 session_token=Zq81LmNo22Xy');
    expect(out).not.toContain('7093467311913');
    expect(out).not.toContain('Zq81LmNo22Xy');
  });

  it('reads `=>` as one separator: hash pairs of Ruby, PHP and Perl', () => {
    expect(fields('\'retries\' => 3,\n"owner" => "Kim Ode",\nregion=>eu-north-1\n')).toEqual([
      'retries=3',
      'owner=Kim Ode',
      'region=eu-north-1',
    ]);
    expect(fields('ts=2025-01-02 lvl=info tenant=>acme9 note=x')).toEqual([
      'ts=2025-01-02',
      'lvl=info',
      'tenant=acme9',
      'note=x',
    ]);
    const out = twinText("  'session_token' => 'Zq81LmNo22Xy',\n  'user_id' => 7093467311913,");
    expect(out).not.toContain('Zq81LmNo22Xy');
    expect(out).not.toContain('7093467311913');
    expect(out).toContain("'session_token' => '");
  });

  it('reads a YAML standard tag (`!!binary`, `!!str`) as no part of the value', () => {
    expect(fields('cert_blob: !!binary QUJDREVGR0g=\nport: !!str 8080\nnote: !!odd\nbang: !!!\n')).toEqual([
      'cert_blob=QUJDREVGR0g=',
      'port=8080',
      'note=!!odd',
      'bang=!!!',
    ]);
    const out = twinText('deploy_secret: !!binary c2VjcmV0LWJ5dGVzLWZvci10aGUtZGVwbG95LTIwMjQ=');
    expect(out).not.toContain('c2VjcmV0LWJ5dGVzLWZvci10aGUtZGVwbG95LTIwMjQ=');
    expect(out.startsWith('deploy_secret: !!binary ')).toBe(true);
  });

  it('reads each string of a tuple of quoted strings as a value of its name', () => {
    expect(fields(`FALLBACK_TOKENS = "Vq3x9LmT2w", 'Rt7yPz4Kd8', "Hn5c"\nmixed = 'a', b\n`)).toEqual([
      'FALLBACK_TOKENS=Vq3x9LmT2w',
      'FALLBACK_TOKENS=Rt7yPz4Kd8',
      'FALLBACK_TOKENS=Hn5c',
      'mixed=a',
    ]);
    // a quoted string followed by `:` or `=` names the next pair
    expect(fields('owner: "Ann Lee", "email": "ann@lee.io"')).not.toContain('owner=email');
    const out = twinText("ROTATED_SECRETS = 'b7Qe2Lx9Zr4Tk8Wm', 'p3Nf6Hy1Jc5Vd0Sg'");
    expect(out).not.toContain('b7Qe2Lx9Zr4Tk8Wm');
    expect(out).not.toContain('p3Nf6Hy1Jc5Vd0Sg');
  });

  it('reads SQL INSERT statements: each literal named by its column', () => {
    const text = "INSERT INTO `users` (id, email, api_token) VALUES (1, 'a@b.c', 'tk_1'), (2, 'it''s', NULL);";
    expect(fields(text)).toEqual(['id=1', 'email=a@b.c', 'api_token=tk_1', 'id=2', "email=it''s"]);
  });

  it('reads command lines: flags by command, user:password, headers, glued values, variables before a command', () => {
    expect(
      fields(
        `curl -i -u user:jR&cT=4SED=DeQw https://x.io -H 'Cookie: sid=6aB1' --header "Authorization: Basic dTpw" --data x`,
      ),
    ).toEqual(['user=user', 'password=jR&cT=4SED=DeQw', 'Cookie=sid=6aB1', 'Authorization=Basic dTpw', 'data=x']);
    expect(fields(`cd /srv && PGPASSWORD=s3cr3t! psql -h db.local -U admin -p 5432`)).toEqual([
      'PGPASSWORD=s3cr3t!',
      'host=db.local',
      'username=admin',
    ]);
    expect(fields(`mysql -uroot -pT0p#Secret shop; sshpass -p 'Xy!9 #q?$' ssh -l deploy host`)).toEqual([
      'user=root',
      'password=T0p#Secret',
      'password=Xy!9 #q?$',
      'login=deploy',
    ]);
    // `-p` is a port for psql and ssh, and a prompt for mysql when nothing is glued to it
    expect(fields(`ssh -p 2222 host; mysql -u app -p shop`)).toEqual(['user=app']);
    expect(fields(`app --password=Hx&7!aa --user bob2 -storepass k3yst0re`)).toEqual([
      'password=Hx&7!aa',
      'user=bob2',
      'storepass=k3yst0re',
    ]);
  });
});

describe('command lines as they appear in terminals and CI logs', () => {
  it('reads a command after a shell prompt or a `set -x` trace mark', () => {
    // prompts as bash(1) PROMPTING writes them (`\\u@\\h:\\w\\$`, `[\\u@\\h \\W]\\$`), `#` for root, and
    // the `+ ` that `set -x` puts before each traced command
    expect(fields(`$ redis-cli -a myUnguessablePazzzzzword123 PING`)).toEqual(['password=myUnguessablePazzzzzword123']);
    expect(fields(`deploy@web-1:~$ docker login -u ci-bot -p 'Vq&9s!Lm#2' registry.example.com`)).toEqual([
      'username=ci-bot',
      'password=Vq&9s!Lm#2',
    ]);
    expect(fields(`[root@db01 ~]# mysql -u backup -pZ=8?kq!w0 -h 10.0.0.5`)).toEqual([
      'user=backup',
      'password=Z=8?kq!w0',
      'host=10.0.0.5',
    ]);
    expect(fields(`2025-07-11T14:12:11.1123718Z + mysql -h db.example.internal -u app '-pG+J=%3EQK' crm`)).toEqual([
      'host=db.example.internal',
      'user=app',
      'password=G+J=%3EQK',
    ]);
  });

  it("reads a user:password whose parts are quoted apart, OpenLDAP's -D and -w, ssh destinations", () => {
    expect(fields(`$ curl -s -u jdoe:'n_lY=j4t&wd.mk' https://example.com/export.csv`)).toEqual([
      'user=jdoe',
      'password=n_lY=j4t&wd.mk',
    ]);
    // ldapsearch(1): -D binddn, -w passwd, -H ldapuri
    expect(
      fields(
        `$ ldapsearch -x -H ldap://ldap.example.com -D "cn=Manager,dc=example,dc=com" -w 'k0A]t#5$f' "(uid=jdoe)"`,
      ),
    ).toEqual([
      'uri=ldap://ldap.example.com',
      'binddn=cn=Manager,dc=example,dc=com',
      // the DN's common name, read by itself too (structure-names.test.ts)
      'cn=Manager',
      'password=k0A]t#5$f',
    ]);
    // sshpass(1) runs ssh(1), whose destination is [user@]hostname
    expect(fields(`$ sshpass -p 'g^?[Ha$gQ' ssh jdoe@build.example.org 'uptime'`)).toEqual([
      'password=g^?[Ha$gQ',
      'user=jdoe',
      'host=build.example.org',
    ]);
    expect(fields(`scp -P 2200 report.pdf deploy@files.example.org:/srv/in`)).toEqual([
      'user=deploy',
      'host=files.example.org',
    ]);
  });

  it("reads HTTPie's request items: Header:value, field=value, param==value", () => {
    // httpie.io/docs/cli/request-items
    expect(
      fields(`$ http -a alice:'qF!$5&r4{A' POST pie.dev/post X-API-Token:abc123def name=John search==rain`),
    ).toEqual(['user=alice', 'password=qF!$5&r4{A', 'X-API-Token=abc123def', 'name=John', 'search=rain']);
    // the URL and a host:port are no items
    expect(fields(`http -v https://pie.dev/get localhost:3000/a`)).toEqual([]);
  });

  it('replaces those passwords, logins and tokens in the twin', () => {
    const doc = [
      `$ redis-cli -a myUnguessablePazzzzzword123 PING`,
      `deploy@web-1:~$ docker login -u ci-bot -p 'Vq&9s!Lm#2' registry.example.com`,
      `2025-07-11T14:12:11.1123718Z + mysql -h db -u app '-pG+J=%3EQK' crm`,
      `$ ldapsearch -x -H ldap://ldap.example.com -D "cn=Manager,dc=example,dc=com" -w 'k0A]t#5$f' "(uid=jdoe)"`,
      `$ sshpass -p 'g^?[Ha$gQ' ssh jdoe@build.example.org 'uptime'`,
      `$ http -a alice:'qF!$5&r4{A' POST pie.dev/post X-API-Token:Zk81mQa7Lx03PwR`,
    ].join('\n');
    const out = twinText(doc);
    for (const v of [
      'myUnguessablePazzzzzword123',
      'Vq&9s!Lm#2',
      'G+J=%3EQK',
      'k0A]t#5$f',
      'g^?[Ha$gQ',
      'qF!$5&r4{A',
      'Zk81mQa7Lx03PwR',
      'jdoe@',
    ])
      expect(out).not.toContain(v);
    expect(out).toContain('$ redis-cli -a ');
    expect(out).toContain(" '-p");
  });
});

describe('name / value pairs in JSON (HAR 1.2 headers, cookies, queryString, params)', () => {
  // the HAR 1.2 spec (w3c.github.io/web-performance/specs/HAR/Overview.html): `headers`, `cookies`,
  // `queryString` and `postData.params` are arrays of objects with `name` and `value`
  const b64 = Buffer.from('jdoe:W3lc0me&In').toString('base64');
  const har = JSON.stringify(
    {
      log: {
        entries: [
          {
            request: {
              headers: [
                { name: 'Accept', value: 'application/json' },
                { name: 'Authorization', value: `Basic ${b64}` },
                { name: 'X-Api-Key', value: 'rSWht9JVSoGqWnb0RoKtX1gQ1Bzl' },
              ],
              cookies: [{ name: 'TestCookie', value: '24p1rb4us07puakps4cu46cc09', path: '/', httpOnly: false }],
              queryString: [
                { name: 'page', value: '2' },
                { name: 'access_token', value: 'q9ZrT7mKx2Lp' },
              ],
            },
            response: {
              headers: [{ name: 'Set-Cookie', value: 'sid=Zq81LmNo22Xy; Path=/; HttpOnly' }],
              cookies: [{ name: 'theme', value: 'dark' }],
            },
          },
        ],
      },
    },
    null,
    2,
  );

  it('names each value by its name: secrets under secret names, cookie values, a Basic credential', () => {
    const out = twinText(har, 'json');
    for (const v of [b64, 'rSWht9JVSoGqWnb0RoKtX1gQ1Bzl', '24p1rb4us07puakps4cu46cc09', 'q9ZrT7mKx2Lp', 'Zq81LmNo22Xy'])
      expect(out).not.toContain(v);
    type Pairs = { name: string; value: string }[];
    const twin = JSON.parse(out) as { log: { entries: Record<string, Record<string, Pairs>>[] } };
    const { request, response } = twin.log.entries[0]!;
    expect(request!.headers![0]).toEqual({ name: 'Accept', value: 'application/json' });
    expect(basicParts(request!.headers![1]!.value.slice(6))).not.toBeNull();
    expect(request!.queryString![0]).toEqual({ name: 'page', value: '2' });
    expect(response!.headers![0]!.value).toMatch(/^sid=\S+; Path=\/; HttpOnly$/);
    // a cookie that is a plain word stays
    expect(response!.cookies![0]).toEqual({ name: 'theme', value: 'dark' });
  });
});

describe('structure as context for the detectors', () => {
  it('replaces passwords of any printable characters where a flag, key or header says password', () => {
    const doc = [
      'curl -i -u jdoe:jR&cT=4SED=DeQw https://api.example.com/v1',
      'PGPASSWORD=p@ss!w0rd#x psql -h db -U app',
      "mysql -uapp -pT0p#Secret!x shop; sshpass -p 'Xy!9#q?$z' ssh deploy@host",
      'password = s3cr=t&!x',
    ].join('\n');
    const out = twinText(doc);
    for (const v of ['jR&cT=4SED=DeQw', 'p@ss!w0rd#x', 'T0p#Secret!x', 'Xy!9#q?$z', 's3cr=t&!x'])
      expect(out).not.toContain(v);
    expect(out).toMatch(/^curl -i -u [a-z0-9._]+:\S{15} https:\/\/api\.example\.com\/v1\n/);
    expect(out).toMatch(/\nPGPASSWORD=\S{11} psql -h db -U (\S+)\nmysql -u\1 -p\S{12} shop; sshpass -p '\S{9}' ssh /);
    expect(out).toMatch(/\npassword = \S{9}$/);
  });

  it('replaces each cookie value, keeping cookie names and attributes, in headers and span attributes', () => {
    const text = 'Set-Cookie: session=6aB1cdEf99xQ; Path=/; HttpOnly\nCookie: sid=Zq81LmNo22; theme=dark';
    const out = twinText(text);
    expect(out).toMatch(/^Set-Cookie: session=\S+; Path=\/; HttpOnly\nCookie: sid=\S+; theme=dark$/);
    expect(out).not.toContain('6aB1cdEf99xQ');
    expect(out).not.toContain('Zq81LmNo22');
    const otel = JSON.stringify({
      attributes: [{ key: 'http.request.header.cookie', value: { stringValue: 'session=6aB1cdEf99xQ; Path=/' } }],
      'http.response.header.set-cookie': 'sid=Zq81LmNo22; Path=/; Secure',
    });
    const twin = twinText(otel, 'json');
    expect(twin).not.toContain('6aB1cdEf99xQ');
    expect(twin).not.toContain('Zq81LmNo22');
    expect(twin).toContain('; Path=/; Secure');
  });

  it('gives a Basic credential the base64 of its user stand-in and password stand-in', () => {
    const b64 = Buffer.from('alice:s3cr3tPass').toString('base64');
    const doc = `login alice\ncurl -u alice:s3cr3tPass https://x.io\nAuthorization: Basic ${b64}\n`;
    const out = twinText(doc);
    expect(out).not.toContain(b64);
    const user = /^login (\S+)$/m.exec(out)![1]!;
    const [, u, p] = /curl -u ([^:]+):(\S+) /.exec(out)!;
    expect(u).toBe(user);
    expect(user).not.toBe('alice');
    const basic = /Authorization: Basic (\S+)/.exec(out)![1]!;
    expect(basicParts(basic)).toEqual({ user, password: p });
  });

  it('keeps the T…/B… shape of a Slack webhook URL', () => {
    const url = 'https://hooks.slack.com/services/T01ABCD2EFG/B02HIJK3LMN/abcdefghijklmnopqrstuvwx';
    const out = twinText(`post to ${url} now`);
    expect(out).not.toContain('abcdefghijklmnopqrstuvwx');
    expect(out).not.toContain('01ABCD2EFG');
    expect(out).toMatch(/hooks\.slack\.com\/services\/T[A-Z0-9]{10}\/B[A-Z0-9]{10}\/[a-z]{24} now$/);
  });

  it('replaces API keys under X-Api-Key headers, api_token columns and inside JSON held in strings', () => {
    const doc = [
      'X-Api-Key: q9ZrT7mKx2Lp4Wv8',
      "INSERT INTO accounts (id, api_token) VALUES (7, 'Hq2pL9mx7RtZ81kQ');",
      ' id | api_token',
      '----+------------------',
      '  1 | 8kQpL2mx7Rt9aZ1W',
    ].join('\n');
    const out = twinText(doc);
    for (const v of ['q9ZrT7mKx2Lp4Wv8', 'Hq2pL9mx7RtZ81kQ', '8kQpL2mx7Rt9aZ1W']) expect(out).not.toContain(v);
    const har = JSON.stringify({
      request: { postData: { text: JSON.stringify({ username: 'n.vo', password: 'jR&cT=4SED' }) } },
    });
    const twin = twinText(har, 'json');
    expect(twin).not.toContain('jR&cT=4SED');
  });

  it('names the cells of a table for the account and people detectors', () => {
    const doc = [
      '| customer_id        | full_name   | login   |',
      '|--------------------|-------------|---------|',
      '| 003hMmTEri342WrLKP | Mia Chen    | mchen77 |',
    ].join('\n');
    const out = twinText(doc);
    for (const v of ['003hMmTEri342WrLKP', 'Mia Chen', 'mchen77']) expect(out).not.toContain(v);
  });

  it('reads dialogue labels as no names: `Customer: thanks` keeps what the customer said', () => {
    const doc = 'Customer: Thanks for your help\nUser: thanks\nAgent: Sure thing, anything else?';
    expect(twinText(doc)).toBe(doc);
  });

  it('writes a value found in place and later as a kind of higher priority like the latter', () => {
    const doc = JSON.stringify({ a: 'mysql -pZq8xlongpassword9 db', token: 'Zq8xlongpassword9' });
    const out = JSON.parse(twinText(doc, 'json')) as { a: string; token: string };
    expect(out.token).not.toBe('Zq8xlongpassword9');
    expect(out.a).toBe(`mysql -p${out.token} db`);
  });
});

describe('the registry', () => {
  it('writes a site edit of a surface later found as a kind of higher priority with the new stand-in', () => {
    const r = new Registry();
    r.add({ kind: 'password', surface: 'Zq8xlongpassword9' });
    r.add({ kind: 'password', surface: 'Zq8xlongpassword9', at: { start: 8, end: 25 } });
    r.add({ kind: 'secret', surface: 'Zq8xlongpassword9' });
    r.assign(keyed);
    const site = r.sites.get(0)![0]!;
    expect(site.surface.standIn).toBe(r.surfaces.get('Zq8xlongpassword9')!.standIn);
    expect(site.surface.standIn).not.toBe('');
  });
});
