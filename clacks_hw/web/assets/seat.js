// A player's own phone: their seat's private view and the questions the game puts to them alone.
// It pairs once, with the code the board shows for this seat (from the QR code's fragment, which
// a browser never sends to a server, or typed); the board then knows the phone by the session
// phone.js keeps for this origin alone and sends in a header. The page draws whatever sections
// and prompts the game gives (it never knows which game it shows) and asks again every second
// and a half. A move too big to list (a spell run) comes as a plan: the page asks the game for
// each step's options, sends the answers so far, and shows what the game says of them (the next
// step, why an answer was refused, or the whole move to confirm); it never decides anything itself.
(function () {
  "use strict";
  var POLL_MS = 1500, last = "", polling = false, plan = null, post = window.Phone.post;
  function $(id) { return document.getElementById(id); }
  function say(text) { $("answer").textContent = text; }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function show(node, yes) { node.classList.toggle("hidden", !yes); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function paired(yes) {
    show($("pairpanel"), !yes);
    var panels = document.querySelectorAll(".paired"), i;
    for (i = 0; i < panels.length; i++) { show(panels[i], yes); }
    if (!yes) { show($("promptpanel"), false); plan = null; show($("planpanel"), false); }  // draw() shows the prompts
  }
  function answer(action) {
    say("\u2026");
    post("api/seat/act", {action: JSON.stringify(action)}).then(function (a) {
      say(a[0] === 200 ? "Done." : "Refused (" + a[0] + "): " + (a[1].error || ""));
      last = "";
      refresh();  // the poll goes on meanwhile
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function draw(p) {
    var key = JSON.stringify(p);
    if (key === last) { return; }
    last = key;
    $("title").textContent = "Seat " + p.seat + (p.name ? ": " + p.name : "") + (p.game ? " \u00b7 " + p.game : "");
    var box = $("sections"), prompts = $("prompts"), i, j;
    clear(box);
    clear(prompts);
    if (!p.game) { box.appendChild(el("section", p.notice || "No game is in play.", "panel")); }
    (p.sections || []).forEach(function (s) {
      var panel = el("section", undefined, "panel section"), list = el("ul");
      panel.appendChild(el("h2", s.title));
      for (j = 0; j < s.lines.length; j++) { list.appendChild(el("li", s.lines[j])); }
      panel.appendChild(list);
      box.appendChild(panel);
    });
    var asked = p.prompts || [];
    show($("promptpanel"), asked.length > 0 && !plan);
    for (i = 0; i < asked.length; i++) { prompts.appendChild(drawPrompt(asked[i])); }
  }
  // A question, its note (a test's target and chance), and its answers under the headings the
  // game gives, the likely ones first; the ones it marks "more" folded at the end.
  function drawPrompt(a) {
    var q = el("div", undefined, "prompt"), rare = a.choices.filter(function (c) { return c.more; });
    q.appendChild(el("p", a.question));
    if (a.note) { q.appendChild(el("p", a.note, "note")); }
    listed(q, a.choices.filter(function (c) { return !c.more; }));
    if (rare.length) {
      var more = el("details", undefined, "more");
      more.appendChild(el("summary", "More moves (" + rare.length + ")"));
      listed(more, rare);
      q.appendChild(more);
    }
    return q;
  }
  function listed(box, choices) {
    var heading = null;
    choices.forEach(function (c) {
      if (c.group && c.group !== heading) { heading = c.group; box.appendChild(el("h3", c.group, "group")); }
      var b = el("button", c.label, "choice");
      if (c.note) { b.appendChild(el("span", c.note, "note")); }
      b.type = "button";
      b.addEventListener("click", function () { if (c.plan) { openPlan(c); } else { answer(c.action); } });
      box.appendChild(b);
    });
  }
  // --- a move built step by step -------------------------------------------------------------
  function openPlan(c) {
    plan = {name: c.plan, label: c.label.replace(/\u2026$/, ""), answers: [], ticked: []};
    show($("promptpanel"), false);
    step();
  }
  function closePlan() {
    plan = null;
    show($("planpanel"), false);
    last = "";  // draw the prompts again
    refresh();
  }
  function step() {
    var asked = plan;
    post("api/seat/plan", {plan: plan.name, answers: JSON.stringify(plan.answers)}).then(function (a) {
      if (plan !== asked) { return; }  // cancelled meanwhile
      if (a[0] !== 200) { $("planerror").textContent = a[1].error || ("refused (" + a[0] + ")"); return; }
      drawPlan(a[1]);
    }).catch(function (e) { $("planerror").textContent = "No answer from the board: " + e; });
  }
  function give(value) {
    plan.ticked = Array.isArray(value) ? value : [];
    plan.answers.push(value);
    step();
  }
  function drawPlan(d) {
    plan.answers = plan.answers.slice(0, d.answered);  // the answers the game let stand
    show($("planpanel"), true);
    $("plantitle").textContent = plan.label;
    $("planerror").textContent = d.error || "";
    var summary = $("plansummary"), box = $("planoptions");
    clear(summary);
    clear(box);
    d.summary.forEach(function (line) { summary.appendChild(el("li", line)); });
    if (d.step && d.step.many) {
      $("planquestion").textContent = d.step.question;
      d.step.options.forEach(function (o) {
        var label = el("label", undefined, "tick"), tick = el("input");
        tick.type = "checkbox";
        tick.value = o.value;
        tick.checked = !!d.error && plan.ticked.indexOf(o.value) >= 0;  // refused: as they were ticked
        label.appendChild(tick);
        label.appendChild(el("span", o.label));
        box.appendChild(label);
      });
      var next = el("button", "Next", "choice");
      next.type = "button";
      next.addEventListener("click", function () {
        var ticks = box.querySelectorAll("input:checked"), picked = [], i;
        for (i = 0; i < ticks.length; i++) { picked.push(ticks[i].value); }
        give(picked);
      });
      box.appendChild(next);
    } else if (d.step) {
      $("planquestion").textContent = d.step.question;
      d.step.options.forEach(function (o) {
        var b = el("button", o.label, "choice");
        b.type = "button";
        b.addEventListener("click", function () { give(o.value); });
        box.appendChild(b);
      });
    } else if (d.action) {
      $("planquestion").textContent = "Announce it so?";
      var go = el("button", "Confirm", "choice");
      go.type = "button";
      go.addEventListener("click", function () { confirmPlan(d.action); });
      box.appendChild(go);
    } else {
      $("planquestion").textContent = "";
    }
  }
  function confirmPlan(action) {
    var asked = plan;
    $("planerror").textContent = "";
    say("\u2026");
    post("api/seat/act", {action: JSON.stringify(action)}).then(function (a) {
      if (plan !== asked) { return; }
      if (a[0] === 200) { say("Done."); closePlan(); return; }
      $("planerror").textContent = a[1].error || ("refused (" + a[0] + ")");
      say("Refused (" + a[0] + "): " + (a[1].error || ""));
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  $("planback").addEventListener("click", function () {
    if (!plan) { return; }
    if (plan.answers.length === 0) { closePlan(); return; }
    plan.ticked = [];
    plan.answers.pop();
    step();
  });
  $("plancancel").addEventListener("click", function () { if (plan) { closePlan(); } });
  function refresh() {
    return window.Phone.get("api/seat")
      .then(function (a) {
        if (a[0] === 200) { paired(true); draw(a[1]); return true; }
        paired(false); last = "";  // let go (another phone paired for this seat, or forgotten)
        say("Not paired for a seat: " + (a[1].error || ""));
        return false;
      }, function () { say("No answer from the board: retrying\u2026"); return true; });
  }
  function poll() {
    if (polling) { return; }
    polling = true;
    refresh().then(function (go) {
      polling = false;
      if (go) { setTimeout(poll, POLL_MS); }
    });
  }
  function pair(code) {
    say("Pairing\u2026");
    post("api/pair", {code: code}).then(function (a) {
      if (a[0] === 200 && a[1].seat) {
        $("code").value = ""; say("Paired: this phone is seat " + a[1].seat + "'s own."); poll();
      } else if (a[0] === 200) {
        say("That code pairs the board's admin phone, not a seat: open the admin page instead.");
      } else { say("Not paired (" + a[0] + "): " + (a[1].error || "")); }
    }).catch(function (e) { say("No answer from the board: " + e); });
  }
  function takeCode() {
    var code = window.Phone.code();
    if (code) { pair(code); }
  }
  window.Phone.get("api/phone").then(function (a) {
    var p = a[1];
    if (!p.pairing) { say("Pairing is off on this board: it has no admin token (sudo clacks-hw install-service makes one)."); }
    else { say(p.seat ? "Ready." : "Not paired for a seat yet."); }
    paired(!!p.seat);
    if (p.seat) { poll(); }
    takeCode();
  });
  window.addEventListener("hashchange", takeCode);
  $("pairform").addEventListener("submit", function (ev) { ev.preventDefault(); pair($("code").value); });
  $("unpair").addEventListener("click", function () {
    window.Phone.unpair().then(function () { paired(false); last = ""; say("This phone is no longer paired."); });
  });
})();
