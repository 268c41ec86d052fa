"""Drives real Python API clients against a base URL (CLOUDFLARE_API_URL) for the test suite.

  probe                                   exits 0 when certbot's plugin and python-cloudflare import
  certbot-add DOMAIN RECORD_NAME CONTENT  certbot's own client: add_txt_record (TTL 120)
  certbot-del DOMAIN RECORD_NAME CONTENT  certbot's own client: del_txt_record
  cli4-zone ZONE_NAME                     python-cloudflare as cli4 resolves /zones/:ZONE_NAME/dns_records
  serve                                   the probe's answer, then one command per stdin line (a JSON
                                          object: "args", the words above; "env", variables to set),
                                          one JSON answer per stdout line ("error" when it failed)

Prints one JSON object on stdout; errors go to stderr with a non-zero exit.
`serve` spares the test suite an interpreter start and the clients' imports per command (seconds
each on a busy machine); each command still builds its client anew, as a fresh run does.
"""
import json
import logging
import os
import sys


def main(argv):
    mode = argv[1]
    if mode == 'probe':
        import CloudFlare  # noqa: F401
        from certbot_dns_cloudflare._internal import dns_cloudflare  # noqa: F401
        return {'ok': True}
    token = os.environ['CLOUDFLARE_API_TOKEN']
    if mode in ('certbot-add', 'certbot-del'):
        from certbot_dns_cloudflare._internal.dns_cloudflare import _CloudflareClient
        logging.basicConfig(level=logging.DEBUG, stream=sys.stderr)
        client = _CloudflareClient(api_token=token)
        domain, name, content = argv[2:5]
        if mode == 'certbot-add':
            client.add_txt_record(domain, name, content, 120)
        else:
            client.del_txt_record(domain, name, content)
        return {'ok': True}
    if mode == 'cli4-zone':
        import CloudFlare
        cf = CloudFlare.CloudFlare(token=token)
        zones = cf.zones.get(params={'name': argv[2], 'per_page': 1})
        if len(zones) != 1:
            raise SystemExit('zone %s not found' % argv[2])
        records = cf.zones.dns_records.get(zones[0]['id'], params={'per_page': 100})
        return {'zone_id': zones[0]['id'], 'records': len(records), 'types': sorted({r['type'] for r in records})}
    raise SystemExit('unknown mode ' + mode)


def serve():
    print(json.dumps(main(['', 'probe'])), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        os.environ.update(request.get('env', {}))
        try:
            answer = main([''] + request['args'])
        except BaseException as err:  # SystemExit too: a refusal is an answer, not the end of the session
            answer = {'error': '%s: %s' % (type(err).__name__, err)}
        print(json.dumps(answer), flush=True)


if __name__ == '__main__':
    if sys.argv[1] == 'serve':
        serve()
    else:
        print(json.dumps(main(sys.argv)))
