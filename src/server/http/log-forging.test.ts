import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeEmulator, startApp } from '../../testing/server'
import { testConfig } from '../../testing/server'
import { escapeControls } from './log-text'
import type { RunningServer } from '../serve'

/** A request cannot write a line of its own into the server log. */
const lines: string[] = []
let server: RunningServer
beforeAll(async () => {
  server = await startApp({ config: testConfig(), emulator: fakeEmulator(), log: (l) => lines.push(l) })
})
afterAll(() => server.close())

/** Sends a request whose body stops halfway, then hangs up (the server's read of the body fails). */
function abortMidBody(path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
      )
      setTimeout(() => socket.destroy(), 100)
    })
    socket.on('close', () => setTimeout(resolve, 200))
    socket.on('error', () => undefined)
  })
}

describe('log forging', () => {
  it('a path with an encoded line break, on a request that aborts mid-body, stays on one log line', async () => {
    lines.length = 0
    await abortMidBody('/client/v4/zones%0a2026-01-01%20FORGED%20admin%20login%20OK%0d%0a')
    await abortMidBody('/api/v4/zones%0a2026-01-01%20FORGED%20admin%20login%20OK')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n\u2028\u2029]/)
      expect(line).not.toMatch(/^2026-01-01/)
    }
  })

  it('escapes every control character visibly', () => {
    expect(escapeControls('a\nb\r\tc\u0000d\u001b[31m\u2028e')).toBe('a\\nb\\r\\tc\\x00d\\x1b[31m\\u2028e')
    expect(escapeControls('plain é 中')).toBe('plain é 中')
  })
})
