/** Which detected resources can suggest sources for a CSP directive (none for the others). */
export const suggestionKind = (directive: string): 'scripts' | 'connections' | undefined =>
  directive === 'connect-src'
    ? 'connections'
    : ['script-src', 'script-src-elem', 'default-src'].includes(directive)
      ? 'scripts'
      : undefined
