// The draft check lives in shared/ since the change requests' impact notes run it on the server too.
export * from '@/shared/page-shield/draft-check'
