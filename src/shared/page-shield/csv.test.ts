import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('CSV evidence', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(true)).toBe('true')
    expect(csvCell(['Malware', 'Phishing'])).toBe('Malware; Phishing')
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(-5)).toBe('-5') // numbers are data, not formulas
  })

  it('writes a header and one CRLF line per row', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          { a: 1, b: 'x' },
          { a: 2, b: null },
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,\r\n')
  })
})
