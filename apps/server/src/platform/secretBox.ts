// Secrets this server must send out again (a remote agent's API secret) are kept encrypted at rest with
// AES-256-GCM under a key from the environment (REMOTE_AGENT_KEY), never hashed (they are needed in clear
// to call out) and never returned by the API. A database copy without the key does not reveal them.
import crypto from 'node:crypto';

/** The 32-byte key: REMOTE_AGENT_KEY as base64 of 32 bytes, or any passphrase of 16+ characters (sha256 of it). */
export function secretKeyOf(value: string | undefined): Buffer | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const raw = Buffer.from(v, 'base64');
  if (raw.length === 32 && raw.toString('base64').replace(/=+$/, '') === v.replace(/=+$/, '')) return raw;
  if (v.length < 16) throw new Error('REMOTE_AGENT_KEY must be base64 of 32 bytes or a passphrase of at least 16 characters');
  return crypto.createHash('sha256').update(v).digest();
}

export function seal(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${ct.toString('base64')}`;
}

export function open(key: Buffer, sealed: string): string {
  const [iv, tag, ct] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
}
