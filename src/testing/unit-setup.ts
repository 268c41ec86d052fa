import { setHashCostForTests } from '../server/auth/passwords'

// Every Vitest file: passwords hashed at a test cost (N=2^10 instead of 2^15). What a test of sign-in
// proves (right password in, wrong one out, one hash per guess) does not depend on N; the full cost
// for the server is held by src/server/auth/passwords.test.ts.
setHashCostForTests(2 ** 10)
