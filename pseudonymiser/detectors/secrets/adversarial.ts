/**
 * Inputs built to make a careless secret scanner slow: long runs of one
 * character class, repeated keywords with nothing after them, openings with
 * no close. Shared by the linearity test and the benchmark.
 */
export const ADVERSARIAL: readonly (readonly [string, (n: number) => string])[] = [
  ['letters', (n) => 'a'.repeat(n)],
  ['digits', (n) => '7'.repeat(n)],
  ['dashes', (n) => '-'.repeat(n)],
  ['dots', (n) => '.'.repeat(n)],
  ['slashes', (n) => '/'.repeat(n)],
  ['underscores', (n) => '_'.repeat(n)],
  ['equals', (n) => '='.repeat(n)],
  ['colons', (n) => ':'.repeat(n)],
  ['spaces', (n) => ' '.repeat(n)],
  ['base64', (n) => 'Ab3+/x9Z'.repeat(n >> 3)],
  ['a=a=', (n) => 'a='.repeat(n >> 1)],
  ['key=key=', (n) => 'key='.repeat(n >> 2)],
  ['password: ', (n) => 'password: '.repeat(Math.floor(n / 10))],
  ['BEGIN without END', (n) => '-----BEGIN PRIVATE KEY-----\n'.repeat(Math.floor(n / 28))],
  [
    'BEGIN with a far END',
    (n) => '-----BEGIN RSA PRIVATE KEY-----\nQUJD\n'.repeat(Math.floor(n / 37)) + '-----END RSA PRIVATE KEY-----',
  ],
  ['://', (n) => '://'.repeat(Math.floor(n / 3))],
  ['a://b', (n) => 'a://b'.repeat(Math.floor(n / 5))],
  ['userinfo without @', (n) => 'https://' + 'u:p'.repeat(Math.floor(n / 3))],
  ['eyJ', (n) => 'eyJ'.repeat(Math.floor(n / 3))],
  ['eyJ.', (n) => 'eyJhbGciOiJIUzI1NiJ9.'.repeat(Math.floor(n / 21))],
  ['Authorization', (n) => 'Authorization: Bearer '.repeat(Math.floor(n / 22))],
  ['Cookie', (n) => 'Cookie: a=b; '.repeat(Math.floor(n / 13))],
  ['Cookie pairs', (n) => 'Cookie: ' + 'a=b;'.repeat(n >> 2)],
  ['ghp_', (n) => 'ghp_'.repeat(n >> 2)],
  ['sk-', (n) => 'sk-'.repeat(Math.floor(n / 3))],
  ['AKIA', (n) => 'AKIA'.repeat(n >> 2)],
  ['xoxb-1-', (n) => 'xoxb-1-'.repeat(Math.floor(n / 7))],
  ['short slashed runs', (n) => ('a/'.repeat(255) + ' ').repeat(Math.floor(n / 511))],
  ['short underscored runs', (n) => ('x_'.repeat(255) + ' ').repeat(Math.floor(n / 511))],
];
