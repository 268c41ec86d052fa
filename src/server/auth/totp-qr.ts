import encodeQR from '@paulmillr/qr'
import { html } from 'hono/html'
import type { Markup } from './pages'

/** The light margin a reader needs around the code (ISO/IEC 18004: 4 modules). */
const QUIET_ZONE = 4

/**
 * A QR code of `text` as inline SVG, for the server-rendered pages (no script, no image request: the
 * pages' CSP allows neither). One path of horizontal runs of dark modules keeps it small (about 7 kB
 * for an otpauth address, where one rect per module is 45 kB). Black on white whatever the theme:
 * authenticator apps read dark modules on a light ground. `label` is its text alternative.
 */
// prettier-ignore
export function qrSvg(text: string, label: string): Markup {
  const rows = encodeQR(text, 'raw', { border: 0, ecc: 'medium' })
  const size = rows.length + 2 * QUIET_ZONE
  let d = ''
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      if (!row[x]) {
        x++
        continue
      }
      let end = x
      while (end < row.length && row[end]) end++
      d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${end - x}v1h-${end - x}z`
      x = end
    }
  })
  return html`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-labelledby="qr-title" shape-rendering="crispEdges"><title id="qr-title">${label}</title><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
}
