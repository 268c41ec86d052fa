import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { README_PLACES, readmeNginxBlock, renderNginxConf } from './nginx'

/**
 * The README's Deploying section shows the nginx configuration deploy.spec.ts runs: the template
 * with the README's names, ports and paths in its placeholders. (A file of its own, without the
 * deployment's fixtures: it needs neither nginx nor PostgreSQL.)
 */
test('the README shows the nginx configuration the deployment tests run (only ports and paths differ)', () => {
  const block = readmeNginxBlock(readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8'))
  expect(block, 'README.md has a Deploying section with an ```nginx block').toBeDefined()
  expect(block).toBe(renderNginxConf(README_PLACES))
})

test('the template has a placeholder for every run-specific value, and no other', () => {
  const template = readFileSync(resolve(import.meta.dirname, 'nginx.conf.template'), 'utf8')
  const placeholders = new Set([...template.matchAll(/\{\{([A-Z0-9_]+)\}\}/g)].map((m) => m[1]))
  expect([...placeholders].sort()).toEqual(Object.keys(README_PLACES).sort())
})
