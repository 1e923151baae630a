import { describe, expect, it, vi } from 'vitest';

/** Counts the schemas built through the service's zod (every schema module and route file builds through it). */
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock(import('../../shared/schemas/zod.js'), async (importOriginal) => {
  const z = await importOriginal();
  const kinds = [
    'string',
    'object',
    'strictObject',
    'pipe',
    'union',
    'discriminatedUnion',
    'array',
    'record',
    'enum',
    'literal',
  ] as const;
  const counted = Object.fromEntries(
    kinds.map((k) => [
      k,
      (...args: unknown[]) => {
        built.count++;
        return (z[k] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { ...z, ...counted } as typeof z;
});

describe('schemas built at their first use', () => {
  it('builds once, at the first call, and answers the same schema after', async () => {
    const z = await import('../../shared/schemas/zod.js');
    const build = vi.fn(() => z.object({ a: z.string() }));
    const schema = z.lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    const first = schema();
    expect(schema()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(first.safeParse({ a: 'x' }).success).toBe(true);
  });

  it('importing every route table builds no schema; a route builds its own at its first use, once', async () => {
    const before = built.count;
    const { ALL_ROUTES } = await import('../../shared/http/routes/index.js');
    expect(ALL_ROUTES.length).toBeGreaterThan(50);
    expect(built.count).toBe(before);

    const submit = ALL_ROUTES.find((r) => r.operationId === 'createTransfer')!;
    const body = submit.body!();
    const afterOne = built.count;
    expect(afterOne).toBeGreaterThan(before);
    expect(submit.body!()).toBe(body);
    expect(built.count).toBe(afterOne);
    expect(body.safeParse({}).success).toBe(false);

    // Another family's routes are still unbuilt: building one of them builds more.
    ALL_ROUTES.find((r) => r.operationId === 'createTenant')!.body!();
    expect(built.count).toBeGreaterThan(afterOne);
  });
});
