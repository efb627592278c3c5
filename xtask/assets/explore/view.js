/* The page: pick a trace, step through it, play it; the board, the counters,
 * the path and the state in the DOM (#explorer's data- attributes and
 * <pre id="board-state">) for tests. Drawing lives in draw.js's QueensDraw. */
(function () {
  'use strict';
  var M = QueensModel, D = QueensDraw;
  var FRAME = 16;           // milliseconds between playback frames
  var SPEEDS = [0.5, 1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500, 10000];
  var packed = JSON.parse(document.getElementById('trace-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var root = $('explorer');
  var cache = {};            // index → decoded trace
  var view = { index: -1, t: null, s: null, playing: false, clock: 0, budget: 0, timer: 0 };

  function trace(i) {
    if (!cache[i]) cache[i] = M.decode(packed[i]);
    return cache[i];
  }

  function fail(message) {
    if (window.reportPageError) window.reportPageError(message);
    $('narration').textContent = 'This trace cannot be shown: ' + message;
  }

  /* --- choosing a trace --------------------------------------------- */

  function approaches() {
    var seen = [];
    packed.forEach(function (p) { if (seen.indexOf(p.algo) < 0) seen.push(p.algo); });
    return seen;
  }

  function sizeLabel(p) {
    var how = p.seed !== null ? 'seed ' + p.seed + ', one board'
      : p.mode === 'count' ? 'every solution' : 'up to the first solution';
    return 'n = ' + p.n + ' (' + how + ')' + (p.knobs ? ', ' + p.knobs : '');
  }

  function fillSizes(algo, keep) {
    var select = $('size');
    select.textContent = '';
    packed.forEach(function (p, i) {
      if (p.algo !== algo) return;
      var o = document.createElement('option');
      o.value = String(i);
      o.textContent = sizeLabel(p);
      select.appendChild(o);
    });
    var pick = null;
    Array.prototype.forEach.call(select.options, function (o) {
      if (pick === null && keep !== null && packed[+o.value].n === keep) pick = o.value;
    });
    if (pick !== null) select.value = pick;
    return +select.value;
  }

  function choose(index) {
    pause();
    view.index = index;
    $('algo').value = packed[index].algo;
    fillSizes(packed[index].algo, packed[index].n);
    $('size').value = String(index);
    try {
      view.t = trace(index);
      view.s = M.seek(view.t, 0);
    } catch (e) {
      view.t = null;
      fail(String(e && e.message || e));
      return;
    }
    D.setup(view.t);
    $('scrub').max = String(view.t.events);
    $('next-solution').hidden = !M.solutionMarks(view.t).length;
    $('next-dead-end').hidden = !M.deadEndMarks(view.t).length;
    render();
  }

  /* --- moving ------------------------------------------------------- */

  function go(p) {
    if (!view.t) return;
    try {
      view.s = M.seek(view.t, p, view.s);
    } catch (e) {
      pause();
      fail(String(e && e.message || e));
      return;
    }
    render();
  }

  function step(delta) { if (view.s) go(view.s.pos + delta); }

  function jumpMark(which, forward) {
    if (!view.t) return;
    var list = which === 'solution' ? M.solutionMarks(view.t) : M.deadEndMarks(view.t);
    var p = view.s.pos, target = null;
    list.forEach(function (m) {
      if (forward && m > p && target === null) target = m;
      if (!forward && m < p) target = m;
    });
    if (target !== null) go(target);
  }

  function play() {
    if (!view.t || view.playing) return;
    if (view.s.pos >= view.t.events) go(0);
    view.playing = true;
    view.clock = 0;
    view.budget = 0;
    $('play').textContent = '❚❚ Pause';
    $('play').setAttribute('aria-pressed', 'true');
    $('status').setAttribute('aria-live', 'off');
    view.timer = window.setTimeout(tick, FRAME);
  }

  function pause() {
    view.playing = false;
    window.clearTimeout(view.timer);
    $('play').textContent = '▶ Play';
    $('play').setAttribute('aria-pressed', 'false');
    $('status').setAttribute('aria-live', 'polite');
  }

  /* One frame of playback: the events due since the last frame, drawn once. */
  function tick() {
    var now = window.performance.now();
    if (!view.playing) return;
    if (view.clock) view.budget += (now - view.clock) / 1000 * SPEEDS[+$('speed').value];
    view.clock = now;
    var k = Math.floor(view.budget);
    if (k > 0) {
      view.budget -= k;
      go(view.s.pos + k);
      if (view.s.pos >= view.t.events) { pause(); render(); return; }
    }
    view.timer = window.setTimeout(tick, FRAME);
  }

  function speedLabel() {
    var v = SPEEDS[+$('speed').value];
    $('speed-out').textContent = (v < 1 ? '1 every ' + (1 / v) + ' s' : v + ' per second');
  }

  /* --- drawing ------------------------------------------------------ */

  function render() {
    var t = view.t, s = view.s;
    var shown = D.draw(t, s);
    var p = t.info;
    QueensPanels.renderAll($('panels'), { trace: t, state: s, event: s.pos, n: p.n, algo: p.algo, packed: p });
    root.dataset.algo = p.algo;
    root.dataset.n = String(p.n);
    root.dataset.mode = p.mode;
    root.dataset.seed = p.seed === null ? '' : String(p.seed);
    root.dataset.family = t.family;
    root.dataset.event = String(s.pos);
    root.dataset.events = String(t.events);
    root.dataset.steps = String(s.steps);
    root.dataset.deadEnds = String(s.deadEnds);
    root.dataset.solutions = String(shown.solutions);
    root.dataset.cols = shown.cols;
    root.dataset.rows = shown.rows;
    root.dataset.conflicts = shown.conflicts;
    $('board-state').textContent = shown.text;
    $('scrub').value = String(s.pos);
    $('scrub').setAttribute('aria-valuetext', 'event ' + s.pos + ' of ' + t.events);
    $('first').disabled = $('back').disabled = s.pos === 0;
    $('next').disabled = $('last').disabled = s.pos >= t.events;
    var hash = '#algo=' + encodeURIComponent(p.algo) + '&n=' + p.n + '&mode=' + p.mode +
      (p.seed === null ? '' : '&seed=' + p.seed) + (p.knobs ? '&knobs=' + encodeURIComponent(p.knobs) : '') +
      '&event=' + s.pos;
    $('permalink').setAttribute('href', hash);
  }

  /* --- the URL hash --------------------------------------------------- */

  function parseHash() {
    var out = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      if (!part) return;
      var eq = part.indexOf('=');
      var key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      out[key] = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    });
    return out;
  }

  function applyHash() {
    var h = parseHash();
    if (h.selftest !== undefined) { selftest(); return; }
    var found = -1;
    packed.forEach(function (p, i) {
      if (found >= 0) return;
      if (h.algo !== undefined && p.algo !== h.algo) return;
      if (h.n !== undefined && String(p.n) !== h.n) return;
      if (h.mode !== undefined && p.mode !== h.mode) return;
      if (h.seed !== undefined && String(p.seed) !== h.seed) return;
      if (h.knobs !== undefined && (p.knobs || '') !== h.knobs) return;
      found = i;
    });
    root.dataset.jump = 'ok';
    if (found < 0) {
      root.dataset.jump = 'no-trace';
      found = view.index >= 0 ? view.index : 0;
    }
    if (found !== view.index) choose(found);
    if (!view.t) return;
    var t = view.t, target = null, k;
    if (h.event !== undefined) target = h.event === 'end' ? t.events : +h.event;
    else if (h.step !== undefined) { k = +h.step; target = k === 0 ? 0 : M.stepMarks(t)[k - 1]; }
    else if (h.solution !== undefined) target = M.solutionMarks(t)[+h.solution - 1];
    else if (h['dead-end'] !== undefined) target = M.deadEndMarks(t)[+h['dead-end'] - 1];
    else target = 0;
    if (target === undefined || target === null || isNaN(target)) {
      root.dataset.jump = 'no-such-event';
      target = 0;
    }
    go(target);
  }

  /* --- selftest: replay every trace, check it against its end line --- */

  function check(t) {
    var problems = M.verify(t);
    [0, Math.floor(t.events / 2), t.events].forEach(function (q) { D.setup(t); D.draw(t, M.seek(t, q)); });
    return problems.concat(QueensPanels.check(t));
  }

  function selftest() {
    var lines = [], failed = 0;
    packed.forEach(function (p, i) {
      var problems;
      try { problems = check(trace(i)); } catch (e) { problems = [String(e && e.message || e)]; }
      if (problems.length) failed++;
      lines.push((problems.length ? 'FAIL ' : 'ok   ') + M.label(p) + ': ' + p.events + ' events' +
        (problems.length ? ': ' + problems.join('; ') : ''));
    });
    lines.push(failed ? failed + ' of ' + packed.length + ' traces failed' : 'all ' + packed.length + ' traces replay as their end lines say');
    $('selftest').hidden = false;
    $('selftest').textContent = lines.join('\n');
    root.dataset.selftest = failed ? 'failed' : 'ok';
    if (packed.length) choose(0);
  }

  /* --- wiring ------------------------------------------------------- */

  function keys(e) {
    var tag = e.target && e.target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey) return;
    var done = true;
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === ' ' || e.key === 'Spacebar') { if (view.playing) pause(); else play(); }
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(view.t ? view.t.events : 0);
    else if (e.key === 's') jumpMark('solution', true);
    else if (e.key === 'd') jumpMark('dead-end', true);
    else done = false;
    if (done) e.preventDefault();
  }

  function wire() {
    var algo = $('algo');
    approaches().forEach(function (a) {
      var o = document.createElement('option');
      o.value = a; o.textContent = a;
      algo.appendChild(o);
    });
    algo.addEventListener('change', function () {
      choose(fillSizes(algo.value, view.t ? view.t.n : null));
    });
    $('size').addEventListener('change', function () { choose(+$('size').value); });
    $('first').addEventListener('click', function () { go(0); });
    $('back').addEventListener('click', function () { step(-1); });
    $('next').addEventListener('click', function () { step(1); });
    $('last').addEventListener('click', function () { go(view.t ? view.t.events : 0); });
    $('play').addEventListener('click', function () { if (view.playing) pause(); else play(); });
    $('next-solution').addEventListener('click', function () { jumpMark('solution', true); });
    $('next-dead-end').addEventListener('click', function () { jumpMark('dead-end', true); });
    $('scrub').addEventListener('input', function () { pause(); go(+$('scrub').value); });
    $('speed').addEventListener('input', speedLabel);
    document.addEventListener('keydown', keys);
    document.addEventListener('keyup', function (e) {
      if ((e.key === ' ' || e.key === 'Spacebar') && e.target && e.target.tagName === 'BUTTON') e.preventDefault();
    });
    window.addEventListener('hashchange', applyHash);
    window.addEventListener('resize', function () { if (view.t) { D.setup(view.t); render(); } });
    speedLabel();
  }

  wire();
  if (!packed.length) {
    $('narration').textContent = 'No traces were recorded. Run `cargo xtask report` to record them, then open this page again.';
    document.querySelector('.controls').hidden = true;
  } else {
    applyHash();
  }
  root.dataset.ready = '1';
})();
