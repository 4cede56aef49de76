import { z } from 'zod';

/** Every /api response: HTTP status carries the class, `message` is a catalogue key the UI translates. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data: data, code: z.number().int() });

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
  code: number;
}

/** `data` of a 400: field name (or bet line) to catalogue/validation key. */
export const fieldErrors = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrors>;
