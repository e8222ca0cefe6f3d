// A paired phone's session, shared by the admin, seat and arbiter pages. The secret comes in the
// pairing's JSON answer and is kept in this origin's localStorage (scheme, host and port: no page
// on another port of the host reads it, where a cookie would be sent to every port), so the phone
// stays paired over a restart of its browser; it goes in the X-Clacks-Session header of each
// request, never in an address, and the browser is told to send no cookie.
(function () {
  "use strict";
  var STORE = "clacks-phone", HEADER = "X-Clacks-Session";
  function session() { return localStorage.getItem(STORE) || ""; }
  function headers(extra) {
    var h = extra || {}, s = session();
    if (s) { h[HEADER] = s; }
    return h;
  }
  function answer(r) {
    return r.json().then(function (j) {
      if (r.status === 200 && typeof j.session === "string") { localStorage.setItem(STORE, j.session); delete j.session; }
      return [r.status, j];
    });
  }
  function get(path) {
    return fetch(path, {headers: headers(), cache: "no-store", credentials: "omit"}).then(answer);
  }
  function post(path, body) {
    return fetch(path, {method: "POST", headers: headers({"Content-Type": "application/json"}), body: JSON.stringify(body),
                        cache: "no-store", credentials: "omit"}).then(answer);
  }
  function unpair() {
    return post("api/unpair", {}).then(function (a) { localStorage.removeItem(STORE); return a; },
                                       function (e) { localStorage.removeItem(STORE); throw e; });
  }
  // The pairing code in the address's fragment (a QR code's), taken out of the address bar.
  function code() {
    var m = /(?:^#|&)pair=([A-Za-z]+)/.exec(location.hash);
    if (!m) { return null; }
    history.replaceState(null, "", location.pathname);  // out of the address bar and the history
    return m[1];
  }
  window.Phone = {get: get, post: post, unpair: unpair, code: code};
})();
