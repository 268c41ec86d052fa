/**
 * How the Node server is compiled (`vite build --ssr`, vite.config.ts), shared with the proxy bench,
 * which compiles the servers it measures the same way (src/bench/support/compiled.ts): what `npm
 * start` runs is plain JavaScript from this build, not TypeScript compiled at run time.
 *
 * Plain-ESM packages made of many small files are bundled in (only what the server uses of them):
 * loading kysely, zod, hono and openid-client file by file took about 200 ms of each start, most of
 * it finding, reading and compiling modules (a restart went from about 480 to 280 ms). Native and
 * CommonJS packages stay in node_modules: better-sqlite3 (native), undici (CommonJS, not shaken:
 * bundling it tripled main.js for no measurable gain) and pg (loaded only for a PostgreSQL store).
 */
export const SERVER_BUNDLED = ['kysely', 'zod', 'hono', '@hono/node-server', 'openid-client', 'oauth4webapi', 'jose']

/** The server build's options, beside its entries and folder. */
export const SERVER_BUILD = { target: 'node20', sourcemap: true, minify: false } as const

/**
 * The server bundle's output format. Not minified (names and stack traces stay readable, and the
 * source map points into src/), but without JSDoc comments: they were about a quarter of main.js's
 * lines, which every start reads, decodes and scans before running a line. Legal and annotation
 * comments (`@__PURE__`, `@vite-ignore`) stay.
 */
export const SERVER_OUTPUT = { format: 'es', comments: { legal: true, annotation: true, jsdoc: false } } as const
