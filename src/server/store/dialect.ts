/** The store's database: a column type or statement may differ between the two (migrations read it). */
export type Dialect = 'sqlite' | 'postgres'
