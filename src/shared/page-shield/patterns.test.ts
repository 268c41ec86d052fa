import { describe, expect, it } from 'vitest'
import { pageMatches, parsePagePattern, parseScriptPattern, scriptMatches } from './patterns'

const script = (p: string) => {
  const parsed = parseScriptPattern(p)
  if (!parsed.ok) throw new Error(parsed.message)
  return (url: string) => scriptMatches(parsed, { url, host: new URL(url).hostname })
}
const page = (p: string) => {
  const parsed = parsePagePattern(p)
  if (!parsed.ok) throw new Error(parsed.message)
  return (url: string) => pageMatches(parsed, url)
}

describe('script patterns', () => {
  it('match the host and path they name, never a look-alike', () => {
    const stripe = script('https://js.stripe.com/*')
    expect(stripe('https://js.stripe.com/v3/')).toBe(true)
    expect(stripe('http://js.stripe.com/v3/')).toBe(false)
    expect(stripe('https://js.stripe.com.evil.net/v3/')).toBe(false)
    expect(stripe('https://evil.net/js.stripe.com/v3/')).toBe(false)
    const sub = script('*.stripe.com')
    expect(sub('https://m.js.stripe.com/a.js')).toBe(true)
    expect(sub('https://stripe.com/a.js')).toBe(false)
    expect(sub('https://evilstripe.com/a.js')).toBe(false)
    const mid = script('https://cdn.test/*/app.js')
    expect(mid('https://cdn.test/v1/app.js')).toBe(true)
    expect(mid('https://cdn.test/v1/app.jsx')).toBe(false)
  })

  it('refuse what covers everything and explain a bad one', () => {
    for (const p of ['*', '**', 'https://*', 'https://*/*', '*://*', '*.com', '*.*'])
      expect(parseScriptPattern(p), p).toMatchObject({ ok: false, tooBroad: true })
    expect(parseScriptPattern('')).toMatchObject({ ok: false, message: expect.stringContaining('Enter a host') })
    expect(parseScriptPattern('ftp://a.test/*')).toMatchObject({ ok: false, message: 'A URL pattern starts with https:// or http://.' })
    expect(parseScriptPattern('js.stripe.com/v3')).toMatchObject({ ok: false, message: expect.stringContaining('starts with https://') })
    expect(parseScriptPattern('https://js.stripe.com')).toMatchObject({ ok: false, message: expect.stringContaining('Add the path') })
    expect(parseScriptPattern('https://a b.test/*')).toMatchObject({ ok: false, message: 'A pattern has no spaces.' })
    expect(parseScriptPattern('HTTPS://JS.Stripe.com/V3/*')).toMatchObject({ ok: true, pattern: 'https://js.stripe.com/V3/*' })
  })
})

describe('payment page patterns', () => {
  it('match the pages the API reports (without a scheme) and with one', () => {
    const checkout = page('shop-scale.io/checkout/*')
    expect(checkout('shop-scale.io/checkout/step-1')).toBe(true)
    expect(checkout('https://shop-scale.io/checkout/step-1')).toBe(true)
    expect(checkout('www.shop-scale.io/checkout/step-1')).toBe(false)
    expect(checkout('shop-scale.io/cart')).toBe(false)
    expect(page('*.shop-scale.io/checkout/*')('www.shop-scale.io/checkout/step-2')).toBe(true)
    expect(page('https://shop.test/pay')('http://shop.test/pay')).toBe(false)
    expect(page('https://shop.test/pay')('shop.test/pay')).toBe(true)
    expect(page('shop.test')('shop.test/anything')).toBe(true)
  })

  it('refuse what covers every page and a * inside the path', () => {
    for (const p of ['*', 'https://*', '*.com/*', '*://*']) expect(parsePagePattern(p), p).toMatchObject({ ok: false, tooBroad: true })
    expect(parsePagePattern('shop.test/*/pay')).toMatchObject({ ok: false, message: 'A * may only end the path, as in shop.example/checkout/*.' })
  })
})
