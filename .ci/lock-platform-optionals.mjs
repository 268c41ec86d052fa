// Records, in package-lock.json, the platform-specific optional packages (other operating systems
// and CPUs) that the registry mirror this project is built with does not serve. Without these
// entries `npm ci` refuses the lock file ("Missing: … from lock file"). Each entry carries only its
// version and the os/cpu/libc it is for, so npm skips it on every other platform and never fetches
// it. Run after `npm install` changes the lock file: node .ci/lock-platform-optionals.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const lockPath = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(lockPath, 'utf8'))
const packages = lock.packages

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd']
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64', 'wasm32', 'mips64el']

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.find((p) => CPU.includes(p))
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.includes('gnu') || parts.some((p) => p.startsWith('gnueabi')) ? 'glibc' : undefined
  return { os, cpu, libc }
}

let added = 0
for (const [path, meta] of Object.entries({ ...packages })) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`
    if (packages[`${base}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue
    const { os, cpu, libc } = platformOf(dep)
    if (!os && !cpu) continue
    packages[`node_modules/${dep}`] = {
      version,
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    }
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n')
console.log(`lock-platform-optionals: ${added} platform package(s) recorded`)
