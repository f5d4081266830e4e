/**
 * Signing: the Standard Webhooks published test vectors (from the reference
 * libraries' own tests), and the official `standardwebhooks` npm package as an
 * independent verifier of what the service signs. Secrets: format and sealing.
 */
import { Webhook } from 'standardwebhooks';
import { SECRET_BYTES, SecretBox, generateSecret } from '../../webhooks/secrets';
import { USER_AGENT, secretKeyBytes, sign, signedHeaders } from '../../webhooks/sign';

describe('Standard Webhooks test vectors', () => {
  test('vector A (Python, JS and Go reference tests)', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(secretKeyBytes(secret).toString('hex')).toBe('31f290f6bf06298aab4f08d43c3f082cf648a362da2da4b0');
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    // the prefix is optional
    expect(
      sign('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  test('vector B (Rust reference tests)', () => {
    expect(
      sign(
        'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
        'msg_27UH4WbU6Z5A5EzD8u03UvzRbpk',
        1649367553,
        '{"email":"test@example.com","username":"test_user"}',
      ),
    ).toBe('v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=');
  });

  test('the official package computes the same signatures', () => {
    const wh = new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(wh.sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), '{"test": 2432232314}')).toBe(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    );
  });

  test('malformed secrets are refused', () => {
    expect(() => secretKeyBytes('whsec_not base64!')).toThrow();
    expect(() => secretKeyBytes('whsec_AAAA')).toThrow(/24 to 64/);
    expect(() => sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt.1', 1, '{}')).toThrow();
  });
});

describe('what the service signs verifies with the official package', () => {
  const body = JSON.stringify({ id: 'evt_123', object: 'event', type: 'svc.twin.completed', data: { name: 'Zoë ✓' } });

  test('headers of an attempt', () => {
    const secret = generateSecret();
    const headers = signedHeaders(secret, 'evt_123', body);
    expect(headers['webhook-id']).toBe('evt_123');
    expect(headers['user-agent']).toBe(USER_AGENT);
    expect(headers['user-agent']).toBe('webhooks/1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  test('another secret, a changed body or a stale timestamp fail verification', () => {
    const secret = generateSecret();
    const headers = signedHeaders(secret, 'evt_123', body);
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('Zoë', 'Zoe'), headers)).toThrow();
    const old = signedHeaders(secret, 'evt_123', body, Date.now() - 6 * 60_000);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/);
  });

  test('each attempt is signed afresh with its own timestamp, same id', () => {
    const secret = generateSecret();
    const a = signedHeaders(secret, 'evt_123', body, 1_700_000_000_000);
    const b = signedHeaders(secret, 'evt_123', body, 1_700_000_060_000);
    expect(a['webhook-id']).toBe(b['webhook-id']);
    expect(a['webhook-timestamp']).toBe('1700000000');
    expect(b['webhook-timestamp']).toBe('1700000060');
    expect(a['webhook-signature']).not.toBe(b['webhook-signature']);
  });
});

describe('secrets', () => {
  test('whsec_ + standard base64 of 24 random bytes, no padding', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const s = generateSecret();
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(secretKeyBytes(s)).toHaveLength(SECRET_BYTES);
      seen.add(s);
    }
    expect(seen.size).toBe(50);
  });

  test('sealed with the master key, bound to the endpoint id', () => {
    const box = new SecretBox('a master key of the server, 32 chars');
    const secret = generateSecret();
    const sealed = box.seal(secret, 'we_1');
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'we_1')).toBe(secret);
    expect(box.seal(secret, 'we_1')).not.toBe(sealed); // fresh nonce
    expect(() => box.open(sealed, 'we_2')).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 7)).open(sealed, 'we_1')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'we_1')).toThrow();
  });
});
