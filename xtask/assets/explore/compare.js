/* Two approaches side by side on the same n, stepped in lock-step: by event
 * (one event each) or by node (one step each: a queen placed, a candidate
 * tested, a list kept, a move), so a student sees, say, row order (bitmask)
 * and least room to move (mrv) diverge. Opened by the address hash
 * `#compare=bitmask,mrv&n=8` (also `by=node|event`, `at=K` lock-steps taken;
 * view.js hands it the parsed hash) or by the link beside the approach; the
 * same keys step both sides (→ ←, Home, End, space). Each side draws its
 * board as the single view does (attack counts and free squares of a
 * placement search, conflicts and h of a local search) and its approach's
 * own panels (QueensPanels, but for the description and the tree); where an
 * approach has several recordings at n (the csp lab's settings), each side
 * chooses its own (`knobs-a=`, `knobs-b=`, `mode-a=`, `mode-b=` in the
 * address). Two recordings that answer different questions are said to
 * (QueensModel.questionsDiffer). The state is in #compare's data- attributes. */
var QueensCompare = (function () {
  'use strict';
  var M = QueensModel;
  var DEFAULT = ['bitmask', 'mrv'];
  var FRAME = 250;            // milliseconds between lock-steps when playing
  var packed = null;          // parsed on first use
  var cache = {};             // index → decoded trace
  var ui = null;              // the section and its controls, made on first use
  var cmp = null;             // { sides: [side, side], by, k, max, playing, timer }

  function entries() {
    if (!packed) packed = JSON.parse(document.getElementById('trace-data').textContent);
    return packed;
  }

  function trace(i) {
    if (!cache[i]) cache[i] = M.decode(entries()[i]);
    return cache[i];
  }

  var el = QueensPanels.el;

  var plural = QueensPanels.plural;

  /* --- choosing the two traces -------------------------------------- */

  function algos() {
    var seen = [];
    entries().forEach(function (p) { if (seen.indexOf(p.algo) < 0) seen.push(p.algo); });
    return seen;
  }

  function sizesOf(algo) {
    var out = [];
    entries().forEach(function (p) { if (p.algo === algo && out.indexOf(p.n) < 0) out.push(p.n); });
    return out.sort(function (a, b) { return a - b; });
  }

  function shared(a, b) {
    var sb = sizesOf(b);
    return sizesOf(a).filter(function (n) { return sb.indexOf(n) >= 0; });
  }

  /* The traces of algo at n, in the page's order. */
  function entriesOf(algo, n) {
    var found = [];
    entries().forEach(function (p, i) { if (p.algo === algo && p.n === n) found.push(i); });
    return found;
  }

  /* The trace of algo at n (the first listed). */
  function entryOf(algo, n) { return entriesOf(algo, n)[0]; }

  /* The hash's choice made valid: every value not understood is named in `notes`. */
  function resolve(h) {
    var all = algos(), notes = [];
    var asked = String(h.compare || '').split(',').filter(function (s) { return s; });
    var pick = [];
    asked.slice(0, 2).forEach(function (a) {
      if (all.indexOf(a) >= 0) pick.push(a);
      else notes.push('"' + a + '" is not an approach traced on this page');
    });
    if (asked.length > 2) notes.push('only two approaches are compared: ' + asked.slice(2).join(', ') + ' left out');
    DEFAULT.concat(all).forEach(function (a) {
      if (pick.length < 2 && pick.indexOf(a) < 0 && all.indexOf(a) >= 0) pick.push(a);
    });
    if (pick.length < 2) return { error: 'this page holds fewer than two traced approaches' };
    var same = pick[0] === pick[1];
    var ns = shared(pick[0], pick[1]);
    if (!ns.length) {
      notes.push(pick[0] + ' and ' + pick[1] + ' have no board size in common; ' + pick[1] + ' replaced');
      pick[1] = all.filter(function (a) { return a !== pick[0] && shared(pick[0], a).length; })[0];
      if (!pick[1]) return { error: pick[0] + ' shares no board size with any other approach here' };
      ns = shared(pick[0], pick[1]);
    }
    var n = ns.indexOf(8) >= 0 ? 8 : ns[ns.length - 1];
    if (h.n !== undefined) {
      var want = +h.n;
      if (!/^\d+$/.test(h.n)) notes.push('n = "' + h.n + '" is not a board size; showing n = ' + n);
      else if (ns.indexOf(want) < 0) {
        n = ns.reduce(function (best, m) { return Math.abs(m - want) < Math.abs(best - want) ? m : best; }, ns[0]);
        notes.push('no traces of both at n = ' + want + ' (both have n = ' + ns.join(', ') + '); showing n = ' + n);
      } else n = want;
    }
    var by = 'node';
    if (h.by !== undefined) {
      if (h.by === 'event' || h.by === 'node') by = h.by;
      else notes.push('by = "' + h.by + '" is neither node nor event; stepping by node');
    }
    var at = 0;
    if (h.at !== undefined) {
      if (/^\d+$/.test(h.at)) at = +h.at;
      else notes.push('at = "' + h.at + '" is not a number of steps; starting at 0');
    }
    var indices = recordings(pick, n, same, h, notes);
    return { algos: pick, n: n, by: by, at: at, notes: notes, same: same, indices: indices };
  }

  /* Each side's recording of its approach at n: the one the address names
   * (`knobs-a`, `mode-a`, ... for side a), else the first; an approach beside
   * itself takes its second recording on side b when it has one. */
  function recordings(pick, n, same, h, notes) {
    return pick.map(function (algo, i) {
      var x = i ? 'b' : 'a', pool = entriesOf(algo, n), chosen = pool.slice();
      ['mode', 'knobs'].forEach(function (key) {
        var want = h[key + '-' + x];
        if (want === undefined) return;
        var fit = chosen.filter(function (k) { return (entries()[k][key] || '') === want; });
        if (fit.length) chosen = fit;
        else {
          notes.push(key + '-' + x + ' = "' + want + '" is not a recording of ' + algo + ' at n = ' + n + ' (' +
            pool.map(function (k) { return settings(entries()[k]); }).join('; ') + ')');
        }
      });
      var asked = h['mode-' + x] !== undefined || h['knobs-' + x] !== undefined;
      return i && same && !asked && chosen.length === pool.length && pool.length > 1 ? pool[1] : chosen[0];
    });
  }

  /* --- the two sides and the lock-step ------------------------------ */

  function side(index) {
    var t = trace(index);
    return { index: index, t: t, steps: M.stepMarks(t), sols: M.solutionMarks(t), pos: 0, s: M.seek(t, 0) };
  }

  /* Lock-steps it takes a side to reach its end. */
  function reach(sd, by) {
    if (by === 'event') return sd.t.events;
    var m = sd.steps;
    return m.length + (m.length && m[m.length - 1] === sd.t.events ? 0 : 1);
  }

  /* The side's position after k lock-steps: k events, or just after its k-th step. */
  function posAt(sd, k, by) {
    if (by === 'event') return Math.min(k, sd.t.events);
    if (k === 0) return 0;
    return k <= sd.steps.length ? sd.steps[k - 1] : sd.t.events;
  }

  function count(list, p) { var c = 0; list.forEach(function (m) { if (m <= p) c++; }); return c; }

  function goTo(k) {
    cmp.k = Math.max(0, Math.min(cmp.max, k));
    cmp.sides.forEach(function (sd) {
      var p = posAt(sd, cmp.k, cmp.by);
      sd.s = M.seek(sd.t, p, sd.s.pos <= p ? sd.s : null);
      sd.pos = p;
    });
    draw();
    var h = '#compare=' + cmp.sides[0].t.info.algo + ',' + cmp.sides[1].t.info.algo + '&n=' + cmp.n +
      '&by=' + cmp.by + chosenPart(cmp.sides.map(function (sd) { return sd.index; })) + '&at=' + cmp.k;
    // The address follows the steps, unless the view was opened by the selftest.
    if (cmp.fromHash && location.hash !== h) history.replaceState(null, '', h);
    var link = document.getElementById('compare-permalink');
    if (link) link.setAttribute('href', h);
  }

  function play() {
    if (cmp.playing) { pause(); return; }
    if (cmp.k >= cmp.max) goTo(0);
    cmp.playing = true;
    ui.play.textContent = '\u275A\u275A Pause';
    ui.play.setAttribute('aria-pressed', 'true');
    (function tick() {
      if (!cmp || !cmp.playing) return;
      goTo(cmp.k + 1);
      if (cmp.k >= cmp.max) { pause(); return; }
      cmp.timer = window.setTimeout(tick, FRAME);
    })();
  }

  function pause() {
    if (!cmp) return;
    cmp.playing = false;
    window.clearTimeout(cmp.timer);
    ui.play.textContent = '\u25B6 Play';
    ui.play.setAttribute('aria-pressed', 'false');
  }

  /* --- drawing ------------------------------------------------------ */

  function build() {
    if (ui) return ui;
    ui = {};
    var sec = el('section', 'compare');
    sec.id = 'compare';
    sec.hidden = true;
    sec.setAttribute('aria-label', 'Two approaches side by side');
    sec.setAttribute('data-ready', '0');
    sec.appendChild(el('h2', '', 'Two approaches side by side'));
    sec.appendChild(el('p', 'compare-about', 'Both searches run on the same board, stepped together: by node, ' +
      'each takes one step of its own (a queen placed, a candidate tested, a list kept, a move); by event, each ' +
      'takes one event of its trace. Watch where their paths part: row order fills row 1, 2, 3, \u2026 in turn, ' +
      'least room to move fills first the row with the fewest free squares.'));
    ui.notes = el('p', 'compare-notes');
    ui.notes.setAttribute('role', 'status');
    sec.appendChild(ui.notes);
    ui.same = el('p', 'compare-same');
    ui.same.id = 'compare-same';
    sec.appendChild(ui.same);
    var pick = el('div', 'compare-pick');
    ui.a = el('select'); ui.b = el('select'); ui.n = el('select'); ui.by = el('select');
    [['First', ui.a], ['Second', ui.b], ['Board', ui.n], ['Step both by', ui.by]].forEach(function (pair) {
      var label = el('label', '', pair[0] + ' ');
      label.appendChild(pair[1]);
      pick.appendChild(label);
    });
    [['node', 'node (one step each)'], ['event', 'event (one event each)']].forEach(function (o) {
      var opt = el('option', '', o[1]); opt.value = o[0]; ui.by.appendChild(opt);
    });
    ui.back = el('a', 'compare-leave', 'Back to one approach');
    pick.appendChild(ui.back);
    sec.appendChild(pick);
    var play = el('div', 'compare-play');
    play.setAttribute('role', 'group');
    play.setAttribute('aria-label', 'Step both');
    [['first', '\u21E4 Start', 'Both to the start (Home)'], ['prev', '\u2190 Back', 'One lock-step back (left arrow)'],
      ['play', '\u25B6 Play', 'Play or pause (space)'], ['next', 'Next \u2192', 'One lock-step forward (right arrow)'],
      ['last', 'End \u21E5', 'Both to their ends (End)']].forEach(function (b) {
      var btn = el('button', '', b[1]);
      btn.type = 'button';
      btn.title = b[2];
      btn.id = 'compare-' + b[0];
      ui[b[0]] = btn;
      play.appendChild(btn);
    });
    ui.play.setAttribute('aria-pressed', 'false');
    sec.appendChild(play);
    ui.verdict = el('p', 'compare-verdict');
    ui.verdict.setAttribute('aria-live', 'polite');
    sec.appendChild(ui.verdict);
    var pair = el('div', 'compare-pair');
    ui.sides = [0, 1].map(function (i) {
      var box = el('div', 'compare-side');
      box.setAttribute('data-side', i ? 'b' : 'a');
      var parts = { box: box, title: el('h3'), table: el('table', 'compare-board'), dl: el('dl', 'compare-counters'),
        said: el('p', 'compare-said'), rec: el('select'), recBox: el('label', 'compare-rec', 'Recording '),
        panels: el('div', 'compare-panels'), specs: [] };
      parts.rec.id = 'compare-rec-' + (i ? 'b' : 'a');
      parts.recBox.appendChild(parts.rec);
      box.appendChild(parts.title); box.appendChild(parts.recBox); box.appendChild(parts.table); box.appendChild(parts.dl);
      box.appendChild(parts.said); box.appendChild(parts.panels);
      pair.appendChild(box);
      return parts;
    });
    sec.appendChild(pair);
    var main = document.getElementById('explorer');
    if (main && main.parentNode) main.parentNode.insertBefore(sec, main.nextSibling);
    else document.body.appendChild(sec);
    ui.section = sec;
    function rehash(over) {
      var a = over.a || ui.a.value, b = over.b || ui.b.value;
      // A side's chosen recording is kept while its approach and n stay.
      var keep = over.rec || (cmp && !over.a && !over.b && +ui.n.value === cmp.n && a === cmp.sides[0].t.info.algo &&
        b === cmp.sides[1].t.info.algo ? cmp.sides.map(function (sd) { return sd.index; }) : null);
      location.hash = '#compare=' + a + ',' + b + '&n=' + (over.n || ui.n.value) + '&by=' + (over.by || ui.by.value) +
        (keep ? chosenPart(keep) : '') + '&at=' + (over.at !== undefined ? over.at : 0);
    }
    ui.a.addEventListener('change', function () { rehash({}); });
    ui.b.addEventListener('change', function () { rehash({}); });
    ui.n.addEventListener('change', function () { rehash({}); });
    ui.sides.forEach(function (parts, i) {
      parts.rec.addEventListener('change', function () {
        var rec = cmp.sides.map(function (sd) { return sd.index; });
        rec[i] = +parts.rec.value;
        rehash({ rec: rec, at: cmp.k });
      });
    });
    ui.by.addEventListener('change', function () {
      // Keep the first side where it stands: its events, or its steps so far.
      var sd = cmp.sides[0];
      rehash({ at: ui.by.value === 'event' ? sd.pos : count(sd.steps, sd.pos) });
    });
    ui.first.addEventListener('click', function () { pause(); goTo(0); });
    ui.prev.addEventListener('click', function () { pause(); goTo(cmp.k - 1); });
    ui.next.addEventListener('click', function () { pause(); goTo(cmp.k + 1); });
    ui.last.addEventListener('click', function () { pause(); goTo(cmp.max); });
    ui.play.addEventListener('click', play);
    return ui;
  }

  function fillSelect(select, values, label, chosen) {
    select.textContent = '';
    values.forEach(function (v) {
      var o = el('option', '', label(v));
      o.value = String(v);
      select.appendChild(o);
    });
    select.value = String(chosen);
  }

  /* What a recording answers and with which knobs, in words. */
  function settings(p) {
    return (p.seed !== null ? 'seed ' + p.seed + ', one board' : p.mode === 'count' ? 'every solution'
      : 'up to the first solution') + (p.knobs ? ', ' + p.knobs : '');
  }

  /* The address's part naming each side's recording, where its approach
   * has more than one at that n (else nothing: the one there is). */
  function chosenPart(indices) {
    var out = '';
    indices.forEach(function (k, i) {
      var p = entries()[k], pool = entriesOf(p.algo, p.n), x = i ? 'b' : 'a';
      if (pool.length < 2) return;
      var modes = pool.map(function (j) { return entries()[j].mode; });
      if (modes.some(function (m) { return m !== p.mode; })) out += '&mode-' + x + '=' + p.mode;
      out += '&knobs-' + x + '=' + encodeURIComponent(p.knobs || '');
    });
    return out;
  }

  /* The side's board as the single view draws it: for a placement search
   * each attacked square with its count (−k: the rows above for a search in
   * row order, every placed queen otherwise), the squares arc consistency
   * removed (csp), and each empty row's free squares in the last column; for
   * a local search each queen with the queens attacking it. Returns the
   * queens and the free counts by row ('' for a filled row). */
  function drawBoard(parts, sd) {
    var t = sd.t, n = t.n, table = parts.table, r, c;
    var numbers = t.family === 'tree' || t.family === 'levels', local = t.family === 'local';
    var wide = Math.min(parts.box.clientWidth || 320, 480);
    table.style.setProperty('--cell', Math.max(12, Math.floor(wide / (n + (numbers ? 2 : 1)))) + 'px');
    var key = n + '/' + numbers;
    if (table.getAttribute('data-built') !== key) {
      table.textContent = '';
      table.setAttribute('data-built', key);
      for (r = 1; r <= n; r++) {
        var tr = el('tr');
        tr.appendChild(el('th', '', String(r)));
        for (c = 1; c <= n; c++) tr.appendChild(el('td', (r + c) % 2 ? 'dark' : 'light'));
        if (numbers) tr.appendChild(el('td', 'free'));
        table.appendChild(tr);
      }
    }
    var qs = M.queensOf(t, sd.s), at = {}, last = null, filled = {};
    qs.forEach(function (q, k) { at[q[0] + ',' + q[1]] = k + 1; filled[q[0]] = true; });
    if (sd.s.code === M.OP.PLACE && qs.length) last = qs[qs.length - 1];
    var gone = sd.s.removed, conf = M.conflicts(qs), grid = numbers ? M.attacks(n, qs, t.inOrder) : null;
    var any = numbers ? M.attacks(n, qs, false) : null;
    var arc = numbers && t.info.algo === 'csp' && window.QueensLab && QueensLab.settings(t.info).propagate === 'arc'
      ? QueensLab.domains(n, qs, true) : null;
    var frees = [];
    if (sd.s.moved && sd.s.moved.line !== undefined) {
      var m = sd.s.moved;
      last = t.byRow ? [m.line, m.to] : [m.to, m.line];
      gone = m.from === m.to ? null : t.byRow ? [m.line, m.from] : [m.from, m.line];
    }
    for (r = 1; r <= n; r++) {
      var room = 0;
      for (c = 1; c <= n; c++) {
        var td = table.rows[r - 1].cells[c], q = at[r + ',' + c], text = '', cls = (r + c) % 2 ? 'dark' : 'light';
        var removed = arc && arc[r] && arc[r][c] === 'ac';
        if (numbers && !filled[r] && any[r][c] === 0 && !removed) room++;
        if (q) {
          text = local ? String(conf.each[q - 1]) : '\u265B';
          cls += ' q' + (local ? (conf.each[q - 1] ? ' hot' : ' calm') : '');
        } else if (numbers && grid[r][c] > 0) {
          text = '\u2212' + grid[r][c];
          cls += ' num a' + Math.min(3, grid[r][c]);
        } else if (removed) {
          text = '\u2205';
          cls += ' num pruned';
        }
        if (last && last[0] === r && last[1] === c) cls += ' new';
        if (gone && gone[0] === r && gone[1] === c) cls += ' gone';
        td.className = cls;
        td.textContent = text;
      }
      if (numbers) {
        var f = table.rows[r - 1].cells[n + 1];
        f.textContent = filled[r] ? '' : String(room);
        f.className = 'free' + (!filled[r] && !room ? ' none' : '');
      }
      frees.push(numbers && !filled[r] ? String(room) : '');
    }
    return { qs: qs, frees: frees, h: conf.pairs };
  }

  /* The side's own panels (its representation of the moment, as the
   * single view draws them), made when its trace changes. */
  function drawPanels(parts, sd) {
    var p = sd.t.info;
    if (parts.panelsOf !== sd.index) {
      parts.panelsOf = sd.index;
      parts.panels.textContent = '';
      parts.specs = QueensPanels.applicable(p).filter(function (spec) {
        return spec.id !== 'about' && spec.id !== 'tree';
      }).map(function (spec) {
        var box = el('section', 'panel');
        box.setAttribute('data-panel', spec.id);
        parts.panels.appendChild(box);
        return { spec: spec, el: box };
      });
    }
    var ctx = { trace: sd.t, state: sd.s, event: sd.pos, n: sd.t.n, algo: p.algo, packed: p };
    parts.specs.forEach(function (x) {
      try {
        x.spec.render(x.el, ctx);
      } catch (e) {
        x.el.textContent = 'This panel could not be drawn: ' + String(e && e.message || e);
      }
    });
    return parts.specs.map(function (x) { return x.spec.id; });
  }

  var STEP = { place: 'Queens placed', candidate: 'Candidates tested', partial: 'Lists kept', move: 'Moves',
    swap: 'Swaps', pair: 'Pairs compared', board: 'Boards written' };

  /* The side's facts so far: steps, dead ends, solutions, done. */
  function facts(sd) {
    // Solutions as the end line counts them: a board standing for w solutions counts w.
    return { steps: sd.s.steps, deadEnds: sd.s.deadEnds, solutions: M.solutionsOf(sd.t, sd.s),
      done: sd.pos >= sd.t.events, first: sd.sols.length ? sd.sols[0] : null };
  }

  /* A first-solution run's end: where it stopped, or where its first
   * solution came when it went on past it (permutations tests every board). */
  function firstSaid(t) {
    var first = M.firstSolution(t);
    return first && first.wentOn ? 'its first solution came at event ' + first.pos + '; it went on to its end ' +
      'and answers with that one.' : 'stopped at its first solution.';
  }

  function said(sd, f) {
    var p = sd.t.info;
    if (f.done) {
      return 'Finished at event ' + sd.t.events + ': ' + (p.mode === 'count'
        ? 'every solution counted, ' + plural(p.solutions, 'solution', 'solutions') + '.'
        : !f.solutions ? 'no solution found.' : firstSaid(sd.t));
    }
    if (sd.pos === 0) return 'At the start.';
    var k = sd.pos - 1, code = sd.t.kinds[k], at = sd.t.offs[k], ops = sd.t.ops, OP = M.OP;
    if (code === OP.PLACE) return 'Placed a queen on row ' + ops[at + 1] + ', column ' + ops[at + 2] + '.';
    if (code === OP.REMOVE) return 'Took back the queen of row ' + ops[at + 1] + ', column ' + ops[at + 2] + '.';
    if (code === OP.DEAD_END) return 'A dead end: no safe square in the row it tries next.';
    if (code === OP.SOLUTION) return 'A solution.';
    return 'Event ' + sd.pos + ' of ' + sd.t.events + '.';
  }

  function draw() {
    var names = [], all = [];
    cmp.sides.forEach(function (sd, i) {
      var parts = ui.sides[i], p = sd.t.info, f = facts(sd);
      all.push(f);
      names.push(p.algo);
      parts.title.textContent = p.algo + ' (' + settings(p) + ')';
      var board = drawBoard(parts, sd);
      parts.dl.textContent = '';
      var shown = [['Event', sd.pos + ' of ' + sd.t.events], [STEP[p.step] || 'Steps', f.steps],
        ['Dead ends', f.deadEnds], ['Solutions', f.solutions]];
      if (sd.t.family !== 'tree') shown.splice(2, 1);    // only a placement search reports dead ends
      // A local search's h: the pairs of queens attacking each other, what it lowers.
      if (sd.t.family === 'local') shown.push(['h: attacking pairs', board.h]);
      shown.forEach(function (pair) {
        var box = el('div', 'counter');
        box.appendChild(el('dt', '', pair[0]));
        box.appendChild(el('dd', '', String(pair[1])));
        parts.dl.appendChild(box);
      });
      parts.said.textContent = said(sd, f);
      var shownPanels = drawPanels(parts, sd);
      var pre = i ? 'data-b-' : 'data-a-';
      ui.section.setAttribute(pre + 'panels', shownPanels.join(' '));
      ui.section.setAttribute(pre + 'free', board.frees.join(','));
      ui.section.setAttribute(pre + 'h', sd.t.family === 'local' ? String(board.h) : '');
      ui.section.setAttribute(pre + 'knobs', p.knobs || '');
      ui.section.setAttribute(pre + 'mode', p.mode);
      ui.section.setAttribute(pre + 'algo', p.algo);
      ui.section.setAttribute(pre + 'event', String(sd.pos));
      ui.section.setAttribute(pre + 'steps', String(f.steps));
      ui.section.setAttribute(pre + 'dead-ends', String(f.deadEnds));
      ui.section.setAttribute(pre + 'solutions', String(f.solutions));
      ui.section.setAttribute(pre + 'done', f.done ? '1' : '0');
    });
    ui.section.setAttribute('data-n', String(cmp.n));
    ui.section.setAttribute('data-by', cmp.by);
    ui.section.setAttribute('data-at', String(cmp.k));
    ui.first.disabled = ui.prev.disabled = cmp.k === 0;
    ui.next.disabled = ui.last.disabled = cmp.k >= cmp.max;
    ui.verdict.textContent = verdict(names, all);
  }

  /* One sentence on how the two stand: who finished or found a solution
   * while the other has not, else how their counts differ. */
  function verdict(names, f) {
    var unit = cmp.by === 'event' ? plural(cmp.k, 'event', 'events') : plural(cmp.k, 'step', 'steps');
    var lines = [];
    var trees = cmp.sides.every(function (sd) { return sd.t.family === 'tree'; });
    function tally(i) {
      return trees ? plural(f[i].deadEnds, 'dead end', 'dead ends') + ' and ' + plural(f[i].solutions, 'solution', 'solutions')
        : plural(f[i].steps, 'step', 'steps') + ' and ' + plural(f[i].solutions, 'solution', 'solutions');
    }
    if (f[0].done && f[1].done) return 'Both have finished: ' + names[0] + ' after ' + plural(f[0].steps, 'step', 'steps') +
      (trees ? ' and ' + plural(f[0].deadEnds, 'dead end', 'dead ends') : '') + ', ' + names[1] + ' after ' +
      plural(f[1].steps, 'step', 'steps') + (trees ? ' and ' + plural(f[1].deadEnds, 'dead end', 'dead ends') : '') + '.';
    [0, 1].forEach(function (i) {
      var j = 1 - i;
      if (f[i].done && !f[j].done) {
        lines.push(names[i] + ' has finished, ' + (f[i].solutions ? 'with ' + plural(f[i].solutions, 'solution', 'solutions')
          : 'without a solution') + '; ' + names[j] + ' has not (' + (f[j].solutions ? plural(f[j].solutions, 'solution', 'solutions') + ' so far'
          : 'no solution yet') + ') and goes on alone.');
      }
      else if (f[i].solutions > 0 && f[j].solutions === 0) {
        lines.push(names[i] + ' has found a solution; ' + names[j] + ' has not yet.');
      }
    });
    if (lines.length) return lines.join(' ');
    if (cmp.k === 0) return 'Both at the start: press \u2192 (or Next) to step both.';
    return 'After ' + unit + ' each: ' + names[0] + ' has ' + tally(0) + ', ' + names[1] + ' ' + tally(1) + '.';
  }

  /* --- the hash, the keys, the link --------------------------------- */

  function open(h, before) {
    build();
    pause();
    var main = document.getElementById('explorer');
    var r = resolve(h);
    if (before && before.length && r.notes) {
      r.notes = before.map(function (x) { return x.replace(/\.$/, ''); }).concat(r.notes);
    }
    ui.section.hidden = false;
    if (main) main.hidden = true;
    footer(true);
    if (r.error) {
      ui.notes.textContent = 'Nothing to compare: ' + r.error + '.';
      ui.notes.hidden = false;
      ui.same.hidden = true;
      ui.section.setAttribute('data-ready', '1');
      return;
    }
    ui.notes.textContent = r.notes.length ? 'Not understood in the address: ' + r.notes.join('; ') + '. Showing ' +
      r.algos[0] + ' beside ' + r.algos[1] + ' at n = ' + r.n + '.' : '';
    ui.notes.hidden = !r.notes.length;
    var all = algos();
    // Either list holds every approach: the same one on both sides is allowed.
    fillSelect(ui.a, all, String, r.algos[0]);
    fillSelect(ui.b, all, String, r.algos[1]);
    fillSelect(ui.n, shared(r.algos[0], r.algos[1]), function (n) { return 'n = ' + n; }, r.n);
    ui.by.value = r.by;
    ui.back.href = '#algo=' + encodeURIComponent(r.algos[0]) + '&n=' + r.n;
    // Each side's recording (an approach beside itself: its two recordings at this n when it has two).
    var indices = r.indices;
    var sides = indices.map(side);
    var infos = indices.map(function (i) { return entries()[i]; });
    // Each side chooses among its approach's recordings at n (the csp lab's settings).
    ui.sides.forEach(function (parts, i) {
      var pool = entriesOf(r.algos[i], r.n);
      fillSelect(parts.rec, pool, function (k) { return settings(entries()[k]); }, indices[i]);
      parts.recBox.hidden = pool.length < 2;
    });
    // Two recordings that answer different questions: said before their ends are compared.
    var differ = M.questionsDiffer(infos[0], infos[1]);
    ui.section.setAttribute('data-differ', differ ? '1' : '0');
    differ = differ ? ' Warning: ' + differ : '';
    ui.same.hidden = !r.same && !differ;
    ui.same.textContent = ((!r.same ? '' : indices[0] !== indices[1]
      ? r.algos[0] + ' beside itself: its two recordings at n = ' + r.n + ', ' + settings(entries()[indices[0]]) +
        ' and ' + settings(entries()[indices[1]]) + '.'
      : r.algos[0] + ' beside itself: this page holds one recording of it at n = ' + r.n +
        ', so both sides step the same trace and never part. Choose another approach for one side to see where two searches differ.') +
      differ).trim();
    cmp = { sides: sides, by: r.by, n: r.n, k: 0, playing: false, timer: 0 };
    cmp.max = Math.max(reach(sides[0], r.by), reach(sides[1], r.by));
    if (r.at > cmp.max) ui.notes.textContent += (ui.notes.textContent ? ' ' : 'Not understood in the address: ') +
      'at = ' + r.at + ' is past both ends (' + cmp.max + '); showing the end.';
    ui.notes.hidden = !ui.notes.textContent;
    goTo(r.at);
    ui.section.setAttribute('data-ready', '1');
  }

  /* The footer's keys: the side-by-side ones (no solution or dead-end
   * keys here) with a link to this moment, or the single view's. */
  function footer(side) {
    var mine = document.getElementById('compare-keys'), single = document.getElementById('keys');
    if (mine) mine.hidden = !side;
    if (single) single.hidden = side;
  }

  function close() {
    if (!ui || ui.section.hidden) return;
    pause();
    ui.section.hidden = true;
    var main = document.getElementById('explorer');
    if (main) main.hidden = false;
    footer(false);
    cmp = null;
  }

  /* Opens the view when a parsed address hash asks for it (`compare=`),
   * else closes it; true when it is open (view.js then leaves the hash alone). */
  function show(h, notes) {
    if (h.compare === undefined) { close(); return false; }
    open(h, notes || []);
    if (cmp) cmp.fromHash = true;
    return true;
  }

  /* In the side-by-side view the stepping keys step both, wherever focus is
   * (except a text field); they do not reach the single view's handler. */
  window.addEventListener('keydown', function (e) {
    if (!cmp || ui.section.hidden || e.altKey || e.ctrlKey || e.metaKey || QueensTree.typing(e.target)) return;
    var k = e.key;
    if (k === 'ArrowRight') { pause(); goTo(cmp.k + 1); }
    else if (k === 'ArrowLeft') { pause(); goTo(cmp.k - 1); }
    else if (k === 'Home') { pause(); goTo(0); }
    else if (k === 'End') { pause(); goTo(cmp.max); }
    else if (k === ' ' || k === 'Spacebar') play();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  /* The link from the single view: this approach beside another at this n. */
  function addLink() {
    var main = document.getElementById('explorer');
    if (!main) return;
    var a = el('a', 'compare-link', 'Compare side by side');
    a.id = 'compare-link';
    a.href = '#compare=' + DEFAULT.join(',');
    a.title = 'This approach beside another on the same board, stepped together';
    function aim() {
      var algo = main.getAttribute('data-algo'), n = main.getAttribute('data-n');
      if (!algo) return;
      var other = algo === DEFAULT[1] ? DEFAULT[0] : DEFAULT[1];
      a.href = '#compare=' + encodeURIComponent(algo) + ',' + other + (n ? '&n=' + n : '');
    }
    a.addEventListener('mouseenter', aim);
    a.addEventListener('focus', aim);
    a.addEventListener('click', aim);
    var pick = main.querySelector('.pick') || main;
    pick.appendChild(a);
  }

  document.addEventListener('DOMContentLoaded', addLink);

  /* The boards re-fit their sides when the window changes size. */
  window.addEventListener('resize', function () { if (cmp && ui && !ui.section.hidden) draw(); });

  /* Selftest: bitmask beside mrv (or the first two approaches) at each
   * shared n, stepped by node and by event from start to end: each side's
   * counters must be its own trace's at its position, both must reach
   * their end lines' steps, and the sentence must say who finished first. */
  function selfCheck() {
    var problems = [], all = algos();
    var a = all.indexOf(DEFAULT[0]) >= 0 ? DEFAULT[0] : all[0];
    var b = all.indexOf(DEFAULT[1]) >= 0 && a !== DEFAULT[1] ? DEFAULT[1] : all[1];
    if (!a || !b) return problems;
    var checked = 0;
    shared(a, b).forEach(function (n) {
      ['node', 'event'].forEach(function (by) {
        open({ compare: a + ',' + b, n: String(n), by: by });
        var seen = {};
        for (var k = 0; k <= cmp.max && problems.length < 5; k++) {
          goTo(k);
          checked++;
          cmp.sides.forEach(function (sd, i) {
            var pre = i ? 'data-b-' : 'data-a-', want = M.seek(sd.t, sd.pos);
            // Each side's own panels, and its free squares as the queens leave them.
            var panels = QueensPanels.applicable(sd.t.info).map(function (x) { return x.id; })
              .filter(function (id) { return id !== 'about' && id !== 'tree'; }).join(' ');
            if (ui.section.getAttribute(pre + 'panels') !== panels) problems.push(sd.t.info.algo + ' n=' + n + ': panels "' + ui.section.getAttribute(pre + 'panels') + '", not "' + panels + '"');
            if (sd.t.family === 'tree' && sd.t.info.algo !== 'csp') {
              var qs = M.queensOf(sd.t, want), hit = M.attacks(n, qs, false), used = {}, free = [];
              qs.forEach(function (q) { used[q[0]] = true; });
              for (var r = 1; r <= n; r++) {
                var room = 0;
                for (var c = 1; c <= n; c++) if (!used[r] && hit[r][c] === 0) room++;
                free.push(used[r] ? '' : String(room));
              }
              if (ui.section.getAttribute(pre + 'free') !== free.join(',')) problems.push(sd.t.info.algo + ' n=' + n + ' at ' + k + ': free squares ' + ui.section.getAttribute(pre + 'free') + ', the queens leave ' + free.join(','));
            }
            var got = +ui.section.getAttribute(pre + 'steps');
            if (got !== want.steps) problems.push(sd.t.info.algo + ' n=' + n + ' by ' + by + ' at ' + k + ': shows ' + got + ' steps, its trace ' + want.steps);
            if (by === 'node' && k <= sd.steps.length && want.steps !== k) {
              problems.push(sd.t.info.algo + ' n=' + n + ': ' + k + ' lock-steps by node made ' + want.steps + ' steps');
            }
          });
          var done = [ui.section.getAttribute('data-a-done'), ui.section.getAttribute('data-b-done')];
          if (done[0] !== done[1]) {
            var who = done[0] === '1' ? a : b;
            if (ui.verdict.textContent.indexOf(who + ' has finished') < 0) problems.push('n=' + n + ' at ' + k + ': the sentence does not say ' + who + ' has finished');
          }
          seen[done.join('')] = true;
        }
        cmp.sides.forEach(function (sd) {
          if (sd.s.steps !== sd.t.info.steps) problems.push(sd.t.info.algo + ' n=' + n + ' by ' + by + ': ends at ' + sd.s.steps + ' steps, its end line says ' + sd.t.info.steps);
        });
        if (!seen['11']) problems.push('n=' + n + ' by ' + by + ': the last lock-step leaves a side unfinished');
      });
    });
    close();
    return { problems: problems.slice(0, 5), what: a + ' beside ' + b + ' at n = ' + shared(a, b).join(', ') + ' by node and by event, ' + checked + ' lock-steps' };
  }

  return { show: show, selfCheck: selfCheck };
})();
