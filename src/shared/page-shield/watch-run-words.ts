const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** One watch check in words, the same in the dashboard's list and the compliance report: "1 script, 2 connections seen; 1 change". */
export function watchRunWords(run: { scripts_seen: number; connections_seen: number; findings: number }): string {
  return `${count(run.scripts_seen, 'script')}, ${count(run.connections_seen, 'connection')} seen; ${count(run.findings, 'change')}`
}
