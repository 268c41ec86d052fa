// eslint-disable-next-line no-control-regex -- control characters are what gets escaped
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/**
 * A value made safe for a one-line log entry: line breaks and every other control character are
 * written as visible escapes (`\n`, `\x1b`, `\u2028`), so no request can start a forged log line.
 */
export function escapeControls(value: string): string {
  return value.replace(CONTROL, (ch) => {
    if (ch === '\n') return '\\n'
    if (ch === '\r') return '\\r'
    if (ch === '\t') return '\\t'
    const code = ch.charCodeAt(0)
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}
