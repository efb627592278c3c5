/* The constraint lab's panel (csp): the domain of every unplaced row as
 * the look-ahead leaves it. The domains are a function of the queens on
 * the board (crates/csp, lib.rs): forward checking keeps the columns no
 * placed queen attacks; maintaining arc consistency then removes each
 * column with no compatible column left in some other unplaced row, until
 * nothing goes (AC-3's fixed point, whatever the order of its queue). So
 * they are computed here, not carried in the trace. */
var QueensLab = (function () {
  'use strict';
  var M = QueensModel, OP = M.OP;

  /* The trace's setting: { order, values, propagate } from its knobs. */
  function settings(p) {
    var knobs = p.knobs || '';
    function knob(name, dflt) {
      var m = new RegExp('--' + name + ' ([\\w-]+)').exec(knobs);
      return m ? m[1] : dflt;
    }
    return { order: knob('order', 'row'), values: knob('values', 'left'), propagate: knob('propagate', 'none') };
  }

  /* dom[r] (1-based rows): null for a placed row, else { col: 'ok' | 'fc' |
   * 'ac' } for each column, 'fc' pruned by forward checking (attacked by a
   * placed queen), 'ac' pruned by arc consistency (with `arc`). */
  function domains(n, queens, arc) {
    var dom = [null], placed = {}, hit = M.attacks(n, queens, false), r, c;
    queens.forEach(function (q) { placed[q[0]] = q[1]; });
    for (r = 1; r <= n; r++) {
      if (placed[r] !== undefined) { dom.push(null); continue; }
      var row = [null];
      for (c = 1; c <= n; c++) row.push(hit[r][c] > 0 ? 'fc' : 'ok');
      dom.push(row);
    }
    if (arc) closeArcs(n, dom);
    return dom;
  }

  /* AC-3 to its fixed point: removes column a of row i when row j has no
   * column b with b != a and |b - a| != |i - j|; stops at an empty domain. */
  function closeArcs(n, dom) {
    var changed = true;
    while (changed) {
      changed = false;
      for (var i = 1; i <= n; i++) {
        if (!dom[i]) continue;
        for (var j = 1; j <= n; j++) {
          if (i === j || !dom[j]) continue;
          for (var a = 1; a <= n; a++) {
            if (dom[i][a] !== 'ok') continue;
            var supported = false;
            for (var b = 1; b <= n && !supported; b++) {
              supported = dom[j][b] === 'ok' && b !== a && Math.abs(b - a) !== Math.abs(i - j);
            }
            if (!supported) { dom[i][a] = 'ac'; changed = true; }
          }
          if (size(dom[i]) === 0) return;
        }
      }
    }
  }

  function size(row) {
    var k = 0;
    for (var c = 1; c < row.length; c++) if (row[c] === 'ok') k++;
    return k;
  }

  /* Rows whose domain is empty. */
  function wiped(dom) {
    var out = [];
    for (var r = 1; r < dom.length; r++) if (dom[r] && size(dom[r]) === 0) out.push(r);
    return out;
  }

  var LOOKAHEAD = {
    none: 'no look-ahead: a column is tested against the placed queens when the search reaches it; ' +
      'the columns shown are those no placed queen attacks, which is what the row order reads',
    forward: 'forward checking: after each placement, every unplaced row loses the columns the new queen ' +
      'attacks, and the branch fails as soon as one row has none left',
    arc: 'maintaining arc consistency: forward checking, then AC-3 removes each column that has no compatible ' +
      'column left in some other unplaced row, until nothing more goes'
  };
  var ORDER = {
    row: 'rows in order, 1 to n', mrv: 'the row with the fewest columns left, the first of equals',
    'mrv-random': 'the row with the fewest columns left, ties at random',
    'mrv-degree': 'the row with the fewest columns left, ties by degree (which never breaks one here)'
  };

  var el = QueensPanels.el;

  function render(box, ctx) {
    var t = ctx.trace, s = ctx.state, set = settings(t.info), n = t.n;
    var dom = domains(n, s.queens, set.propagate === 'arc');
    box.textContent = '';
    box.appendChild(el('h2', '', 'Domains (' + (t.info.knobs || 'default settings') + ')'));
    box.appendChild(el('p', 'note', 'Look-ahead: ' + LOOKAHEAD[set.propagate] + '. Next row: ' +
      (ORDER[set.order] || set.order) + '.'));
    var table = el('table', 'lab-domains'), counts = [];
    for (var r = 1; r <= n; r++) {
      var tr = el('tr');
      tr.appendChild(el('th', '', 'row ' + r));
      for (var c = 1; c <= n; c++) {
        var v = dom[r] ? dom[r][c] : (s.queens.some(function (q) { return q[0] === r && q[1] === c; }) ? 'q' : '');
        var td = el('td', 'lab-' + (v || 'none'), v === 'q' ? '\u265B' : v === 'ok' ? String(c) : v === 'fc' ? '\u00D7' : v === 'ac' ? '\u2205' : '');
        tr.appendChild(td);
      }
      tr.appendChild(el('td', 'lab-size', dom[r] ? String(size(dom[r])) : 'placed'));
      counts.push(dom[r] ? size(dom[r]) : '-');
      table.appendChild(tr);
    }
    box.appendChild(table);
    box.setAttribute('data-domains', counts.join(','));
    var gone = wiped(dom);
    box.appendChild(el('p', 'note', gone.length
      ? 'Row ' + gone.join(', ') + (gone.length === 1 ? ' has' : ' have') + ' no column left: this branch fails here.'
      : 'A number: a column still in the row\'s domain. \u00D7 pruned by forward checking (a placed queen attacks it)' +
        (set.propagate === 'arc' ? ', \u2205 pruned by arc consistency' : '') + '; the last column: the domain\'s size.'));
  }

  /* Every placement is in its row's domain before it, and with a look-ahead
   * every dead end is a row left with no column. */
  function check(t) {
    var problems = [], s = M.initial(), set = settings(t.info), arc = set.propagate === 'arc';
    var prev = domains(t.n, [], arc);
    while (s.pos < t.events && problems.length < 3) {
      M.apply(t, s);
      if (s.code === OP.PLACE) {
        var q = s.queens[s.queens.length - 1];
        if (set.propagate !== 'none' && (!prev[q[0]] || prev[q[0]][q[1]] !== 'ok')) {
          problems.push('event ' + s.pos + ': row ' + q[0] + ', column ' + q[1] + ' was not in its domain');
        }
      }
      if (s.code === OP.DEAD_END && set.propagate !== 'none' && !wiped(domains(t.n, s.queens, arc)).length) {
        problems.push('event ' + s.pos + ': a dead end with no row left empty');
      }
      if (s.code === OP.PLACE || s.code === OP.REMOVE) prev = domains(t.n, s.queens, arc);
    }
    return problems;
  }

  if (typeof QueensPanels !== 'undefined') {
    QueensPanels.register({
      id: 'lab',
      applies: function (p) { return p.algo === 'csp'; },
      render: render,
      checkTrace: check
    });
  }

  return { settings: settings, domains: domains, wiped: wiped, check: check };
})();
