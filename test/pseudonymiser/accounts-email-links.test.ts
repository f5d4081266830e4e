/**
 * An e-mail-shaped id under a key that names a message, thread or event id — after other words too
 * (`client_msg_id`, `gmail_thread_id`) — links messages and stays; a person's `user_uid` is no such key.
 */
import { twin } from '../../pseudonymiser';

const KEY = '2b'.repeat(32);
const out = (doc: object): string =>
  twin(Buffer.from(JSON.stringify(doc)), { key: KEY, format: 'json' }).output.toString();

describe('linking ids of e-mail shape', () => {
  it('keeps them under a message or thread key with other words before it', () => {
    const doc = { client_msg_id: '7Q2ZP0X9C4@chat.quillbrook.example', gmail_thread_id: 'k3v9t0b1q@mail.example.net' };
    expect(out(doc)).toBe(JSON.stringify(doc));
  });

  it("replaces an address under a person's uid key", () => {
    expect(out({ user_uid: 'ines.marlowe@quillbrook.example' })).not.toContain('ines.marlowe');
  });
});
