/**
 * Credentials given in sentences (support chats, agents repeating what a user
 * typed) are replaced; sentences about a password that give none stay.
 */
import { twinText } from './accounts-helpers';

describe('credentials written in prose', () => {
  it.each([
    ['my password is "Tr0ub4dor&3xq" thanks', 'Tr0ub4dor&3xq'],
    ['my password is Tr0ub4dor&3xq thanks', 'Tr0ub4dor&3xq'],
    ['The password for the VPN is hunter2, right?', 'hunter2'],
    ['use pwd Tr0ub4dor&3xq to log in', 'Tr0ub4dor&3xq'],
    ['log in with password Xk9#mPq2 please', 'Xk9#mPq2'],
    ['his PIN is 8812.', '8812'],
    ['the API key is sk_live_abc123xyz', 'sk_live_abc123xyz'],
    ['Password has been reset to Winter2024!', 'Winter2024'],
    ['the passphrase is “correct horse battery staple”', 'correct horse battery staple'],
  ])('%s', (text, value) => {
    const out = twinText(text);
    expect(out).not.toContain(value);
    expect(out.length).toBe(text.length);
  });

  it.each([
    'the password is wrong',
    'The password is case-sensitive.',
    'your password is required',
    'the token is expired',
    'count tokens with tiktoken',
    'the PIN is not set',
    'Use the token endpoint to refresh.',
  ])('keeps %s', (text) => {
    expect(twinText(text)).toBe(text);
  });

  it('replaces the value wherever else it occurs in the trace', () => {
    const text = 'User: my password is Tr0ub4dor&3xq\nAgent: I tried Tr0ub4dor&3xq on the portal.';
    expect(twinText(text)).not.toContain('Tr0ub4dor&3xq');
  });

  it('reads chats inside JSON too', () => {
    const doc = JSON.stringify({ messages: [{ role: 'user', content: 'the wifi password is Blu3-Harb0r!' }] });
    const out = twinText(doc, 'json');
    expect(out).not.toContain('Blu3-Harb0r');
    expect(JSON.parse(out).messages[0].content).toMatch(/^the wifi password is \S+!$/);
  });
});
