/** Where the passkey pages load their one script from (open without a session: it holds nothing private). */
export const PASSKEY_SCRIPT_PATH = '/login/passkey.js'

/**
 * The browser half of a passkey ceremony, for the server-rendered pages (no library: the native
 * `navigator.credentials` API, base64url by hand). The page carries the server's options as JSON in
 * `<script type="application/json" id="zk-data">` ({ mode: 'create' | 'get', options }) and a form
 * with an empty hidden `credential` field. Submitting that form runs the ceremony, puts the
 * credential (as the WebAuthn JSON the server library reads) into the field, and posts the form.
 * Plain ES2017 so every browser with WebAuthn runs it; errors are shown as text, never as HTML.
 */
export const PASSKEY_SCRIPT = `'use strict';
(function () {
  var dataEl = document.getElementById('zk-data');
  var field = document.querySelector('input[name="credential"]');
  var status = document.getElementById('passkey-status');
  if (!dataEl || !field || !field.form) return;
  var data = JSON.parse(dataEl.textContent || '{}');
  var form = field.form;
  var say = function (text) { if (status) status.textContent = text; };
  if (!window.PublicKeyCredential || !navigator.credentials) {
    say('This browser cannot use passkeys.');
    var b = form.querySelector('button'); if (b) b.disabled = true;
    return;
  }
  var toBytes = function (s) {
    var b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4) b64 += '=';
    var bin = atob(b64), out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out.buffer;
  };
  var toText = function (buf) {
    if (!buf) return undefined;
    var bytes = new Uint8Array(buf), bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  };
  var withIds = function (list) {
    return (list || []).map(function (c) { return { type: c.type, id: toBytes(c.id), transports: c.transports }; });
  };
  form.addEventListener('submit', function (event) {
    if (field.value) return;
    event.preventDefault();
    var o = data.options;
    var run;
    if (data.mode === 'create') {
      var pk = Object.assign({}, o, { challenge: toBytes(o.challenge), user: Object.assign({}, o.user, { id: toBytes(o.user.id) }), excludeCredentials: withIds(o.excludeCredentials) });
      run = navigator.credentials.create({ publicKey: pk }).then(function (cred) {
        var r = cred.response;
        return {
          id: cred.id, rawId: toText(cred.rawId), type: cred.type,
          authenticatorAttachment: cred.authenticatorAttachment || undefined,
          clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {},
          response: {
            clientDataJSON: toText(r.clientDataJSON), attestationObject: toText(r.attestationObject),
            transports: r.getTransports ? r.getTransports() : []
          }
        };
      });
    } else {
      var rq = Object.assign({}, o, { challenge: toBytes(o.challenge), allowCredentials: withIds(o.allowCredentials) });
      run = navigator.credentials.get({ publicKey: rq }).then(function (cred) {
        var r = cred.response;
        return {
          id: cred.id, rawId: toText(cred.rawId), type: cred.type,
          authenticatorAttachment: cred.authenticatorAttachment || undefined,
          clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {},
          response: {
            clientDataJSON: toText(r.clientDataJSON), authenticatorData: toText(r.authenticatorData),
            signature: toText(r.signature), userHandle: toText(r.userHandle)
          }
        };
      });
    }
    say('Follow your browser\\'s passkey prompt…');
    run.then(function (json) {
      field.value = JSON.stringify(json);
      form.submit();
    }, function (err) {
      say('The passkey was not used (' + ((err && err.name) || 'error') + '). Try again, or use another way below.');
    });
  });
})();
`
