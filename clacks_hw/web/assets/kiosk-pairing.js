// The board's own screen only: with the display key (`clacks-hw kiosk` hands it over in the
// address's fragment, which a browser never sends to a server; kept for this tab only) the
// page asks once a second whether the board is pairing a phone, and if so shows the code and
// its QR code over everything else. The key travels in a header, never in an address; any
// other browser has no key, and the board answers it as if the address did not exist.
(function () {
  "use strict";
  var STORE = "clacks-display";
  function $(id) { return document.getElementById(id); }
  var m = /(?:^#|&)display=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem(STORE, m[1]);
    history.replaceState(null, "", location.pathname);  // out of the address bar and the history
  }
  var key = sessionStorage.getItem(STORE);
  if (!key) { return; }
  document.body.dataset.display = "board";
  function draw(d) {
    var panel = $("pairing");
    if (!d || !d.code) { panel.classList.add("hidden"); return; }
    if ($("pairqr").getAttribute("src") !== d.qr) { $("pairqr").setAttribute("src", d.qr); }
    // No address a phone can reach (the page listens on this machine only, or no network): say why.
    $("pairscan").classList.toggle("hidden", !d.url);
    $("pairwhy").classList.toggle("hidden", !!d.url);
    $("pairwhy").textContent = d.url ? "" : d.why.charAt(0).toUpperCase() + d.why.slice(1) + ".";
    $("paircode").textContent = d.code;
    $("pairtitle").textContent = d.seat ? "Pairing seat " + d.seat + "'s own phone" : "Pairing a phone";
    $("pairwho").textContent = d.seat ? "the phone of the player at seat " + d.seat : "the phone that will run the board";
    $("pairurl").textContent = d.url ? d.url.split("#")[0] : "";
    $("pairleft").textContent = Math.ceil(d.seconds_left) + " s left";
    panel.classList.remove("hidden");
  }
  function poll() {
    fetch("api/display/pairing", {headers: {"X-Clacks-Display": key}, cache: "no-store", credentials: "omit"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(draw, function () { draw(null); })
      .then(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
