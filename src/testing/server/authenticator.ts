import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software authenticator for tests: a real EC P-256 key pair (node:crypto), attestation `none`,
 * authenticator data and clientDataJSON built byte by byte as WebAuthn Level 2 says, and assertions
 * signed with the private key (ES256, DER). What it answers is what a browser would post.
 */

/** Minimal CBOR (RFC 8949) for what attestation needs: maps, unsigned/negative ints, byte and text strings. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v)
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8')
    return Buffer.concat([head(3, s.length), s])
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)])
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, val]) => [cbor(k), cbor(val)])])
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest()
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url')
const UP = 0x01
const UV = 0x04
const AT = 0x40

interface CreationOptions {
  challenge: string
  rp: { id?: string; name: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly coseKey: Buffer
  /** The signature counter it sends next time (tests may set it back to play a cloned authenticator). */
  counter = 0

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8')
  }

  private counterBytes(n: number) {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(n >>> 0)
    return b
  }

  /** navigator.credentials.create(): the registration response JSON (attestation `none`). */
  create(options: CreationOptions, o: { origin?: string } = {}) {
    const rpId = options.rp.id!
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      this.counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey,
    ])
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, o.origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** navigator.credentials.get(): an assertion signed with the private key; the counter goes up by one first. */
  get(options: RequestOptions, o: { origin?: string; rpId?: string; counter?: number } = {}) {
    this.counter = o.counter ?? this.counter + 1
    const authData = Buffer.concat([sha256(o.rpId ?? options.rpId!), Buffer.from([UP | UV]), this.counterBytes(this.counter)])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey)
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
      },
    }
  }
}

/** The options a passkey page hands its script (`<script type="application/json" id="zk-data">`). */
export function pageOptions<T>(html: string): T {
  const m = /<script type="application\/json" id="zk-data">([^<]*)<\/script>/.exec(html)
  if (!m) throw new Error(`no passkey options in the page:\n${html.slice(0, 2000)}`)
  return (JSON.parse(m[1]) as { options: T }).options
}
