/**
 * The malicious rule for detected scripts. The API has no "malicious" field: a script counts as
 * malicious when its JavaScript integrity score is below this threshold (specification, "Limits").
 * Every screen, filter and the sandbox's `prioritize_malicious` use this one constant.
 */
export const MALICIOUS_JS_INTEGRITY_THRESHOLD = 10

/** The rule in plain words, shown wherever the malicious marker appears. */
export const MALICIOUS_RULE_TEXT = `Malicious means an integrity score below ${MALICIOUS_JS_INTEGRITY_THRESHOLD} (scores run from 1, certainly malicious, to 99, certainly safe).`

/** True when the score is known and below the threshold. An unknown score (null) is not malicious. */
export function isMalicious(score: number | null | undefined): boolean {
  return typeof score === 'number' && score < MALICIOUS_JS_INTEGRITY_THRESHOLD
}

export interface ThreatIntel {
  url_reported_malicious?: boolean | null
  domain_reported_malicious?: boolean | null
}

/** Threat feeds list the URL or the domain as malicious (scripts and connections alike). */
export function isReportedMalicious(item: ThreatIntel): boolean {
  return item.url_reported_malicious === true || item.domain_reported_malicious === true
}

export type ScoreField =
  'js_integrity_score' | 'malware_score' | 'magecart_score' | 'cryptomining_score' | 'dataflow_score' | 'obfuscation_score'

/** One sentence per score. All of them run from 1 to 99 and lower is always worse. */
export const SCORE_EXPLANATIONS: Record<ScoreField, { label: string; sentence: string }> = {
  js_integrity_score: {
    label: 'Integrity score',
    sentence: `The overall verdict of the code classifier, from 1 (certainly malicious) to 99 (certainly safe); lower is worse, and below ${MALICIOUS_JS_INTEGRITY_THRESHOLD} the script counts as malicious.`,
  },
  malware_score: {
    label: 'Malware score',
    sentence: 'How unlike known malware the code is, from 1 (looks like malware) to 99 (does not); lower is worse.',
  },
  magecart_score: {
    label: 'Card-skimming (Magecart) score',
    sentence: 'How unlikely the code is to steal what people type into forms such as card numbers, from 1 to 99; lower is worse.',
  },
  cryptomining_score: {
    label: 'Crypto-mining score',
    sentence: "How unlikely the code is to mine cryptocurrency on visitors' devices, from 1 to 99; lower is worse.",
  },
  dataflow_score: {
    label: 'Data-flow score (retired)',
    sentence:
      'An older measure of whether the code sends page data elsewhere, from 1 to 99; lower is worse. The integrity score replaces it.',
  },
  obfuscation_score: {
    label: 'Obfuscation score (retired)',
    sentence:
      'An older measure of how deliberately hard to read the code is, from 1 to 99; lower is worse. The integrity score replaces it.',
  },
}

export const SCORE_FIELDS = Object.keys(SCORE_EXPLANATIONS) as ScoreField[]
