/**
 * Headers every answer of the API carries, whatever produced it: the pipeline (pipeline/respond.ts), the local
 * server's own answers (local/http-server.ts) and API Gateway's gateway responses (lib/api-construct.ts). `nosniff`: a
 * browser never reads a JSON answer (or an error echoing a caller's string) as HTML or script.
 */
export const EVERY_ANSWER_HEADERS = { 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * What an answer carrying a secret adds (the routes declared `secretInAnswer`: an API key or session secret, a webhook
 * signing secret): no browser, proxy or CDN cache keeps it.
 */
export const SECRET_ANSWER_HEADERS = { 'Cache-Control': 'no-store' } as const;
