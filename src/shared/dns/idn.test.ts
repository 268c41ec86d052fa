import { domainToASCII, domainToUnicode } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bothNameForms, punycodeDecode, punycodeEncode, toAsciiName, toUnicodeName } from './idn'

describe('punycode (RFC 3492)', () => {
  it('encodes and decodes the RFC sample strings and common names', () => {
    // RFC 3492 §7.1 (A) Arabic (Egyptian), (L) Japanese, and everyday names.
    expect(
      punycodeEncode('\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F'),
    ).toBe('egbpdaj6bu4bxfgehfvwxn')
    expect(punycodeEncode('3\u5E74B\u7D44\u91D1\u516B\u5148\u751F')).toBe('3B-ww4c5e180e575a65lsy2b')
    expect(punycodeEncode('café')).toBe('caf-dma')
    expect(punycodeEncode('münchen')).toBe('mnchen-3ya')
    expect(punycodeDecode('caf-dma')).toBe('café')
    expect(punycodeDecode('mnchen-3ya')).toBe('münchen')
    expect(punycodeDecode('egbpdaj6bu4bxfgehfvwxn')).toBe(
      '\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F',
    )
  })

  it('refuses what is not punycode', () => {
    expect(punycodeDecode('caf-d!a')).toBeUndefined()
    expect(punycodeDecode('caf-')).toBe('caf')
  })

  it('round-trips any label', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), (label) => {
        expect(punycodeDecode(punycodeEncode(label))).toBe(label)
      }),
    )
  })
})

describe('names in both forms', () => {
  it('converts a name to its stored ASCII form as node does (IDNA, UTS #46)', () => {
    for (const name of [
      'café.example.com',
      'Café.Example.com',
      'bücher.example.com',
      'www.münchen.de',
      '例え.テスト.example.com',
      'пример.example.com',
      'cafe\u0301.example.com',
    ]) {
      expect(toAsciiName(name), name).toBe(domainToASCII(name))
    }
  })

  it('reads a stored name back in Unicode as node does', () => {
    for (const name of ['xn--caf-dma.example.com', 'www.xn--mnchen-3ya.de', 'xn--e1afmkfd.example.com']) {
      expect(toUnicodeName(name)).toBe(domainToUnicode(name))
    }
  })

  it('leaves plain ASCII names, wildcards and @ alone', () => {
    for (const name of ['www.example.com', '*.example.com', '@', '_dmarc', 'xn--not-valid-!', 'xn--abc']) {
      expect(toAsciiName(name)).toBe(name)
    }
    expect(toUnicodeName('xn--abc.example.com')).toBe('xn--abc.example.com')
  })

  it('treats ideographic full stops as dots', () => {
    expect(toAsciiName('café\u3002example\uff0ecom')).toBe('xn--caf-dma.example.com')
  })

  it('shows both forms for an internationalised name, one otherwise', () => {
    expect(bothNameForms('café.example.com')).toBe('café.example.com (xn--caf-dma.example.com)')
    expect(bothNameForms('xn--caf-dma.example.com')).toBe('café.example.com (xn--caf-dma.example.com)')
    expect(bothNameForms('www.example.com')).toBe('www.example.com')
  })
})
