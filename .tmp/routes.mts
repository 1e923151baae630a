import fs from 'node:fs';
const dir = '/work/wt-split/shared/http/routes/';
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
  const m = await import(dir + f);
  for (const v of Object.values<any>(m)) {
    if (!v || typeof v !== 'object') continue;
    for (const r of Object.values<any>(v)) {
      if (!r?.method || !r?.success) continue;
      const shape = r.success.schema?._zod?.def?.shape ?? r.success.schema?.shape ?? {};
      const lists = 'next_cursor' in shape;
      const takes = Object.hasOwn(r.query?.shape ?? {}, 'cursor');
      if (lists !== takes) console.log('MISMATCH', f, r.method, r.path, { lists, takes });
      else if (lists) console.log('ok', r.method, r.path);
    }
  }
}
