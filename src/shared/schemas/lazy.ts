/**
 * A schema built on first use. Building every zod schema when its module loads was the largest part
 * of the server's start (each zod object puts dozens of methods on itself), and most of them are never
 * used by a given start or page. `lazySchema(() => z.object(...))` stands for that schema everywhere
 * (parse, `.shape`, `.extend`, `instanceof`, inside other schemas) and builds it the first time anything
 * is read from it, once; it accepts and rejects exactly what the built schema does.
 *
 * The stand-in is a Proxy over an empty object: every read goes to the built schema, with the built
 * schema as `this`, so zod's own getters and closures see the real object.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined
  const real = (): T => (built ??= build())
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const desc = Reflect.getOwnPropertyDescriptor(real(), key)
      // A proxy may not report a fixed property its (empty) target lacks: reported as configurable.
      return desc && { ...desc, configurable: true }
    },
    defineProperty: (_, key, desc) => Reflect.defineProperty(real(), key, desc),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  })
}
