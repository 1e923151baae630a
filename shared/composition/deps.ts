import { loadOnce } from '../domain/load-once.js';

/**
 * A function's dependencies: each port it uses, built by its factory on first use and kept for the process (Lambda's
 * module scope), or given ready-made by the caller (the local stack's in-process queues and shared store, a test's
 * tracing store). A function declares its ports in its own entry file (`ports`, a record of factories from
 * shared/composition/) and receives `DepsOf<typeof ports>`: a port it did not declare is not on that type, so using it
 * is a compile error, and its adapter is not in the function's bundle.
 *
 * A factory reads the other ports it needs from the same deps (the chain's from `config` and `clock`): a factory whose
 * needs the function did not declare does not type-check. `given` is read on each use, so a test may swap a port.
 */
export type Ports = Record<string, (deps: never) => unknown>;
export type DepsOf<P> = { readonly [K in keyof P]: P[K] extends (deps: never) => infer T ? T : never };
/** Each factory's needs must be ports of the same function. */
type Wired<P> = { [K in keyof P]: (deps: DepsOf<P>) => unknown };

export function lazyDeps<P extends Ports>(ports: P & Wired<P>, given: Partial<DepsOf<P>> = {}): DepsOf<P> {
  const built = new Map<keyof P, unknown>();
  const out = {} as DepsOf<P>;
  for (const name of Object.keys(ports) as (keyof P & string)[]) {
    Object.defineProperty(out, name, {
      enumerable: true,
      get: () => {
        const ready = given[name];
        if (ready !== undefined) return ready;
        if (!built.has(name)) built.set(name, (ports[name] as (d: DepsOf<P>) => unknown)(out));
        return built.get(name);
      },
    });
  }
  return out;
}

/** What a function's entry exports: its ports, and its handler built from their deps (for Lambda, and for the local stack). */
export type FunctionEntry<H = unknown> = {
  ports: Ports;
  makeHandler: (deps: never) => H;
};

/**
 * A port whose adapter is a lazy chunk of the function: `load` imports the module that holds the port's factory (a
 * route's own chunk, as functions/wallets/balances.ts holds the chain's), and the port is `() => Promise<T>`, built by
 * its first call and kept; a failed load is not kept (the next call tries again). So a route that needs the chain
 * client loads it, and the function's other routes start without it.
 */
export function onDemand<N, T>(load: () => Promise<(deps: N) => T>): (deps: N) => () => Promise<T> {
  return (d) => loadOnce(() => load().then((factory) => factory(d)));
}
