import * as z from '../schemas/zod.js';

/*
 * Pieces the schemas of stored records share (each decoder's schema: store/decode.ts `schemaDecoder`), declared once
 * so every bundle that holds several schemas holds their code once.
 */

/** A string a stored record may lack, or hold as null. */
export const optionalString = () => z.optional(z.nullable(z.string()));

/** The attributes of a record that changes: when it was created and last changed, and its version. */
export const versioned = () => ({ created_at: z.string(), updated_at: z.string(), version: z.number() });

/**
 * A map of anything (metadata, settings): checked to be a map, its entries kept as they are (a decoder's record is the
 * item itself). `z.object({})`, not `z.record(z.string(), z.unknown())`, which costs 200 bytes more in every bundle.
 */
export const anyMap = () => z.object({});
