/** The one error body of every error response, as a zod schema (for the OpenAPI document). */
import { z } from 'zod';

export const errorBody = z
  .object({
    error: z
      .object({
        message: z.string().meta({ description: 'Human-readable reason, safe to show to a user.' }),
        internal_code: z
          .number()
          .int()
          .min(1)
          .optional()
          .meta({ description: 'Refines the HTTP status (see the error table).' }),
      })
      .meta({ description: 'What went wrong.' }),
  })
  .meta({
    id: 'ErrorBody',
    description:
      'The body of every error response. The HTTP status and `internal_code` together name the error (the Elastos Hive SDKs map exactly these pairs to their exception classes).',
    examples: [{ error: { message: 'no collection named "notes"', internal_code: 4 } }],
  });
