/* The page: pick a trace, step through it, play it; the board, the counters,
 * the panels, the path and the state in the DOM (#explorer's data- attributes
 * and <pre id="board-state">) for tests. Drawing lives in draw.js's
 * QueensDraw, the panels in QueensPanels (panels.js and the scripts after it). */
(function () {
  'use strict';
  var M = QueensModel, D = QueensDraw, P = QueensPanels;
  var FRAME = 16;           // milliseconds between playback frames
  var SPEEDS = [0.5, 1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2500, 10000];
  var packed = JSON.parse(document.getElementById('trace-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var root = $('explorer');
  var cache = {};            // index → decoded trace
  var view = { index: -1, t: null, s: null, playing: false, clock: 0, budget: 0, timer: 0, panels: [], mark: null };
  var ADDRESS_DELAY = 300;   // milliseconds of stillness before the address follows the page
  var address = { timer: 0, push: false, applied: null };
  /* Where each trace came from, by index: undefined for a recorded one,
   * {live: args, key} for a run made in the page, {file: name} for a file opened. */
  var origin = [];

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

  function sizeLabel(p, i) {
    var from = origin[i];
    if (from && from.file) return from.file + ' (your file: n = ' + p.n + ', ' + p.events + ' events)';
    var how = p.seed !== null ? 'seed ' + p.seed + ', one board'
      : p.mode === 'count' ? 'every solution' : 'up to the first solution';
    return 'n = ' + p.n + ' (' + how + ')' + (p.knobs ? ', ' + p.knobs : '') + (from ? ', run in the page' : '');
  }

  function fillSizes(algo, keep) {
    var select = $('size');
    select.textContent = '';
    packed.forEach(function (p, i) {
      if (p.algo !== algo) return;
      var o = document.createElement('option');
      o.value = String(i);
      o.textContent = sizeLabel(p, i);
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
    if (index !== view.index) view.mark = null;   // a mark belongs to its trace
    view.index = index;
    root.dataset.origin = origin[index] ? (origin[index].live ? 'live' : 'file') : 'recorded';
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
    recordingNote(packed[index], origin[index]);   // before the board is sized below it
    D.setup(view.t);
    courseLinks(view.t);
    buildPanels(packed[index]);
    $('scrub').max = String(view.t.events);
    $('next-solution').hidden = $('prev-solution').hidden = !M.solutionMarks(view.t).length;
    $('next-dead-end').hidden = $('prev-dead-end').hidden = !deadEndMarks(view.t).length;
    render();
  }

  /* Why the page holds this recording when that is not plain (a seed
   * above 1, one generation): QueensModel.recordingNote, with a link that
   * runs seed 1 in the page where a seed gave up. */
  function recordingNote(p, from) {
    var box = $('recording-note'), text = from ? null : M.recordingNote(p, p.steps);
    box.textContent = text || '';
    box.hidden = !text;
    if (text && p.seed > 1) {
      box.appendChild(document.createTextNode(' '));
      var a = document.createElement('a');
      a.href = '#live=1&algo=' + encodeURIComponent(p.algo) + '&n=' + p.n + '&mode=' + p.mode + '&seed=1';
      a.textContent = 'Run seed 1 in the page';
      box.appendChild(a);
    }
  }

  /* --- the address follows the page ---------------------------------- */

  /* The address of what is on screen: this trace at this event. */
  function here() {
    var p = view.t.info, from = origin[view.index];
    var at = (view.mark === null ? '' : '&mark=' + view.mark) + '&event=' + view.s.pos;
    if (from && from.live) return '#live=1&' + from.key + at;
    if (from && from.file) return '#algo=' + encodeURIComponent(p.algo) + '&n=' + p.n + at;
    return '#algo=' + encodeURIComponent(p.algo) + '&n=' + p.n + '&mode=' + p.mode +
      (p.seed === null ? '' : '&seed=' + p.seed) + (p.knobs ? '&knobs=' + encodeURIComponent(p.knobs) : '') + at;
  }

  /* --- a marked moment ------------------------------------------------ */

  /* `m` (or the Mark button) marks the event on screen, `'` (or Back to
   * the mark) returns to it; the mark is in the address (`mark=E`), so a
   * link or a reload keeps it. One mark per trace: another trace clears it. */
  function setMark(e) {
    if (!view.t) return;
    view.mark = e === null ? null : Math.max(0, Math.min(view.t.events, e));
    render();
  }

  function toMark() {
    if (view.t && view.mark !== null) { pause(); go(view.mark); }
  }

  function markButtons() {
    var m = view.mark;
    root.dataset.mark = m === null ? '' : String(m);
    $('to-mark').disabled = m === null || !view.s || view.s.pos === m;
    $('to-mark').textContent = m === null ? '\u21A9 Back to the mark' : '\u21A9 Back to event ' + m;
    $('mark').textContent = m !== null && view.s && view.s.pos === m ? '\u2691 Marked' : '\u2691 Mark';
    $('mark').setAttribute('aria-pressed', m !== null && view.s && view.s.pos === m ? 'true' : 'false');
  }

  /* Writes the address once the page has been still for ADDRESS_DELAY, so
   * that playback and held keys do not flood the history: a new trace chosen
   * by the reader is a new history entry (Back returns to the old one), a
   * step replaces the entry. A reload then shows what was on screen. */
  function follow(push) {
    if (push) address.push = true;
    window.clearTimeout(address.timer);
    address.timer = window.setTimeout(writeAddress, ADDRESS_DELAY);
  }

  function writeAddress() {
    window.clearTimeout(address.timer);
    address.timer = 0;
    var push = address.push;
    address.push = false;
    // Not over the selftest's address (a reload reruns it) nor the side-by-side view's.
    if (live.fromAddress) return;   // the address's own run is under way: it stays
    if (!view.t || !view.s || root.hidden || /(^#|&)selftest(=|&|$)/.test(location.hash)) return;
    if (origin[view.index] && origin[view.index].file) return;   // a file is not in the address: a reload shows what it names
    var h = here();
    if (location.hash === h) return;
    try {
      if (push) history.pushState(null, '', h); else history.replaceState(null, '', h);
      address.applied = location.hash;
    } catch (e) {
      // A browser that refuses (a sandboxed frame): the link below the page stays current.
    }
  }

  /* Positions right after each dead end: the trace's dead-end events, or for
   * the list approaches (which write none) where a list that nothing extends
   * becomes one, as the tree panel marks it (tree.js's rule). */
  function deadEndMarks(t) {
    var own = M.deadEndMarks(t);
    if (own.length || t.family !== 'levels' || !window.QueensTree) return own;
    if (t.listDeadEnds) return t.listDeadEnds.marks;
    var g = QueensTree.build(t), at = {}, marks = [];
    for (var i = 1; g && i < g.size; i++) {
      var p = g.dead[i];
      if (!(p <= t.events)) continue;
      if (!at[p]) { at[p] = []; marks.push(p); }
      at[p].push(i);
    }
    marks.sort(function (a, b) { return a - b; });
    t.listDeadEnds = { marks: marks, at: at, g: g };
    return marks;
  }

  /* For a list approach at a dead-end mark: the sentence naming the lists
   * that became dead ends there (newest row first, as the list holds them). */
  function listDeadEnds(t, p) {
    if (t.family !== 'levels' || !deadEndMarks(t).length || !t.listDeadEnds.at[p]) return '';
    var g = t.listDeadEnds.g, nodes = t.listDeadEnds.at[p];
    var lists = nodes.slice(0, 3).map(function (v) {
      var list = [];
      for (var w = v; w > 0; w = g.parent[w]) list.push(g.queen[w][1]);
      return '[' + list.join(', ') + ']';
    });
    var more = nodes.length - lists.length;
    return ' Dead end' + (nodes.length > 1 ? 's' : '') + ': ' + lists.join(', ') +
      (more > 0 ? ' and ' + more + ' more' : '') + (nodes.length > 1 ? ' are' : ' is') +
      ' extended by no longer list (the tree marks ' + (nodes.length > 1 ? 'them' : 'it') + ').';
  }

  /* The chapter of the course (reports/course.html) that teaches each
   * approach: where the course discusses it most. */
  var CHAPTERS = {
    'bitmask': '01-tree', 'attack-board': '01-tree', 'permutations': '01-tree', 'generate-and-test': '01-tree',
    'string-regex': '02-representation', 'mrv': '03-ordering', 'csp': '03-ordering',
    'swap-search': '04-first-solution', 'min-conflicts-random': '05-local-search',
    'min-conflicts-most-conflicted': '05-local-search', 'mrv-tuned': '07-constructions', 'explicit': '07-constructions',
    'list-comprehension': '08-memory', 'list-comprehension-strict': '08-memory', 'permutations-streaming': '08-memory',
    'bitmask-mirror': '09-symmetry', 'bitmask-symmetric': '09-symmetry', 'half-join': '10-join'
  };
  var CHAPTER_NAMES = {
    '01-tree': '1, the search tree', '02-representation': '2, representation', '03-ordering': '3, ordering',
    '04-first-solution': '4, the first solution', '05-local-search': '5, local search', '06-textbook': '6, the textbook',
    '07-constructions': '7, constructions', '08-memory': '8, memory', '09-symmetry': '9, symmetry', '10-join': '10, joining half boards',
    '13-approaches': '13, the approaches', '16-glossary': '16, the glossary'
  };

  /* Whether the course beside the page has the chapter (QUEENS_CHAPTERS, from
   * the render; a course made from partial data leaves chapters out). */
  function inCourse(chapter) {
    return typeof QUEENS_CHAPTERS === 'undefined' || QUEENS_CHAPTERS.indexOf(chapter) >= 0;
  }

  /* Points the course links at what is on screen: the approach's chapter
   * (the textbook chapter for the local searches it does not name) and the glossary. */
  function courseLinks(t) {
    var chapter = CHAPTERS[t.info.algo] || (t.family === 'local' || t.family === 'board' ? '06-textbook' : '01-tree');
    if (!inCourse(chapter)) chapter = inCourse('13-approaches') ? '13-approaches' : '16-glossary';
    var link = $('course-link');
    link.setAttribute('href', 'course.html#' + chapter);
    link.textContent = 'chapter ' + CHAPTER_NAMES[chapter];
    var term = t.family === 'local' || t.family === 'board' ? 'local search' : t.family === 'tree' ? 'backtracking, dead end' : 'exhaustive search';
    $('glossary-link').textContent = 'the glossary (' + term + ')';
  }

  /* --- the panels ---------------------------------------------------- */

  /* One <section class="panel" data-panel="id"> per panel that applies. */
  function buildPanels(p) {
    var box = $('panels');
    box.textContent = '';
    view.panels = P.applicable(p).map(function (spec) {
      var section = document.createElement('section');
      section.className = 'panel';
      section.setAttribute('data-panel', spec.id);
      box.appendChild(section);
      return { spec: spec, el: section };
    });
    root.dataset.panels = view.panels.map(function (x) { return x.spec.id; }).join(' ');
  }

  function context(t, s) {
    return { trace: t, state: s, event: s.pos, n: t.n, algo: t.info.algo, packed: t.info };
  }

  /* Draws one panel; a panel that throws says so in its place and on the page's error list. */
  function drawPanel(spec, element, ctx) {
    try {
      spec.render(element, ctx);
      return true;
    } catch (e) {
      var why = String(e && e.message || e);
      element.textContent = 'This panel could not be drawn: ' + why;
      if (window.reportPageError) window.reportPageError('panel ' + spec.id + ': ' + why);
      return false;
    }
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
    var list = which === 'solution' ? M.solutionMarks(view.t) : deadEndMarks(view.t);
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
    root.dataset.algo = p.algo;
    root.dataset.n = String(p.n);
    root.dataset.mode = p.mode;
    root.dataset.seed = p.seed === null ? '' : String(p.seed);
    root.dataset.knobs = p.knobs || '';
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
    var dead = listDeadEnds(t, s.pos);
    if (dead) $('narration').textContent += dead;
    var done = s.pos >= t.events;
    root.dataset.finished = done ? '1' : '0';
    $('finish').hidden = !done;
    $('finish').textContent = done ? D.finish(t, s) : '';
    var ctx = context(t, s);
    view.panels.forEach(function (x) { drawPanel(x.spec, x.el, ctx); });
    $('scrub').value = String(s.pos);
    $('scrub').setAttribute('aria-valuetext', 'event ' + s.pos + ' of ' + t.events);
    $('first').disabled = $('back').disabled = s.pos === 0;
    $('next').disabled = $('last').disabled = s.pos >= t.events;
    markButtons();
    $('permalink').setAttribute('href', here());
    marksLeft(t, s);
    follow(false);
  }

  /* The solution and dead-end buttons: disabled when there is none further
   * that way. */
  function marksLeft(t, s) {
    [['solution', M.solutionMarks(t)], ['dead-end', deadEndMarks(t)]].forEach(function (x) {
      var list = x[1];
      $('next-' + x[0]).disabled = !list.length || list[list.length - 1] <= s.pos;
      $('prev-' + x[0]).disabled = !list.length || list[0] >= s.pos;
    });
  }

  /* --- the URL hash --------------------------------------------------- */

  /* The address's settings. `+` reads as a space (as in a form's address);
   * a part with a malformed % escape (decodeURIComponent throws on it) is
   * left out and named in `notes`, and the rest of the address is read. */
  function parseHash(notes) {
    var out = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      if (!part) return;
      var eq = part.indexOf('=');
      try {
        var key = decodePart(eq < 0 ? part : part.slice(0, eq));
        out[key] = eq < 0 ? '' : decodePart(part.slice(eq + 1));
      } catch (e) {
        notes.push('"' + part + '" has a malformed % escape (a % must be followed by two hexadecimal digits): ignored.');
      }
    });
    return out;
  }

  function decodePart(text) { return decodeURIComponent(text.replace(/\+/g, ' ')); }

  var KEYS = ['algo', 'n', 'mode', 'seed', 'knobs', 'event', 'step', 'solution', 'dead-end', 'mark', 'selftest', 'live', 'max-steps'];

  /* Edit distance, to name the closest approach to a misspelt one. */
  function distance(a, b) {
    var row = [], i, j;
    for (j = 0; j <= b.length; j++) row.push(j);
    for (i = 1; i <= a.length; i++) {
      var prev = row[0];
      row[0] = i;
      for (j = 1; j <= b.length; j++) {
        var here = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = here;
      }
    }
    return row[b.length];
  }

  /* A whole number written in the address, or NaN. */
  function whole(text) { return /^\d{1,9}$/.test(text) ? +text : NaN; }

  /* Of `list` (numbers), the one nearest to x (the smaller on a tie). */
  function nearest(list, x) {
    return list.reduce(function (best, v) {
      return Math.abs(v - x) < Math.abs(best - x) || (Math.abs(v - x) === Math.abs(best - x) && v < best) ? v : best;
    });
  }

  function unique(list) {
    return list.filter(function (v, i) { return list.indexOf(v) === i; });
  }

  /* Narrows the traces by each setting of the address in turn; a setting no
   * trace has is named in `notes` and replaced by the nearest one held. */
  function findTrace(h, notes) {
    var pool = packed.map(function (p, i) { return i; }).filter(function (i) { return !origin[i]; });
    function keep(test) { pool = pool.filter(function (i) { return test(packed[i]); }); }
    if (h.algo === '') delete h.algo;    // `#algo=`: the default, the first approach
    if (h.algo !== undefined) {
      var names = unique(pool.map(function (i) { return packed[i].algo; }));
      if (names.indexOf(h.algo) < 0) {
        var close = names.slice().sort(function (a, b) { return distance(h.algo, a) - distance(h.algo, b); })[0];
        notes.push('No approach "' + h.algo + '" is traced on this page: showing ' + close + ', the closest name.');
        h.algo = close;
      }
      keep(function (p) { return p.algo === h.algo; });
    }
    var algo = packed[pool[0]].algo;
    if (h.n !== undefined) {
      var sizes = unique(pool.map(function (i) { return packed[i].n; })).sort(function (a, b) { return a - b; });
      var n = whole(h.n), held = 'n = ' + sizes.join(', ');
      if (isNaN(n)) {
        notes.push('n = "' + h.n + '" is not a whole number: showing n = ' + sizes[0] + ' (' + algo + ' is traced at ' + held + ').');
        n = sizes[0];
      } else if (sizes.indexOf(n) < 0) {
        var near = nearest(sizes, n);
        notes.push(algo + ' is not traced at n = ' + n + ', only at ' + held + ': showing n = ' + near + '.');
        n = near;
      }
      keep(function (p) { return p.n === n; });
    }
    if (h.mode !== undefined) {
      var modes = unique(pool.map(function (i) { return packed[i].mode; }));
      if (modes.indexOf(h.mode) < 0) {
        notes.push('mode = "' + h.mode + '" is not held for this board (' + modes.join(' or ') + '): showing ' + modes[0] + '.');
      } else {
        keep(function (p) { return p.mode === h.mode; });
      }
    }
    if (h.seed !== undefined) {
      var seeds = unique(pool.map(function (i) { return packed[i].seed; })).filter(function (v) { return v !== null; });
      var seed = whole(h.seed);
      if (!seeds.length) {
        notes.push('seed = "' + h.seed + '" does not apply: this trace has no seed.');
      } else if (seeds.indexOf(seed) < 0) {
        notes.push('seed = "' + h.seed + '" is not traced here (seeds ' + seeds.join(', ') + '): showing seed ' + seeds[0] + '.');
        keep(function (p) { return p.seed === seeds[0]; });
      } else {
        keep(function (p) { return p.seed === seed; });
      }
    }
    if (h.knobs !== undefined) {
      var settings = unique(pool.map(function (i) { return packed[i].knobs || ''; }));
      if (settings.indexOf(h.knobs) < 0) {
        notes.push('knobs = "' + h.knobs + '" is not traced here' + (settings.length > 1 || settings[0]
          ? ' (settings: ' + settings.map(function (k) { return k || 'none'; }).join('; ') + ')' : '') +
          ': showing ' + (settings[0] || 'the trace without knobs') + '.');
      } else {
        keep(function (p) { return (p.knobs || '') === h.knobs; });
      }
    }
    return pool[0];
  }

  /* The event the address asks for; a number out of range or malformed is
   * named in `notes` and replaced by the nearest event that exists. */
  function findEvent(t, h, notes) {
    var kinds = [['event', null, 'events'], ['step', M.stepMarks(t), 'steps'],
      ['solution', M.solutionMarks(t), 'solutions'], ['dead-end', deadEndMarks(t), 'dead ends']];
    for (var i = 0; i < kinds.length; i++) {
      var key = kinds[i][0], list = kinds[i][1], what = kinds[i][2], raw = h[key];
      if (raw === undefined) continue;
      if (key === 'event' && raw === 'end') return t.events;
      var k = whole(raw);
      var last = list ? list.length : t.events, first = list ? 1 : 0;
      if (key === 'step') first = 0;
      if (list && !list.length) {
        notes.push('This trace has no ' + what + ', so ' + key + ' = ' + raw + ' does not exist: showing the start.');
        return 0;
      }
      if (isNaN(k)) {
        notes.push(key + ' = "' + raw + '" is not a whole number: showing the start.');
        return 0;
      }
      if (k < first || k > last) {
        var near = k < first ? first : last;
        notes.push(key + ' = ' + k + ' is out of range: this trace has ' + last + ' ' + what +
          '; showing ' + key + ' ' + near + '.');
        k = near;
      }
      if (!list) return k;
      return key === 'step' && k === 0 ? 0 : list[k - 1];
    }
    return 0;
  }

  function showNotes(notes) {
    var box = $('notice');
    box.textContent = '';
    box.hidden = !notes.length;
    root.dataset.jump = notes.length ? 'adjusted' : 'ok';
    root.dataset.notes = String(notes.length);
    if (!notes.length) return;
    var head = document.createElement('p');
    head.textContent = 'The address was not fully understood:';
    box.appendChild(head);
    var list = document.createElement('ul');
    notes.forEach(function (text) {
      var li = document.createElement('li');
      li.textContent = text;
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  function applyHash() {
    if (address.applied !== null && location.hash === address.applied) return;   // the page wrote it
    address.applied = location.hash;
    window.clearTimeout(address.timer);
    address.push = false;
    var notes = [], h = parseHash(notes);
    if (h.selftest !== undefined) { selftest(); return; }
    if (QueensCompare.show(h, notes)) return;
    Object.keys(h).forEach(function (key) {
      if (KEYS.indexOf(key) < 0) notes.push('"' + key + '" is not a setting of this page (it takes ' + KEYS.join(', ') + '): ignored.');
    });
    if (h.live !== undefined) { liveFromAddress(h, notes); return; }
    if (!packed.length) { showNotes(notes); return; }
    var found = findTrace(h, notes);
    if (found !== view.index) choose(found);
    if (!view.t) { showNotes(notes); return; }
    var target = findEvent(view.t, h, notes);
    markFrom(h, notes);
    showNotes(notes);
    go(target);
  }

  /* The address's mark (`mark=E`) set on the trace shown; none when it has none. */
  function markFrom(h, notes) {
    var m = M.parseMark(h.mark, view.t.events);
    if (m.note) notes.push(m.note);
    view.mark = m.mark;
  }

  /* --- selftest: replay every trace, check it against its end line --- */

  function check(t) {
    var p = t.info, problems = M.verify(t);
    var specs = P.applicable(p);
    [0, 1, Math.floor(t.events / 3), Math.floor(t.events / 2), t.events - 1, t.events].forEach(function (q) {
      if (q < 0 || q > t.events) return;
      var at = M.seek(t, q), ctx = context(t, at);
      D.setup(t);
      D.draw(t, at);
      specs.forEach(function (spec) {
        var section = document.createElement('section');
        if (!drawPanel(spec, section, ctx)) { problems.push('panel ' + spec.id + ' threw at event ' + q); return; }
        if (spec.check) {
          spec.check(section, ctx).forEach(function (why) {
            if (problems.length < 3) problems.push('panel ' + spec.id + ' at event ' + q + ': ' + why);
          });
        }
      });
    });
    specs.forEach(function (spec) {
      if (spec.checkTrace) problems = problems.concat(spec.checkTrace(t).map(function (why) { return 'panel ' + spec.id + ': ' + why; }));
    });
    if (!P.about(p.algo)) problems.push('no description of ' + p.algo + ' in approaches.txt');
    return problems.concat(QueensTree.selfCheck(t));
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
    var side = QueensCompare.selfCheck();
    if (side.problems.length) failed++;
    lines.push((side.problems.length ? 'FAIL ' : 'ok   ') + 'side by side: ' + side.what + (side.problems.length ? ': ' + side.problems.join('; ') : ''));
    $('selftest').hidden = false;
    $('selftest').textContent = lines.join('\n');
    root.dataset.selftest = failed ? 'failed' : 'ok';
    if (packed.length) choose(0);
  }

  /* --- live runs and trace files ------------------------------------- */

  /* The form runs a search in the page (QueensLive, live.js: the CLI's own
   * code compiled to WebAssembly, in a worker) and steps its trace as a new
   * entry of the list; a trace file (picker or drop) the same way. A refusal
   * or a bad file is one line in #live-status, and the page stays as it was. */
  var live = { offers: [], byId: {}, running: false, fromAddress: false, ticket: 0 };
  /* The events a run made in the page may write (the engine's
   * max_events: crates/explorer-wasm's DEFAULT_MAX_EVENTS), and the most a
   * trace of queens --trace holds (queens_core::trace::MAX_EVENTS). */
  var PAGE_EVENTS = 1000000, CLI_EVENTS = 10000000;

  function liveStatus(text, kind) {
    var el = $('live-status');
    el.textContent = text;
    el.setAttribute('data-kind', kind || '');
    root.dataset.live = kind || '';
  }

  /* Adds a decoded trace to the list and shows it; false (and the page as it
   * was) when it cannot be decoded. */
  function addTrace(p, from) {
    packed.push(p);
    var i = packed.length - 1;
    try {
      trace(i);
    } catch (e) {
      packed.pop();
      delete cache[i];
      liveStatus('This trace cannot be shown: ' + String(e && e.message || e).split('\n')[0], 'error');
      return false;
    }
    origin[i] = from;
    if (!Array.prototype.some.call($('algo').options, function (o) { return o.value === p.algo; })) {
      var o = document.createElement('option');
      o.value = p.algo; o.textContent = p.algo;
      $('algo').appendChild(o);
    }
    showNotes([]);
    choose(i);
    return true;
  }

  /* The knobs as the CLI takes them, in the approach's order: "--name value ...". */
  function knobWords(knobs, offer) {
    return (offer ? offer.knobs : Object.keys(knobs)).filter(function (k) { return knobs[k] !== undefined && knobs[k] !== ''; })
      .map(function (k) { return '--' + k + ' ' + knobs[k]; }).join(' ');
  }

  /* "--a x --b y" → {a: 'x', b: 'y'}, or null when it is not name-value pairs. */
  function parseKnobs(text) {
    var words = text.trim() ? text.trim().split(/\s+/) : [], out = {};
    if (words.length % 2) return null;
    for (var i = 0; i < words.length; i += 2) {
      if (!/^--[a-z][a-z-]*$/.test(words[i])) return null;
      out[words[i].slice(2)] = words[i + 1];
    }
    return out;
  }

  /* The address part naming a run's arguments (also its identity). */
  function liveKey(a) {
    var k = knobWords(a.knobs || {}, live.byId[a.algo]);
    return 'algo=' + encodeURIComponent(a.algo) + '&n=' + a.n + '&mode=' + a.mode +
      (a.seed !== undefined ? '&seed=' + a.seed : '') + (a.max_steps !== undefined ? '&max-steps=' + a.max_steps : '') +
      (k ? '&knobs=' + encodeURIComponent(k) : '');
  }

  /* The form's arguments, or a one-line reason they are not runnable. */
  function formArgs() {
    var offer = live.byId[$('live-algo').value];
    if (!offer) return 'choose an approach';
    if (!offer.live) return offer.id + ' cannot run in the page: ' + offer.why;
    var a = { algo: offer.id, n: whole($('live-n').value.trim()), mode: modeOf(offer), knobs: {} };
    if (isNaN(a.n)) return 'n must be a whole number, not "' + $('live-n').value + '"';
    if (offer.uses_seed) {
      var seed = $('live-seed').value.trim();
      if (seed) {
        if (!/^\d{1,15}$/.test(seed)) return 'the seed must be a whole number, not "' + seed + '"';
        a.seed = +seed;
      } else a.seed = 1;
    }
    if (offer.uses_max_steps && $('live-max-steps').value.trim()) {
      a.max_steps = whole($('live-max-steps').value.trim());
      if (isNaN(a.max_steps)) return '--max-steps must be a whole number, not "' + $('live-max-steps').value + '"';
    }
    Array.prototype.forEach.call($('live-knobs').querySelectorAll('input'), function (input) {
      if (input.value.trim()) a.knobs[input.getAttribute('data-knob')] = input.value.trim();
    });
    return a;
  }

  function modeOf(offer) {
    if (!offer.count_max_n) return 'first';
    if (!offer.first_max_n) return 'count';
    return $('live-mode').value;
  }

  /* The form's fields for the chosen approach: its mode, seed, max-steps and knobs, and its limit. */
  function liveFields(keep) {
    var offer = live.byId[$('live-algo').value];
    if (!offer) return;
    var both = !!(offer.count_max_n && offer.first_max_n);
    $('live-mode-box').hidden = !both;
    $('live-seed-box').hidden = !offer.uses_seed;
    $('live-steps-box').hidden = !offer.uses_max_steps;
    var box = $('live-knobs'), values = keep || {};
    box.textContent = '';
    (offer.knobs || []).forEach(function (k) {
      var label = document.createElement('label');
      label.textContent = '--' + k + ' ';
      var input = document.createElement('input');
      input.type = 'text'; input.size = 16; input.autocomplete = 'off';
      input.placeholder = 'default';
      input.setAttribute('data-knob', k);
      input.value = values[k] || '';
      label.appendChild(input);
      box.appendChild(label);
    });
    $('live-why').hidden = !!offer.live;
    $('live-why').textContent = offer.live ? '' : offer.id + ' cannot run in the page: ' + offer.why + '.';
    $('live-run').disabled = !offer.live || live.running;
    liveLimit();
  }

  /* A whole number with thin spaces between its thousands: 1 000 000. */
  function grouped(k) { return String(k).replace(/\B(?=(\d{3})+$)/g, '\u202f'); }

  /* The size limit beside n (queens --trace's, which the engine applies),
   * and the page's own cap on a run's events, with what happens above it. */
  function liveLimit() {
    var offer = live.byId[$('live-algo').value];
    if (!offer || !offer.live) { $('live-limit').textContent = ''; return; }
    var mode = modeOf(offer), max = mode === 'count' ? offer.count_max_n : offer.first_max_n;
    $('live-limit').textContent = '(n up to ' + grouped(max) + ', as queens --trace' + (mode === 'count' ? ', every solution' : '') +
      '; at most ' + grouped(PAGE_EVENTS) + ' events in the page)';
    $('live-limit').title = offer.trace_reason || '';
  }

  /* Runs `a` (arguments of QueensLive.run); on success the trace is shown at `event`. */
  function runLive(a, event, fromAddress) {
    if (live.running) QueensLive.cancel();
    var ticket = ++live.ticket;
    live.running = true;
    live.fromAddress = !!fromAddress;
    $('live-run').disabled = true;
    $('live-cancel').hidden = false;
    liveStatus('running… ' + a.algo + ' at n = ' + a.n, 'running');
    function done() {
      if (ticket !== live.ticket) return false;
      live.running = false;
      live.fromAddress = false;
      $('live-cancel').hidden = true;
      $('live-run').disabled = !(live.byId[$('live-algo').value] || {}).live;
      return true;
    }
    return QueensLive.run(Object.assign({ max_events: PAGE_EVENTS }, a)).then(function (r) {
      if (!done()) return;
      root.liveTrace = r.trace;
      if (!addTrace(r.packed, { live: a, key: liveKey(a) })) return;
      if (r.ended) liveStatus(r.ended, 'ended'); else liveStatus('', 'done');
      if (event) {
        var notes = [];
        var target = findEvent(view.t, event, notes);
        markFrom(event, notes);
        showNotes(notes);
        go(target);
      }
      follow(!fromAddress);
    }, function (e) {
      if (!done()) return;
      liveStatus(String(e && e.message || e).split('\n')[0], 'error');
    });
  }

  /* #live=1&algo=..&n=..: the form set from the address and the run made
   * again (a reload re-runs it); the same run already on screen only moves. */
  function liveFromAddress(h, notes) {
    var a = { algo: h.algo || '', n: whole(h.n || ''), mode: h.mode || 'count', knobs: parseKnobs(h.knobs || '') };
    if (h.seed !== undefined) a.seed = whole(h.seed);
    if (h['max-steps'] !== undefined) a.max_steps = whole(h['max-steps']);
    var bad = isNaN(a.n) ? 'n = "' + h.n + '" is not a whole number' : a.knobs === null ? 'knobs = "' + h.knobs + '" is not --name value pairs'
      : (a.seed !== undefined && isNaN(a.seed)) || (a.max_steps !== undefined && isNaN(a.max_steps)) ? 'the seed and --max-steps must be whole numbers' : '';
    if (view.index < 0 && packed.length) choose(0);
    if (bad) { notes.push(bad + ': no run made.'); showNotes(notes); return; }
    showNotes(notes);
    var at = {};
    ['event', 'step', 'solution', 'dead-end', 'mark'].forEach(function (k) { if (h[k] !== undefined) at[k] = h[k]; });
    var start = function () {
      live.fromAddress = false;
      var offer = live.byId[a.algo];
      if (!h.mode && offer) a.mode = offer.count_max_n ? 'count' : 'first';
      var from = origin[view.index];
      if (from && from.live && from.key === liveKey(a)) {
        var more = [];
        var target = findEvent(view.t, at, more);
        markFrom(at, more);
        go(target);
        if (more.length) showNotes(notes.concat(more));
        return;
      }
      setForm(a);
      runLive(a, at, true);
    };
    if (live.offers.length) start(); else { live.fromAddress = true; live.afterOffers = start; }
  }

  function setForm(a) {
    if (!live.byId[a.algo]) return;
    $('live-box').open = true;
    $('live-algo').value = a.algo;
    if (a.mode === 'count' || a.mode === 'first') $('live-mode').value = a.mode;
    $('live-n').value = String(a.n);
    $('live-seed').value = a.seed !== undefined ? String(a.seed) : '';
    $('live-max-steps').value = a.max_steps !== undefined ? String(a.max_steps) : '';
    liveFields(a.knobs || {});
  }

  /* A trace file's text packed (QueensLive.pack) and shown; a bad one named in one line. */
  function openFile(file) {
    if (!file) return;
    liveStatus('reading ' + file.name + '…', 'running');
    file.text().then(function (text) {
      return QueensLive.pack(text, file.name).then(function (p) {
        root.liveTrace = text;
        if (addTrace(p, { file: file.name })) liveStatus('', 'done');
      });
    }).catch(function (e) {
      liveStatus(file.name + ': ' + String(e && e.message || e).split('\n')[0], 'error');
    });
  }

  function wireLive() {
    // Open beside a wide board; on a phone folded, so that the board and what happened come first.
    $('live-box').open = window.innerWidth > 520;
    // The page's cap, said before the board is sized below it.
    $('live-cap').textContent = 'The page keeps at most ' + grouped(PAGE_EVENTS) + ' events of a run (queens --trace ' +
      'keeps up to ' + grouped(CLI_EVENTS) + '): a run that writes more is stopped, its trace is not kept, and the ' +
      'line below says so; try a smaller n, mode first or another seed.';
    $('live-cap').setAttribute('data-cap', String(PAGE_EVENTS));
    if (typeof QueensLive === 'undefined') { liveStatus('Live runs are not available: the engine is missing.', 'error'); return; }
    $('live-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var a = formArgs();
      if (typeof a === 'string') { liveStatus(a, 'error'); return; }
      runLive(a, null, false);
    });
    $('live-cancel').addEventListener('click', function () {
      live.ticket++;
      live.running = live.fromAddress = false;
      QueensLive.cancel();
      $('live-cancel').hidden = true;
      $('live-run').disabled = false;
      liveStatus('The run was stopped: the page shows what it showed before.', 'error');
    });
    $('live-algo').addEventListener('change', function () { liveFields(null); });
    $('live-mode').addEventListener('change', liveLimit);
    $('live-open').addEventListener('click', function () { $('live-file').click(); });
    $('live-file').addEventListener('change', function () {
      openFile($('live-file').files[0]);
      $('live-file').value = '';
    });
    var depth = 0;
    window.addEventListener('dragenter', function (e) { e.preventDefault(); depth++; document.body.classList.add('dragging'); });
    window.addEventListener('dragleave', function () { if (--depth <= 0) { depth = 0; document.body.classList.remove('dragging'); } });
    window.addEventListener('dragover', function (e) { e.preventDefault(); });
    window.addEventListener('drop', function (e) {
      e.preventDefault();
      depth = 0;
      document.body.classList.remove('dragging');
      var files = e.dataTransfer && e.dataTransfer.files;
      if (files && files.length) openFile(files[0]);
    });
    QueensLive.approaches().then(function (offers) {
      live.offers = offers;
      var select = $('live-algo');
      offers.forEach(function (o) {
        live.byId[o.id] = o;
        var opt = document.createElement('option');
        opt.value = o.id;
        opt.textContent = o.id + (o.live ? '' : ' (not in the page)');
        select.appendChild(opt);
      });
      var t = view.t && view.t.info;
      if (t && live.byId[t.algo]) {
        select.value = t.algo;
        $('live-mode').value = t.mode === 'count' ? 'count' : 'first';
        $('live-n').value = String(t.n);
      } else $('live-n').value = '8';
      liveFields(null);
      root.dataset.liveReady = '1';
      if (live.afterOffers) { var f = live.afterOffers; live.afterOffers = null; f(); }
    }, function (e) {
      liveStatus('Live runs are not available: ' + String(e && e.message || e).split('\n')[0], 'error');
      $('live-run').disabled = true;
      live.fromAddress = false;
    });
  }

  /* --- wiring ------------------------------------------------------- */

  /* Whether keys typed into this element are text (there they stay). */
  function typing(target) {
    if (!target) return false;
    if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
    if (target.tagName !== 'INPUT') return false;
    var type = (target.getAttribute('type') || 'text').toLowerCase();
    return ['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image'].indexOf(type) < 0;
  }

  /* The playback keys work wherever the focus is: on a list or a slider
   * they step the trace instead of changing the control (the arrows up and
   * down still change it), on a button space plays instead of pressing it. */
  function keys(e) {
    if (typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    var done = true;
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === ' ' || e.key === 'Spacebar') { if (view.playing) pause(); else play(); }
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(view.t ? view.t.events : 0);
    else if (e.key === 's') jumpMark('solution', true);
    else if (e.key === 'd') jumpMark('dead-end', true);
    else if (e.key === 'S') jumpMark('solution', false);
    else if (e.key === 'D') jumpMark('dead-end', false);
    else if (e.key === 'm') setMark(view.s ? view.s.pos : null);
    else if (e.key === "'") toMark();
    else done = false;
    if (done) { e.preventDefault(); e.stopPropagation(); }
  }

  function wire() {
    var algo = $('algo');
    approaches().forEach(function (a) {
      var o = document.createElement('option');
      o.value = a; o.textContent = a;
      algo.appendChild(o);
    });
    algo.addEventListener('change', function () {
      showNotes([]);
      choose(fillSizes(algo.value, view.t ? view.t.n : null));
      follow(true);
    });
    $('size').addEventListener('change', function () { showNotes([]); choose(+$('size').value); follow(true); });
    $('first').addEventListener('click', function () { go(0); });
    $('back').addEventListener('click', function () { step(-1); });
    $('next').addEventListener('click', function () { step(1); });
    $('last').addEventListener('click', function () { go(view.t ? view.t.events : 0); });
    $('play').addEventListener('click', function () { if (view.playing) pause(); else play(); });
    $('next-solution').addEventListener('click', function () { jumpMark('solution', true); });
    $('next-dead-end').addEventListener('click', function () { jumpMark('dead-end', true); });
    $('prev-solution').addEventListener('click', function () { jumpMark('solution', false); });
    $('prev-dead-end').addEventListener('click', function () { jumpMark('dead-end', false); });
    $('mark').addEventListener('click', function () { setMark(view.s ? view.s.pos : null); });
    $('to-mark').addEventListener('click', toMark);
    $('scrub').addEventListener('input', function () { pause(); go(+$('scrub').value); });
    $('speed').addEventListener('input', speedLabel);
    window.addEventListener('keydown', keys, true);
    window.addEventListener('keyup', function (e) {
      if ((e.key === ' ' || e.key === 'Spacebar') && !typing(e.target)) e.preventDefault();
    }, true);
    window.addEventListener('hashchange', applyHash);
    window.addEventListener('popstate', applyHash);
    // Leaving or reloading while the address waits: write it now.
    window.addEventListener('pagehide', function () { if (address.timer) writeAddress(); });
    window.addEventListener('resize', function () { if (view.t) { D.setup(view.t); render(); } });
    speedLabel();
  }

  wire();
  wireLive();
  if (!packed.length) {
    $('narration').textContent = 'No traces were recorded. Run `cargo xtask report` to record them, then open this page again.';
    document.querySelector('.controls').hidden = true;
  } else {
    applyHash();
  }
  root.dataset.ready = '1';
})();
