// The one error type of the bet language. Every problem a caller can cause (a malformed number, a
// number that cannot be boxed, ...) is reported with a MESSAGES key so the server can answer it and the
// web app can translate it; nothing else is thrown on bad input.
import type { MessageKey } from '../messages';

export class BetLanguageError extends Error {
  readonly key: MessageKey;
  constructor(key: MessageKey, detail?: string) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'BetLanguageError';
    this.key = key;
  }
}

/** A problem with one line of express text. lineNo 0 means the text as a whole (e.g. it is empty). */
export interface BetLineError {
  /** 1-based line of the text, counting blank lines, so an editor can point at it. */
  lineNo: number;
  /** The line as received, without its line terminator. */
  raw: string;
  key: MessageKey;
  /** The bet code concerned, when the problem is about one amount field. */
  code?: string;
}
