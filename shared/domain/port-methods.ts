/**
 * `port` with some of its methods wrapped: `wrap(name, call)` answers the method to use in place of `call` (the
 * port's own, bound to it), or undefined to leave it as it is. Every other property reads through. For a change of how
 * a few calls of a port behave for one piece of work (a wallet's nonce pass: shared reads, sends in order), without a
 * second implementation of the port.
 */
export function withMethods<T extends object>(
  port: T,
  wrap: (name: string, call: (...args: unknown[]) => unknown) => ((...args: unknown[]) => unknown) | undefined,
): T {
  return new Proxy(port, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const call = (value as (...args: unknown[]) => unknown).bind(target);
      return (typeof prop === 'string' && wrap(prop, call)) || call;
    },
  });
}
