/** The practice banner's words, in a module of their own: the shell imports them without the checklist's texts. */
export const PRACTICE_BANNER_TEXT = 'Practice: nothing you do here reaches the live account'
/** The same in sandbox mode: the copy is apart from the sandbox everyone shares. */
export const PRACTICE_BANNER_TEXT_SANDBOX = 'Practice: nothing you do here reaches the shared sandbox'
