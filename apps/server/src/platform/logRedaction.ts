// Secrets never reach the log (issue 10, item 7). The API keeps SPEC's shape, which puts oldPassword,
// newPassword and secondaryPassword in the query string, and the request log prints every URL. Rather
// than trusting each serializer and each call that logs, every line is redacted on its way to the
// output: values of fields named like a password or a secret (at any depth), the same names as query
// parameters in any text (a URL, a message, a stack), and the same names as keys of JSON inside a text.

export const REDACTED = '[REDACTED]';

/** Names whose values are secrets: oldPassword, secondaryPassword, passwordHash, apiSecret, clientSecret, token... */
const SECRET_NAME = /passw(?:or)?d|pwd|secret|token|authorization|cookie/i;

const isSecretName = (name: string) => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: test the name as written
  }
  return SECRET_NAME.test(decoded);
};

/** Whether a text may hold a secret-named field: a name as is, or percent-encoded (`old%50assword`). */
const mayHoldSecret = (text: string) => SECRET_NAME.test(text) || text.includes('%');

/** `name=value` pairs as in a query string, a form body or a message quoting one. */
const PARAM = /(^|[?&;\s])([^\s=&?#;"']+)=([^&\s#;"']*)/g;
/** `"name": value` as in JSON quoted inside a message. */
const JSON_FIELD = /("((?:[^"\\]|\\.)*)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/g;

/** A text with the values of secret-named parameters and JSON fields replaced. */
export function scrubText(text: string): string {
  if (!mayHoldSecret(text)) return text;
  return text
    .replace(PARAM, (all, lead: string, name: string) => (isSecretName(name) ? `${lead}${name}=${REDACTED}` : all))
    .replace(JSON_FIELD, (all, head: string, name: string) => (isSecretName(name) ? `${head}"${REDACTED}"` : all));
}

/** A copy of a logged value with secret-named fields replaced and every text scrubbed. */
export function redactValue(value: unknown, name?: string): unknown {
  if (name !== undefined && isSecretName(name) && value !== null && value !== undefined) return REDACTED;
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, k)]));
  }
  return value;
}

/** One line of pino's output (JSON), redacted; a line without any secret-like name passes untouched. */
export function redactLine(line: string): string {
  if (!mayHoldSecret(line)) return line;
  try {
    return `${JSON.stringify(redactValue(JSON.parse(line)))}\n`;
  } catch {
    return scrubText(line);
  }
}

/** The stream the logger writes to, redacting every line before it reaches `dest`. */
export function redactingStream(dest: { write(line: string): unknown }): { write(line: string): void } {
  return { write: (line) => void dest.write(redactLine(line)) };
}
