import { readFileSync } from 'node:fs';

/**
 * A key file as the local stack writes `.local/operator.json`: `{"base_url","key_id","secret"}`. The CLI's
 * `--save-key` writes new credentials in the same shape (mode 0600).
 */
export type KeyFile = { base_url: string; key_id: string; secret: string };

export function parseKeyFile(text: string, where = 'key file'): KeyFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON: expected {"base_url","key_id","secret"}`);
  }
  const { base_url, key_id, secret } = (v ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries({ base_url, key_id, secret })) {
    if (typeof value !== 'string' || value === '')
      throw new Error(`${where} has no "${name}": expected {"base_url","key_id","secret"}`);
  }
  return { base_url: base_url as string, key_id: key_id as string, secret: secret as string };
}

export function readKeyFile(path: string): KeyFile {
  return parseKeyFile(readFileSync(path, 'utf8'), path);
}
