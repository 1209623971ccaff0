/**
 * The range bands of a High Seas battle (seed 003, IV. Of Naval Combat), closest first. Plain data
 * with no schema, so a page that only names a range needs nothing else (the schema: ./types.ts).
 */
export const RANGES = ['close', 'short', 'medium', 'long', 'far', 'extreme'] as const
