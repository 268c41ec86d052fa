// The draft check lives in shared/ since the change requests' impact notes (issue 25) run it on the server too.
export * from '@/shared/page-shield/draft-check'
